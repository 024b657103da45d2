import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '@/lib/redis/errors';
import { SharedRedis } from '@/lib/redis/client';
import { RedisSessionStore } from '@/lib/redis/session-store';
import { SESSION_IDLE_MS, type SessionRecord, newSessionId } from '@/lib/mcp/sessions';
import { closedPortUrl } from '../../integration/support/redis';
import { recordingLog, sleep, uniquePrefix, redisFixture } from './support';

const redis = redisFixture();

const record = (id = newSessionId()): SessionRecord => ({
  id,
  protocolVersion: '2025-03-26',
  client: { name: 'unit', version: '1.0.0' },
  createdAt: Date.now(),
});

/** The same sessions seen through two connections, as two instances see them. */
function stores(options: { idleMs?: number; maxSessions?: number } = {}) {
  const prefix = uniquePrefix();
  return {
    prefix,
    a: new RedisSessionStore(redis.a, { ...options, prefix }),
    b: new RedisSessionStore(redis.b, { ...options, prefix }),
    key: (id: string) => `{${prefix}:mcp}:session:${id}`,
    index: `{${prefix}:mcp}:sessions`,
  };
}

describe('RedisSessionStore against a real redis-server', () => {
  it('serves a session created through one connection to another, with the idle time as its time to live', async () => {
    const { a, b, key } = stores();
    const session = record();
    await a.create(session);
    expect(await b.touch(session.id)).toEqual(session);
    const ttl = await redis.inspect.pTTL(key(session.id));
    expect(ttl).toBeGreaterThan(SESSION_IDLE_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(SESSION_IDLE_MS);
  });

  it('restarts the idle timer on touch and forgets a session idle past it', async () => {
    const { a, b } = stores({ idleMs: 600 });
    const session = record();
    await a.create(session);
    await sleep(400);
    expect(await b.touch(session.id)).toEqual(session);
    await sleep(400);
    // 800 ms after create, alive only because the touch restarted the timer.
    expect(await a.touch(session.id)).toEqual(session);
    await sleep(750);
    expect(await b.touch(session.id)).toBeUndefined();
    expect(await a.delete(session.id)).toBe(false);
  }, 10_000);

  it('ends a session for every connection; a second delete and an unknown id say false', async () => {
    const { a, b, index } = stores();
    const session = record();
    await a.create(session);
    expect(await b.delete(session.id)).toBe(true);
    expect(await a.touch(session.id)).toBeUndefined();
    expect(await a.delete(session.id)).toBe(false);
    expect(await b.delete(newSessionId())).toBe(false);
    expect(await redis.inspect.zCard(index)).toBe(0);
  });

  it('keeps at most maxSessions, evicting the least recently used', async () => {
    const { a, b, index } = stores({ maxSessions: 3 });
    const [first, second, third, fourth] = [record(), record(), record(), record()];
    for (const session of [first, second, third]) await a.create(session);
    await sleep(5);
    expect(await b.touch(first.id)).toEqual(first);
    await b.create(fourth);
    expect(await a.touch(second.id)).toBeUndefined();
    for (const session of [first, third, fourth]) expect(await a.touch(session.id)).toEqual(session);
    expect(await redis.inspect.zCard(index)).toBe(3);
  });

  it('drops sessions idle past expiry from the index, and the index expires with the last session', async () => {
    const { a, index } = stores({ idleMs: 300 });
    await a.create(record());
    await a.create(record());
    await sleep(400);
    await a.create(record());
    expect(await redis.inspect.zCard(index)).toBe(1);
    expect(await redis.inspect.pTTL(index)).toBeLessThanOrEqual(300);
    await sleep(400);
    expect(await redis.inspect.exists(index)).toBe(0);
  }, 10_000);

  it('answers undefined for a record it cannot read, and removes it', async () => {
    const { a, key } = stores();
    const id = newSessionId();
    await redis.inspect.set(key(id), '{"id":"not this shape"}');
    expect(await a.touch(id)).toBeUndefined();
    expect(await redis.inspect.exists(key(id))).toBe(0);
  });

  it('throws 503 SERVICE_UNAVAILABLE with Retry-After, at once, when Redis cannot be reached', async () => {
    const log = recordingLog();
    const down = new SharedRedis(await closedPortUrl(), log);
    void down.connect(200);
    const store = new RedisSessionStore(down);
    const started = Date.now();
    for (const attempt of [
      () => store.create(record()),
      () => store.touch(newSessionId()),
      () => store.delete(newSessionId()),
    ]) {
      const error = await attempt().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', headers: { 'Retry-After': '5' } });
    }
    expect(Date.now() - started).toBeLessThan(1000);
    down.close();
  });
});
