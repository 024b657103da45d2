import { describe, expect, it } from 'vitest';
import { SharedRedis } from '@/lib/redis/client';
import { RedisSightings } from '@/lib/redis/sighting-store';
import { closedPortUrl } from '../../integration/support/redis';
import { recordingLog, redisFixture, uniquePrefix } from './support';

const redis = redisFixture();

describe('RedisSightings against a real redis-server', () => {
  it('takes a signature once across instances, and remembers it until the signature expires', async () => {
    const prefix = uniquePrefix();
    const a = new RedisSightings(redis.a, prefix);
    const b = new RedisSightings(redis.b, prefix);
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

  it('never takes a signature that has already expired', async () => {
    const store = new RedisSightings(redis.a, uniquePrefix());
    expect(await store.isFirstSighting({ id: 'old', expiresAt: Date.now() - 1 })).toBe(false);
  });

  it("falls back to this instance's memory while Redis cannot answer", async () => {
    const down = new SharedRedis(await closedPortUrl(), recordingLog());
    void down.connect(200);
    const store = new RedisSightings(down, uniquePrefix());
    const signature = { id: 'k\nsig', expiresAt: Date.now() + 60_000 };
    expect(await store.isFirstSighting(signature)).toBe(true);
    expect(await store.isFirstSighting(signature)).toBe(false);
    down.close();
  });
});
