import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from '@/lib/stores/idempotency/idempotency-store';
import type { RedisScripts } from '../redis/redis-connection';
import { RedisUnavailableError, ServiceUnavailableError } from '../redis/redis-unavailable';
import { KEY_PREFIX } from '../redis/redis-keys';
import {
  type StoredIdempotency,
  StoredIdempotencySchema,
  StringOrNilReplySchema,
  parseStored,
} from '../redis/stored-value-schemas';

/** SET NX and GET in one step: nil when the key was free and is now claimed, else what holds it. */
const CLAIM = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then return false end
return redis.call('GET', KEYS[1])
`;
const COMPLETE = `return redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])`;
/** Releases a claim only: a remembered answer is never dropped by a late release. */
const RELEASE = `
local stored = redis.call('GET', KEYS[1])
if not stored then return 0 end
local ok, entry = pcall(cjson.decode, stored)
if ok and type(entry) == 'table' and entry.state == 'done' then return 0 end
return redis.call('DEL', KEYS[1])
`;

/**
 * Idempotency-Key records in Redis, so that a repeat reaching another instance replays the first answer instead
 * of sending a second mail. claim is atomic (one script: SET NX, else GET), so two instances racing
 * with one key cannot both be told "new". Claims and answers are kept for the times to live given, as in the
 * memory store (a claim briefly, the answer 24 h).
 *
 * When Redis cannot answer, claim throws 503 SERVICE_UNAVAILABLE before anything is sent: without the shared
 * record the key's promise (no second mail) cannot be kept. complete and release never throw for an
 * unreachable Redis: the request they finish has already succeeded or failed, and its true answer must not be
 * replaced by a 503; they log instead, and the claim lapses at the end of its own (short) time to live.
 */
export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly redis: RedisScripts,
    private readonly prefix = KEY_PREFIX,
    private readonly log: Pick<Console, 'warn'> = console,
  ) {}

  async claim(key: string, fingerprint: string, ttlSeconds: number): Promise<IdempotencyClaim> {
    const claimed: StoredIdempotency = { state: 'in-progress', fingerprint };
    let reply: unknown;
    try {
      reply = await this.redis.evaluate(
        CLAIM,
        [this.key(key)],
        [JSON.stringify(claimed), String(Math.max(1, ttlSeconds))],
      );
    } catch (error) {
      if (!(error instanceof RedisUnavailableError)) throw error;
      throw new ServiceUnavailableError(
        'The Idempotency-Key cannot be checked: the store shared by all instances of this server cannot be reached right now. The request was not run and nothing was sent.',
        'Retry with the same Idempotency-Key in a few seconds (see Retry-After).',
      );
    }
    const stored = StringOrNilReplySchema.parse(reply);
    if (stored === null) return { state: 'new' };
    const entry = parseStored(StoredIdempotencySchema, stored);
    if (!entry) throw new Error(`Unreadable idempotency record under ${this.key(key)}`);
    return entry.state === 'done'
      ? { state: 'done', record: entry.record }
      : { state: 'in-progress', fingerprint: entry.fingerprint };
  }

  async complete(key: string, record: IdempotencyRecord, ttlSeconds: number): Promise<void> {
    const done: StoredIdempotency = { state: 'done', record };
    await this.bestEffort('remember the answer for', key, COMPLETE, [
      JSON.stringify(done),
      String(Math.max(1, ttlSeconds)),
    ]);
  }

  async release(key: string): Promise<void> {
    await this.bestEffort('release', key, RELEASE, []);
  }

  private key(key: string): string {
    return `${this.prefix}:idempotency:${key}`;
  }

  private async bestEffort(what: string, key: string, script: string, args: string[]): Promise<void> {
    try {
      await this.redis.evaluate(script, [this.key(key)], args);
    } catch (error) {
      if (!(error instanceof RedisUnavailableError)) throw error;
      this.log.warn(
        `[redis] could not ${what} an Idempotency-Key (${error.message}); its claim lapses with its time to live.`,
      );
    }
  }
}
