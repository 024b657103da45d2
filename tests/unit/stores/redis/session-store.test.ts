import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '@/lib/stores/redis/redis-unavailable';
import { SharedRedis } from '@/lib/stores/redis/redis-connection';
import { RedisEndedSessions } from '@/lib/stores/ended-sessions/redis-ended-sessions';
import { closedPortUrl } from '../../../integration/support/redis';
import { recordingLog, sleep, uniquePrefix, redisFixture } from './support';

const redis = redisFixture();

/** The same ended sessions seen through two connections, as two instances see them. */
function stores(maxEnded?: number) {
  const prefix = uniquePrefix();
  return {
    a: new RedisEndedSessions(redis.a, { prefix, maxEnded }),
    b: new RedisEndedSessions(redis.b, { prefix, maxEnded }),
    key: `${prefix}:mcp-ended`,
  };
}

describe('RedisEndedSessions against a real redis-server', () => {
  it('a session ended through one connection has ended for the other; a second end says false', async () => {
    const { a, b } = stores();
    expect(await b.hasEnded('session-1')).toBe(false);
    expect(await a.end('session-1', Date.now() + 60_000)).toBe('ended');
    expect(await b.hasEnded('session-1')).toBe(true);
    expect(await b.end('session-1', Date.now() + 60_000)).toBe('already-ended');
    expect(await a.hasEnded('session-2')).toBe(false);
  });

  it('forgets an ended session when its lifetime is over', async () => {
    const { a, key } = stores();
    await a.end('short', Date.now() + 300);
    const ttl = await redis.inspect.pTTL(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    await sleep(400);
    expect(await a.hasEnded('short')).toBe(false);
  });

  it('remembers at most maxEnded sessions: when full, ends are refused and none is flushed', async () => {
    const { a, b, key } = stores(50);
    for (let i = 0; i < 50; i += 1) expect(await a.end(`s-${i}`, Date.now() + 60_000 + i)).toBe('ended');
    // The one nearest its own end is refused too, not added and popped at once.
    expect(await b.end('nearest-its-end', Date.now() + 10_000)).toBe('full');
    for (let i = 50; i < 100; i += 1) expect(await b.end(`s-${i}`, Date.now() + 60_000)).toBe('full');
    expect(await redis.inspect.zCard(key)).toBe(50);
    for (let i = 0; i < 50; i += 1) expect(await b.hasEnded(`s-${i}`)).toBe(true);
    expect(await a.hasEnded('nearest-its-end')).toBe(false);
    // The set lives no longer than its last session.
    expect(await redis.inspect.pTTL(key)).toBeLessThanOrEqual(60_050);
  });

  it('makes room by dropping only sessions past their lifetime; the one just ended stays ended', async () => {
    const { a, b, key } = stores(3);
    await a.end('first', Date.now() + 60_000);
    await a.end('brief', Date.now() + 100);
    await a.end('third', Date.now() + 60_000);
    await sleep(200);
    expect(await b.end('just-ended', Date.now() + 30_000)).toBe('ended');
    expect(await redis.inspect.zScore(key, 'brief')).toBeNull();
    expect(await a.end('next', Date.now() + 60_000)).toBe('full');
    for (const id of ['first', 'third', 'just-ended']) expect(await b.hasEnded(id)).toBe(true);
  });

  it('when Redis cannot be reached: ending is 503 at once, and a session is not taken for ended', async () => {
    const log = recordingLog();
    const down = new SharedRedis(await closedPortUrl(), log);
    void down.connect(200);
    const store = new RedisEndedSessions(down);
    const started = Date.now();
    const error = await store.end('any', Date.now() + 1000).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', headers: { 'Retry-After': '5' } });
    expect(await store.hasEnded('any')).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    down.close();
  });
});
