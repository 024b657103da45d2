import {
  type Inquiry,
  type InquiryDetails,
  InquiryDetailsSchema,
  InquirySchema,
  type InsightsStore,
} from '@/lib/stores/insights/insights-store';
import type { RedisScripts } from '../redis/redis-connection';
import { KEY_PREFIX } from '../redis/redis-keys';

/** Adds ARGV pairs (field, n) to the hash KEYS[1] and keeps it ARGV[1] seconds after its last write. */
const ADD_COUNTS = `
for i = 2, #ARGV, 2 do
  redis.call('HINCRBY', KEYS[1], ARGV[i], tonumber(ARGV[i + 1]))
end
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1
`;
const READ_COUNTS = `
local out = {}
for i = 1, #KEYS do
  out[i] = redis.call('HGETALL', KEYS[i])
end
return out
`;
const ADD_INQUIRY = `
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
return 1
`;
const READ_INQUIRIES = `return redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf')`;
const CLAIM = `return redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) and 1 or 0`;
const RELEASE = `return redis.call('DEL', KEYS[1])`;
/** Marks ARGV[1] answered at ARGV[2] unless it is already, and keeps the marks ARGV[3] seconds after this write. */
const MARK_ANSWERED = `
redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
`;
const READ_ANSWERED = `return redis.call('HGETALL', KEYS[1])`;
const UNMARK_ANSWERED = `return redis.call('HDEL', KEYS[1], ARGV[1])`;
/** Keeps ARGV[1] under KEYS[1] until ARGV[2] (ms since the epoch): Redis forgets it then by itself. */
const KEEP_DETAILS = `return redis.call('SET', KEYS[1], ARGV[1], 'PXAT', ARGV[2])`;
const READ_DETAILS = `return redis.call('MGET', unpack(KEYS))`;
const ERASE_DETAILS = `return redis.call('DEL', KEYS[1])`;
/** Drops the inquiries before ARGV[1] (ms), then every answered mark whose inquiry is no longer in the set. */
const PRUNE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
local kept = {}
for _, entry in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local ok, inquiry = pcall(cjson.decode, entry)
  if ok and type(inquiry) == 'table' and type(inquiry.reference) == 'string' then kept[inquiry.reference] = true end
end
for _, reference in ipairs(redis.call('HKEYS', KEYS[2])) do
  if not kept[reference] then redis.call('HDEL', KEYS[2], reference) end
