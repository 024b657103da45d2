import { describe, expect, it } from 'vitest';
import { SharedRedis } from '@/lib/stores/redis/redis-connection';
import { RedisSightings } from '@/lib/stores/sightings/redis-sighting-store';
import { closedPortUrl } from '../../../integration/support/redis';
import { recordingLog, redisFixture, uniquePrefix } from './support';

const redis = redisFixture();

describe('RedisSightings against a real redis-server', () => {
  it('takes a signature once across instances, and remembers it until the signature expires', async () => {
    const prefix = uniquePrefix();
    const a = new RedisSightings(redis.a, 'count', prefix);
    const b = new RedisSightings(redis.b, 'count', prefix);
    const signature = { id: 'key-1\nc2lnbmF0dXJl', expiresAt: Date.now() + 60_000 };
    expect(await a.isFirstSighting(signature)).toBe(true);
    expect(await b.isFirstSighting(signature)).toBe(false);
    expect(await a.isFirstSighting(signature)).toBe(false);
    expect(await b.isFirstSighting({ ...signature, id: 'key-1\nb3RoZXI=' })).toBe(true);
    const [key] = await redis.inspect.keys(`${prefix}:signature-seen:*`);
    const ttl = await redis.inspect.pTTL(key ?? '');
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("keeps the mail's record apart from the count's, and shares it across instances too", async () => {
    const prefix = uniquePrefix();
    const counted = new RedisSightings(redis.a, 'count', prefix);
    const mailedOnA = new RedisSightings(redis.a, 'mail', prefix);
    const mailedOnB = new RedisSightings(redis.b, 'mail', prefix);
    const signature = { id: 'key-1\nbWFpbGVk', expiresAt: Date.now() + 60_000 };
    expect(await counted.isFirstSighting(signature)).toBe(true);
    // Counted already, it is still new to the mail: the count and the mail see the same request apart.
    expect(await mailedOnA.isFirstSighting(signature)).toBe(true);
    expect(await mailedOnB.isFirstSighting(signature)).toBe(false);
    expect(await redis.inspect.keys(`${prefix}:signature-mailed:*`)).toHaveLength(1);
  });

  it('never takes a signature that has already expired', async () => {
    const store = new RedisSightings(redis.a, 'count', uniquePrefix());
    expect(await store.isFirstSighting({ id: 'old', expiresAt: Date.now() - 1 })).toBe(false);
  });

  it("falls back to this instance's memory while Redis cannot answer", async () => {
    const down = new SharedRedis(await closedPortUrl(), recordingLog());
    void down.connect(200);
    const store = new RedisSightings(down, 'count', uniquePrefix());
    const signature = { id: 'k\nsig', expiresAt: Date.now() + 60_000 };
    expect(await store.isFirstSighting(signature)).toBe(true);
    expect(await store.isFirstSighting(signature)).toBe(false);
    down.close();
  });
});
