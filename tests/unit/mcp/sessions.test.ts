import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MAX_SESSION_ID_LENGTH } from '@/lib/mcp/transport/sessions';
import { MemoryEndedSessions } from '@/lib/stores/ended-sessions/ended-session-store';
import { getSessionKey, issueSession, readSession, readSessionId } from '@/lib/mcp/transport/sessions';

const key = randomBytes(32);
const open = (client = { name: 'claude-code', version: '2.1.0' }, protocolVersion = '2025-06-18') =>
  issueSession({ protocolVersion, client }, key);
const issue = (protocolVersion: string, name: string, now?: number) =>
  issueSession({ protocolVersion, client: { name, version: '1' } }, getSessionKey(), now);
/** The id with one character of its signature changed. */
const altered = (id: string) => `${id.slice(0, -3)}${id.at(-3) === 'A' ? 'B' : 'A'}${id.slice(-2)}`;

describe('session ids', () => {
  it('carry the revision, the client and the time: any process with the key reads them back', async () => {
    const session = await open();
    expect(await readSessionId(session.id, Buffer.from(key))).toEqual(session);
    expect(session).toMatchObject({ protocolVersion: '2025-06-18', client: { name: 'claude-code', version: '2.1.0' } });
    expect(Math.abs(session.createdAt - Date.now())).toBeLessThan(2000);
  });

  it('are visible ASCII, never repeated, and bounded in length however large the clientInfo', async () => {
    const ids = new Set(await Promise.all(Array.from({ length: 1000 }, async () => (await open()).id)));
    expect(ids.size).toBe(1000);
    const fat = await open({ name: 'ä'.repeat(30_000), version: '9'.repeat(30_000) });
    const quoted = await open({ name: '"\\'.repeat(30_000), version: '"'.repeat(30_000) });
    for (const id of [...ids, fat.id, quoted.id]) {
      expect(id).toMatch(/^[A-Za-z0-9_.-]+$/);
      expect(id.length).toBeLessThanOrEqual(MAX_SESSION_ID_LENGTH);
    }
    // Cut on a character boundary: the name reads back as whole characters.
    expect((await readSessionId(fat.id, key))?.client.name).toMatch(/^ä+$/);
    expect((await readSessionId(quoted.id, key))?.client.version).toMatch(/^"+$/);
  });

  it('an id this key never signed, a changed one or a malformed one names no session', async () => {
    const { id } = await open();
    for (const candidate of [
      altered(id),
      id.slice(0, -1),
      `${id}A`,
      '',
      'not-a-session',
      'A'.repeat(43),
      '../../etc/passwd',
      `${id.split('.')[0]}.${id.split('.')[1]}.`,
      'A'.repeat(MAX_SESSION_ID_LENGTH + 1),
    ])
      expect(await readSessionId(candidate, key)).toBeUndefined();
    expect(await readSessionId(id, randomBytes(32))).toBeUndefined();
  });

  it("the process's reader remembers the ids it verified, never one that failed, and still refuses a changed one", async () => {
    const issued = await issue('2025-11-25', 'cursor');
    expect(await readSession(altered(issued.id))).toBeUndefined();
    expect(await readSession(issued.id)).toEqual(issued);
    expect(await readSession(issued.id)).toEqual(issued);
    expect(await readSession(altered(issued.id))).toBeUndefined();
    // Past the bound the oldest is forgotten and verified again, with the same answer.
    for (let n = 0; n < 1100; n += 1) await readSession((await issue('2025-06-18', 'a')).id);
    expect(await readSession(issued.id)).toEqual(issued);
    expect(await readSession((await open()).id)).toBeUndefined();
  });

  it('an id issued in the future or past its lifetime names no session', async () => {
    const at = async (offsetMs: number) => (await issue('2025-06-18', 'a', Date.now() + offsetMs)).id;
    const DAY = 86_400_000;
    expect(await readSession(await at(10 * 365 * DAY))).toBeUndefined();
    expect(await readSession(await at(10 * 60_000))).toBeUndefined();
    expect(await readSession(await at(-91 * DAY))).toBeUndefined();
    // A little clock skew between instances is tolerated, and a session near the end of its life still serves.
    expect(await readSession(await at(30_000))).toBeDefined();
    expect(await readSession(await at(-89 * DAY))).toBeDefined();
  });

  it('1,500 sessions opened with 20 KB client names keep a few bytes of each', async () => {
    // Collected before each reading, so that what is measured is what the records keep, not garbage not yet freed.
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    collect();
    const before = process.memoryUsage().heapUsed;
    const kept = [];
    for (let n = 0; n < 1500; n += 1) {
      const issued = await issue('2025-06-18', `${String.fromCharCode(65 + (n % 26))}${'n'.repeat(20_000)}`);
      kept.push(issued, await readSession(issued.id));
    }
    expect(kept.every((session) => (session?.client.name.length ?? 0) <= 48)).toBe(true);
    collect();
    // 1,500 names of 20 KB would be 30 MB or more if any were kept whole; the records are a few hundred KB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(15_000_000);
  });

  it('only the session revisions are issued', async () => {
    await expect(open(undefined, '2026-07-28')).rejects.toThrow(RangeError);
    for (const revision of ['2024-11-05', '2025-03-26', '2025-11-25'])
      expect((await readSessionId((await open(undefined, revision)).id, key))?.protocolVersion).toBe(revision);
  });
});

describe('MemoryEndedSessions', () => {
  it('ends a session once; a second end says so', async () => {
    const store = new MemoryEndedSessions();
    const { id } = await open();
    expect(await store.hasEnded(id)).toBe(false);
    expect(await store.end(id, Date.now() + 60_000)).toBe('ended');
    expect(await store.hasEnded(id)).toBe(true);
    expect(await store.end(id, Date.now() + 60_000)).toBe('already-ended');
  });

  it('when full, refuses the next end rather than forget one: maxEnded more ends flush none', async () => {
    const clock = { now: 1_000_000 };
    const store = new MemoryEndedSessions({ maxEnded: 100, now: () => clock.now });
    for (let i = 0; i < 100; i += 1) expect(await store.end(`id-${i}`, clock.now + 10_000 + i)).toBe('ended');
    // The next ends, the one nearest its own end among them, find no room, and are told so.
    expect(await store.end('nearest-its-end', clock.now + 1)).toBe('full');
    for (let i = 100; i < 200; i += 1) expect(await store.end(`id-${i}`, clock.now + 10_000)).toBe('full');
    expect(store.size).toBe(100);
    for (let i = 0; i < 100; i += 1) expect(await store.hasEnded(`id-${i}`)).toBe(true);
    expect(await store.hasEnded('nearest-its-end')).toBe(false);
  });

  it('makes room by forgetting only sessions past their lifetime; the one just ended stays ended', async () => {
    const clock = { now: 1_000_000 };
    const store = new MemoryEndedSessions({ maxEnded: 3, now: () => clock.now });
    await store.end('first', clock.now + 10_000);
    await store.end('brief', clock.now + 100);
    await store.end('third', clock.now + 10_000);
    clock.now += 101;
    expect(await store.end('just-ended', clock.now + 50)).toBe('ended');
    expect(store.size).toBe(3);
    for (const id of ['first', 'third', 'just-ended']) expect(await store.hasEnded(id)).toBe(true);
    expect(await store.hasEnded('brief')).toBe(false);
    expect(await store.end('next', clock.now + 10_000)).toBe('full');
    expect(await store.hasEnded('just-ended')).toBe(true);
    clock.now += 51;
    expect(await store.end('next', clock.now + 10_000)).toBe('ended');
    expect(await store.hasEnded('first')).toBe(true);
  });
});