end
return 1
`;

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * Counts and the inquiry log in Redis, so every instance counts into the same figures: one hash per day
 * (`consultancy-site:insights:<day>`, field `metric|…`) that expires after the retention, one sorted set
 * of inquiries by time, pruned to the retention, and one hash of answered marks (reference -> time) pruned with it.
 */
export class RedisInsightsStore implements InsightsStore {
  constructor(
    private readonly redis: RedisScripts,
    private readonly retentionDays: number,
    private readonly closeConnection: () => void = () => {},
    private readonly prefix = KEY_PREFIX,
  ) {}

  async addCounts(counts: ReadonlyMap<string, number>): Promise<void> {
    const byDay = new Map<string, string[]>();
    for (const [key, n] of counts) {
      const day = key.slice(0, 10);
      const fields = byDay.get(day) ?? [];
      fields.push(key.slice(11), String(n));
      byDay.set(day, fields);
    }
    const ttl = String((this.retentionDays + 1) * 86_400);
    for (const [day, fields] of byDay) await this.redis.evaluate(ADD_COUNTS, [this.dayKey(day)], [ttl, ...fields]);
  }

  async addInquiry(inquiry: Inquiry): Promise<void> {
    await this.redis.evaluate(
      ADD_INQUIRY,
      [this.inquiriesKey()],
      [String(Date.parse(inquiry.at)), JSON.stringify(inquiry)],
    );
  }

  async readCounts(fromDay: string, toDay: string): Promise<Map<string, number>> {
    const days: string[] = [];
    for (let t = dayStart(fromDay); t <= dayStart(toDay); t += 86_400_000)
      days.push(new Date(t).toISOString().slice(0, 10));
    const reply = await this.redis.evaluate(
      READ_COUNTS,
      days.map((day) => this.dayKey(day)),
      [],
    );
    const counts = new Map<string, number>();
    if (!Array.isArray(reply)) return counts;
    reply.forEach((pairs: unknown, index) => {
      if (!Array.isArray(pairs)) return;
      for (let i = 0; i + 1 < pairs.length; i += 2)
        counts.set(`${days[index]}|${String(pairs[i])}`, Number(pairs[i + 1]));
    });
    return counts;
  }

  async readInquiries(fromDay: string): Promise<Inquiry[]> {
    const reply = await this.redis.evaluate(READ_INQUIRIES, [this.inquiriesKey()], [String(dayStart(fromDay))]);
    if (!Array.isArray(reply)) return [];
    return reply.flatMap((entry: unknown) => {
      try {
        const parsed = InquirySchema.safeParse(JSON.parse(String(entry)));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
  }

  async markAnswered(reference: string, at: string): Promise<void> {
    // A mark is never older than its inquiry, so marks untouched for the retention belong to pruned inquiries.
    const ttl = String((this.retentionDays + 1) * 86_400);
    await this.redis.evaluate(MARK_ANSWERED, [this.answeredKey()], [reference, at, ttl]);
  }

  async readAnswered(): Promise<Map<string, string>> {
    const reply = await this.redis.evaluate(READ_ANSWERED, [this.answeredKey()], []);
    const answered = new Map<string, string>();
    if (!Array.isArray(reply)) return answered;
    for (let i = 0; i + 1 < reply.length; i += 2) answered.set(String(reply[i]), String(reply[i + 1]));
    return answered;
  }

  async unmarkAnswered(reference: string): Promise<void> {
    await this.redis.evaluate(UNMARK_ANSWERED, [this.answeredKey()], [reference]);
  }

  async keepDetails(reference: string, details: InquiryDetails): Promise<void> {
    const { keptUntil } = details;
    await this.redis.evaluate(KEEP_DETAILS, [this.detailsKey(reference)], [JSON.stringify(details), String(keptUntil)]);
  }

  async readDetails(references: readonly string[]): Promise<Map<string, InquiryDetails>> {
    const kept = new Map<string, InquiryDetails>();
    if (references.length === 0) return kept;
    const reply = await this.redis.evaluate(
      READ_DETAILS,
      references.map((reference) => this.detailsKey(reference)),
      [],
    );
    if (!Array.isArray(reply)) return kept;
    reply.forEach((entry: unknown, index) => {
      if (typeof entry !== 'string') return;
      try {
        const parsed = InquiryDetailsSchema.safeParse(JSON.parse(entry));
        if (parsed.success) kept.set(references[index] ?? '', parsed.data);
      } catch {
        // An entry that is not JSON is no detail of ours.
      }
    });
    return kept;
  }

  async eraseDetails(reference: string): Promise<boolean> {
    return (await this.redis.evaluate(ERASE_DETAILS, [this.detailsKey(reference)], [])) === 1;
  }

  async claim(name: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.evaluate(CLAIM, [this.claimKey(name)], [String(ttlSeconds)])) === 1;
  }

  async release(name: string): Promise<void> {
    await this.redis.evaluate(RELEASE, [this.claimKey(name)], []);
  }

  async prune(beforeDay: string): Promise<void> {
    // Each day's hash expires by itself; the inquiries are one set, their answered marks one hash.
    await this.redis.evaluate(PRUNE, [this.inquiriesKey(), this.answeredKey()], [String(dayStart(beforeDay))]);
  }

  async close(): Promise<void> {
    this.closeConnection();
  }

  private dayKey(day: string): string {
    return `${this.prefix}:insights:${day}`;
  }

  private claimKey(name: string): string {
    return `${this.prefix}:insights:claim:${name}`;
  }

  private inquiriesKey(): string {
    return `${this.prefix}:insights:inquiries`;
  }

  private detailsKey(reference: string): string {
    return `${this.prefix}:insights:details:${reference}`;
  }

  private answeredKey(): string {
    return `${this.prefix}:insights:answered`;
  }
}
