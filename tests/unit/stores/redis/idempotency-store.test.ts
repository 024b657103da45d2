import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_SECONDS } from '@/lib/stores/idempotency/idempotency-store';
import { SharedRedis } from '@/lib/stores/redis/redis-connection';
import { ServiceUnavailableError } from '@/lib/stores/redis/redis-unavailable';
import { RedisIdempotencyStore } from '@/lib/stores/idempotency/redis-idempotency-store';
import { closedPortUrl } from '../../../integration/support/redis';
import { recordingLog, uniquePrefix, redisFixture } from './support';

const redis = redisFixture();

function stores() {
  const prefix = uniquePrefix();
  return {
    a: new RedisIdempotencyStore(redis.a, prefix),
    b: new RedisIdempotencyStore(redis.b, prefix),
    key: (k: string) => `${prefix}:idempotency:${k}`,
  };
}

/** How long a claim holds its key (the REST wiring passes a short time, the answer is kept 24 h). */
const CLAIM_TTL_SECONDS = 120;
const answer = { fingerprint: 'f1', status: 200, body: '{"success":true,"message":"sent"}' };

describe('RedisIdempotencyStore against a real redis-server', () => {
  it('claims a key once; another connection sees it in progress, then done with the answer for 24 hours', async () => {
    const { a, b, key } = stores();
    expect(await a.claim('k1', 'f1', CLAIM_TTL_SECONDS)).toEqual({ state: 'new' });
    expect(await b.claim('k1', 'f2', IDEMPOTENCY_TTL_SECONDS)).toEqual({ state: 'in-progress', fingerprint: 'f1' });
    const claimTtl = await redis.inspect.ttl(key('k1'));
    expect(claimTtl).toBeGreaterThan(CLAIM_TTL_SECONDS - 5);
    expect(claimTtl).toBeLessThanOrEqual(CLAIM_TTL_SECONDS);
    await a.complete('k1', answer, IDEMPOTENCY_TTL_SECONDS);
    expect(await b.claim('k1', 'f1', IDEMPOTENCY_TTL_SECONDS)).toEqual({ state: 'done', record: answer });
    const doneTtl = await redis.inspect.ttl(key('k1'));
    expect(doneTtl).toBeGreaterThan(IDEMPOTENCY_TTL_SECONDS - 5);
    expect(doneTtl).toBeLessThanOrEqual(IDEMPOTENCY_TTL_SECONDS);
  });

  it('lets a retry run again after release, and never releases a remembered answer', async () => {
    const { a, b } = stores();
    await a.claim('k2', 'f1', IDEMPOTENCY_TTL_SECONDS);
    await a.release('k2');
    expect(await b.claim('k2', 'f1', IDEMPOTENCY_TTL_SECONDS)).toEqual({ state: 'new' });
    await b.complete('k2', answer, IDEMPOTENCY_TTL_SECONDS);
    await a.release('k2');
    expect(await a.claim('k2', 'f1', IDEMPOTENCY_TTL_SECONDS)).toEqual({ state: 'done', record: answer });
  });

  it('is atomic: of 40 concurrent claims through two connections exactly one is new', async () => {
    const { a, b } = stores();
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).claim('race', `f${i}`, IDEMPOTENCY_TTL_SECONDS)),
    );
    expect(claims.filter((claim) => claim.state === 'new')).toHaveLength(1);
    expect(claims.filter((claim) => claim.state === 'in-progress')).toHaveLength(39);
  });

  it('refuses a claim with 503 when Redis cannot be reached; complete and release log instead of throwing', async () => {
    const log = recordingLog();
    const down = new SharedRedis(await closedPortUrl(), log);
    void down.connect(200);
    const store = new RedisIdempotencyStore(down, uniquePrefix(), log);
    const error = await store.claim('k', 'f', IDEMPOTENCY_TTL_SECONDS).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('nothing was sent'),
    });
    await expect(store.complete('k', answer, IDEMPOTENCY_TTL_SECONDS)).resolves.toBeUndefined();
    await expect(store.release('k')).resolves.toBeUndefined();
    expect(log.lines.filter((line) => line.includes('could not'))).toHaveLength(2);
    down.close();
  });
});
