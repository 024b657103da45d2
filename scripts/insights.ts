/**
 * `npm run insights`, `npm run -s insights -- --json`: the counts and the inquiry log of the last 7 and 30 days,
 * from the store the configuration names (DATA_DIR, or Redis with REDIS_URL). docs/insights.md describes every figure.
 */
import { getConfig } from '@/lib/config/env';
import { openInsightsStore } from '@/lib/stores/insights/open-insights-store';
import { buildReport } from '@/lib/insights/report';
import { reportWithWords } from '@/lib/insights/report-json';
import { reportAsText } from '@/lib/insights/report-text';
import { replySummary, waitingLine } from '@/lib/insights/report-replies';

const json = process.argv.includes('--json');
// With --json, stdout is the JSON alone, so a machine can parse all of it; any log line goes to stderr.
if (json) console.log = console.info = console.debug = console.error;
// npm prints its banner on stdout before the script's output unless told -s: a pipe then gets more than the JSON.
if (json && !process.stdout.isTTY && process.env.npm_lifecycle_event && process.env.npm_config_loglevel !== 'silent') {
  console.error('npm printed its own lines before the JSON; for the JSON alone: npm run -s insights -- --json');
}
const store = await openInsightsStore(getConfig());
try {
  const [last7, last30, answered] = [
    await buildReport(store, 7),
    await buildReport(store, 30),
    await store.readAnswered(),
  ];
  // The desk's and the digest's numbers: the last 30 days' inquiries waiting for her reply, and those past the promise.
  const replies = replySummary(last30.inquiries, answered, Date.now());
  const output = json
    ? JSON.stringify({ replies, last7: reportWithWords(last7), last30: reportWithWords(last30) }, null, 2)
    : `${waitingLine(replies)} (inquiries of the last ${last30.days} days).\n\n${reportAsText(last7)}\n\n${reportAsText(last30)}`;
  process.stdout.write(`${output}\n`);
} finally {
  await store.close();
}
