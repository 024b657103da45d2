import { mkdirSync } from 'node:fs';
import { type Database, open } from 'lmdb';
import {
  type Inquiry,
  type InquiryDetails,
  InquiryDetailsSchema,
  InquirySchema,
  type InsightsStore,
} from '@/lib/stores/insights/insights-store';

const COUNT = 'c|';
const INQUIRY = 'i|';
const CLAIM = 'k|';
const ANSWERED = 'a|';
const DETAILS = 'd|';

/**
 * The embedded store: LMDB (the `lmdb` package, whose native binary comes from the registry as an optional
 * platform package) in `<DATA_DIR>/insights`. LMDB lets several processes open one store at once (the server
 * writing, `npm run insights` reading), and each batch is one write transaction, so counts add up exactly.
 */
export class LmdbInsightsStore implements InsightsStore {
  private readonly db: Database<unknown, string>;

  constructor(directory: string) {
    mkdirSync(directory, { recursive: true });
    this.db = open<unknown, string>({ path: directory, compression: false });
  }

  async addCounts(counts: ReadonlyMap<string, number>): Promise<void> {
    await this.db.transaction(() => this.add(counts));
  }

  addCountsSync(counts: ReadonlyMap<string, number>): void {
    this.db.transactionSync(() => this.add(counts));
  }

  async addInquiry(inquiry: Inquiry): Promise<void> {
    await this.db.put(`${INQUIRY}${inquiry.at}|${inquiry.reference}`, inquiry);
  }

  async readCounts(fromDay: string, toDay: string): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const { key, value } of this.db.getRange({ start: `${COUNT}${fromDay}`, end: `${COUNT}${toDay}|\uffff` })) {
      if (typeof value === 'number') counts.set(key.slice(COUNT.length), value);
    }
    return counts;
  }

  async readInquiries(fromDay: string): Promise<Inquiry[]> {
    const inquiries: Inquiry[] = [];
    for (const { value } of this.db.getRange({ start: `${INQUIRY}${fromDay}`, end: `${INQUIRY}\uffff` })) {
      const parsed = InquirySchema.safeParse(value);
      if (parsed.success) inquiries.push(parsed.data);
    }
    return inquiries;
  }

  async markAnswered(reference: string, at: string): Promise<void> {
    const key = `${ANSWERED}${reference}`;
    await this.db.transaction(() => {
      if (this.db.get(key) === undefined) this.db.putSync(key, at);
    });
  }

  async readAnswered(): Promise<Map<string, string>> {
    const answered = new Map<string, string>();
    for (const { key, value } of this.db.getRange({ start: ANSWERED, end: `${ANSWERED}\uffff` })) {
      if (typeof value === 'string') answered.set(key.slice(ANSWERED.length), value);
    }
    return answered;
  }

  async unmarkAnswered(reference: string): Promise<void> {
    await this.db.remove(`${ANSWERED}${reference}`);
  }

  async keepDetails(reference: string, details: InquiryDetails): Promise<void> {
    await this.db.put(`${DETAILS}${reference}`, details);
  }

  async readDetails(references: readonly string[]): Promise<Map<string, InquiryDetails>> {
    const now = Date.now();
    const kept = new Map<string, InquiryDetails>();
    for (const reference of references) {
      const parsed = InquiryDetailsSchema.safeParse(this.db.get(`${DETAILS}${reference}`));
      if (parsed.success && parsed.data.keptUntil > now) kept.set(reference, parsed.data);
    }
    return kept;
  }

  async eraseDetails(reference: string): Promise<boolean> {
    return this.db.transaction(() => {
      const key = `${DETAILS}${reference}`;
      if (this.db.get(key) === undefined) return false;
      this.db.removeSync(key);
      return true;
    });
  }

  async claim(name: string, ttlSeconds: number): Promise<boolean> {
    const now = Date.now();
    return this.db.transaction(() => {
      const until = this.db.get(`${CLAIM}${name}`);
      if (typeof until === 'number' && until > now) return false;
      this.db.putSync(`${CLAIM}${name}`, now + ttlSeconds * 1000);
      return true;
    });
  }

  async release(name: string): Promise<void> {
    await this.db.remove(`${CLAIM}${name}`);
  }

  async prune(beforeDay: string): Promise<void> {
    await this.db.transaction(() => {
      for (const prefix of [COUNT, INQUIRY]) {
        for (const key of this.db.getKeys({ start: prefix, end: `${prefix}${beforeDay}` })) this.db.removeSync(key);
      }
      // A mark lives as long as its inquiry: those of pruned (or never logged) inquiries go.
      const kept = new Set<string>();
      for (const key of this.db.getKeys({ start: INQUIRY, end: `${INQUIRY}\uffff` })) kept.add(key.split('|')[2] ?? '');
      for (const key of this.db.getKeys({ start: ANSWERED, end: `${ANSWERED}\uffff` })) {
        if (!kept.has(key.slice(ANSWERED.length))) this.db.removeSync(key);
      }
      const now = Date.now();
      for (const { key, value } of this.db.getRange({ start: DETAILS, end: `${DETAILS}\uffff` })) {
        const parsed = InquiryDetailsSchema.safeParse(value);
        if (!parsed.success || parsed.data.keptUntil <= now) this.db.removeSync(key);
      }
    });
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  private add(counts: ReadonlyMap<string, number>): void {
    for (const [key, n] of counts) {
      const previous = this.db.get(`${COUNT}${key}`);
      this.db.putSync(`${COUNT}${key}`, (typeof previous === 'number' ? previous : 0) + n);
    }
  }
}
