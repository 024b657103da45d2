import { processSingleton } from '@/lib/process-singleton';
import { getInsightsStore } from '@/lib/stores/insights/insights-store';

/** How often the counts in memory are written to the store. */
export const FLUSH_INTERVAL_MS = 5_000;
/** The most distinct counters held between two writes; past it new ones are dropped, so memory stays bounded. */
const MAX_PENDING_KEYS = 10_000;

interface Tally {
  counts: Map<string, number>;
  day: string;
  dayEndsAt: number;
  timer?: NodeJS.Timeout;
  writing?: Promise<void>;
  failing: boolean;
  /** Set once the process is stopping: each count is then written at once rather than within FLUSH_INTERVAL_MS. */
  writeAtOnce: boolean;
  flushQueued: boolean;
  /** Set by startFlushing: until then (INSIGHTS=false, unit tests, scripts) nothing is counted. */
  enabled: boolean;
}

const tally = processSingleton<Tally>('insights-tally', () => ({
  counts: new Map(),
  day: '',
  dayEndsAt: 0,
  failing: false,
  writeAtOnce: false,
  flushQueued: false,
  enabled: false,
}));

/** Today in UTC as YYYY-MM-DD, worked out once a day rather than on every request. */
export function utcDay(now = Date.now()): string {
  if (now >= tally.dayEndsAt || now < tally.dayEndsAt - 86_400_000) {
    tally.day = new Date(now).toISOString().slice(0, 10);
    tally.dayEndsAt = Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000;
  }
  return tally.day;
}

/** A counter's own words as a key part: no separator, no control characters, at most 60 characters. */
export function keyPart(value: string): string {
  return (
    value
      .replace(/[|\u0000-\u001f\u007f]+/g, ' ')
      .trim()
      .slice(0, 60) || '(none)'
  );
}

/**
 * Counts one event of today in memory: `metric` and its parts (`request`, family, surface). Nothing is written
 * on the request path; flushCounts writes the batch every FLUSH_INTERVAL_MS and at exit.
 */
export function count(metric: string, ...parts: string[]): void {
  if (!tally.enabled) return;
  const key = `${utcDay()}|${metric}|${parts.join('|')}`;
  const counts = tally.counts;
  const previous = counts.get(key);
  if (previous !== undefined) counts.set(key, previous + 1);
  else if (counts.size < MAX_PENDING_KEYS) counts.set(key, 1);
  if (tally.writeAtOnce && !tally.flushQueued) {
    tally.flushQueued = true;
    setImmediate(() => {
      tally.flushQueued = false;
      void writeHeldCounts();
    });
  }
}

/** Writes the counts held in memory to the store; a failed batch is kept for the next try. */
export async function flushCounts(): Promise<void> {
  const store = getInsightsStore();
  if (!store || tally.counts.size === 0) return tally.writing;
  await tally.writing;
  const batch = tally.counts;
  tally.counts = new Map();
  tally.writing = store.addCounts(batch).then(
    () => {
      tally.failing = false;
    },
    (error: unknown) => {
      for (const [key, n] of batch) tally.counts.set(key, (tally.counts.get(key) ?? 0) + n);
      if (!tally.failing) console.warn('[insights] the counts could not be written; kept for the next try', error);
      tally.failing = true;
    },
  );
  return tally.writing;
}

/**
 * Starts writing counts every FLUSH_INTERVAL_MS, and the last batch at exit when the store can write at once.
 * The exit listener is prepended: LMDB closes its environments in an `exit` listener of its own, and a write
 * after that is a native crash.
 */
export function startFlushing(): void {
  tally.enabled = true;
  if (tally.timer) return;
  tally.timer = setInterval(() => void flushCounts(), FLUSH_INTERVAL_MS);
  tally.timer.unref();
  process.prependOnceListener('exit', () => {
    writeCountsSync();
  });
}

/** Writes the counts held at once when the store can (LMDB); false when it cannot. */
function writeCountsSync(): boolean {
  const store = getInsightsStore();
  if (!store?.addCountsSync) return false;
  if (tally.counts.size === 0) return true;
  try {
    store.addCountsSync(tally.counts);
    tally.counts = new Map();
  } catch (error) {
    console.warn('[insights] the last counts could not be written', error);
  }
  return true;
}

/** Synchronously where the store can, so a batch is never caught half-written by an exit; else as a batch. */
function writeHeldCounts(): Promise<void> {
  return writeCountsSync() ? Promise.resolve() : flushCounts();
}

/**
 * From now on each count is written as it comes (a stop has begun and the process may exit at any moment,
 * under `next start` when Next decides), and what is held is written now.
 */
export function writeCountsAtOnce(): Promise<void> {
  tally.writeAtOnce = true;
  return writeHeldCounts();
}

/** Whether counting is on in this process. */
export const isCounting = (): boolean => tally.enabled;
