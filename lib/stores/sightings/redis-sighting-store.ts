import { createHash } from 'node:crypto';
import {
  MemorySightings,
  type SeenSignature,
  type SightingPurpose,
  type SightingStore,
} from '@/lib/stores/sightings/sighting-store';
import type { RedisScripts } from '../redis/redis-connection';
import { RedisUnavailableError } from '../redis/redis-unavailable';
import { KEY_PREFIX } from '../redis/redis-keys';

/** The key name of each purpose's record. */
const KEY_NAMES: Record<SightingPurpose, string> = { count: 'signature-seen', mail: 'signature-mailed' };

/** SET NX for the signature's remaining life: 1 when this call took it, 0 when it was there. ARGV[1]: ms to live. */
const TAKE = `return redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) and 1 or 0`;

/**
 * Verified signatures in Redis for one purpose, each key expiring with its signature, so that a replay sent to
 * another instance is not counted, or called proof in a mail, again. While Redis cannot answer, this instance's
 * memory decides (a replay to two instances may then pass twice): neither is worth refusing a request for.
 */
export class RedisSightings implements SightingStore {
  private readonly fallback = new MemorySightings();

  constructor(
    private readonly redis: RedisScripts,
    private readonly purpose: SightingPurpose,
    private readonly prefix = KEY_PREFIX,
  ) {}

  async isFirstSighting(signature: SeenSignature, now = Date.now()): Promise<boolean> {
    if (signature.expiresAt <= now) return false;
    const id = createHash('sha256').update(signature.id).digest('base64url');
    try {
      const taken = await this.redis.evaluate(
        TAKE,
        [`${this.prefix}:${KEY_NAMES[this.purpose]}:${id}`],
        [String(signature.expiresAt - now)],
      );
      return taken === 1;
    } catch (error) {
      if (!(error instanceof RedisUnavailableError)) throw error;
      return this.fallback.take(signature, now);
    }
  }
}
