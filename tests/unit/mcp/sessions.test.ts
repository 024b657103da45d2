import { describe, expect, it } from 'vitest';
import { MemorySessionStore, type SessionRecord, isWellFormedSessionId, newSessionId } from '@/lib/mcp/sessions';

function record(id = newSessionId()): SessionRecord {
  return { id, protocolVersion: '2025-03-26', client: { name: 'test', version: '1' }, createdAt: 0 };
}

/** A store on a clock the test moves. */
function storeAt(options: { idleMs?: number; maxSessions?: number } = {}) {
  const clock = { now: 1_000_000 };
  const store = new MemorySessionStore({ ...options, now: () => clock.now });
  return { store, clock };
}

describe('MemorySessionStore', () => {
  it('finds a session it created, and forgets one it deleted', async () => {
    const { store } = storeAt();
    const session = record();
    await store.create(session);
    expect(await store.touch(session.id)).toEqual(session);
    expect(await store.delete(session.id)).toBe(true);
    expect(await store.touch(session.id)).toBeUndefined();
    expect(await store.delete(session.id)).toBe(false);
  });

  it('expires a session idle longer than idleMs, and each touch restarts the idle timer', async () => {
    const { store, clock } = storeAt({ idleMs: 1000 });
    const busy = record();
    const idle = record();
    await store.create(busy);
    await store.create(idle);
    for (let step = 0; step < 5; step += 1) {
      clock.now += 600;
      expect(await store.touch(busy.id)).toBeDefined();
    }
    expect(await store.touch(idle.id)).toBeUndefined();
    expect(await store.delete(idle.id)).toBe(false);
    clock.now += 1000;
    expect(await store.touch(busy.id)).toBeUndefined();
  });

  it('sweeps expired sessions when a new one is created', async () => {
    const { store, clock } = storeAt({ idleMs: 1000 });
    for (let i = 0; i < 50; i += 1) await store.create(record());
    clock.now += 1001;
    await store.create(record());
    expect(store.size).toBe(1);
  });

  it('stays within maxSessions however many clients come, evicting the least recently used', async () => {
    const { store, clock } = storeAt({ maxSessions: 100 });
    const kept = record();
    await store.create(kept);
    for (let i = 0; i < 1000; i += 1) {
      clock.now += 1;
      await store.create(record());
      if (i % 10 === 0) await store.touch(kept.id);
      expect(store.size).toBeLessThanOrEqual(100);
    }
    expect(store.size).toBe(100);
    expect(await store.touch(kept.id)).toEqual(kept);
  });
});

describe('session ids', () => {
  it('are 256 random bits in base64url: visible ASCII, never repeated', () => {
    const ids = new Set(Array.from({ length: 1000 }, newSessionId));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^[\x21-\x7e]+$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(32);
      expect(isWellFormedSessionId(id)).toBe(true);
    }
  });

  it('anything else is not well formed', () => {
    for (const id of ['', 'abc', `${newSessionId()}x`, 'a'.repeat(42) + '=', '../../etc/passwd'])
      expect(isWellFormedSessionId(id)).toBe(false);
  });
});
