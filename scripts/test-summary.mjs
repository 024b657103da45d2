// Prints the end of the whole run from the vitest and Playwright JSON reports: the slowest test files, so a
// suite that grows slow says where, and one closing line, "tests: N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const SLOWEST_SHOWN = 5;

let passed = 0;
let failed = 0;
let skipped = 0;
/** Seconds per test file, summed over the runs of a file (an integration file runs on both serving paths). */
const seconds = new Map();
const addTime = (file, ms) => seconds.set(file, (seconds.get(file) ?? 0) + ms / 1000);

const [vitestFile, playwrightFile] = process.argv.slice(2);
const read = (file) => (file && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const result of vitest.testResults ?? []) {
    if (result.startTime != null && result.endTime != null)
      addTime(path.relative(process.cwd(), result.name), result.endTime - result.startTime);
  }
} else failed += 1;

/** Every test's results in a Playwright suite and the suites inside it, with the spec file they are in. */
function* playwrightResults(suite) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) for (const result of test.results ?? []) yield { file: spec.file, result };
  for (const child of suite.suites ?? []) yield* playwrightResults(child);
}

const playwright = read(playwrightFile);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  const testDir = playwright.config?.rootDir ?? 'tests/e2e';
  for (const suite of playwright.suites ?? [])
    for (const { file, result } of playwrightResults(suite))
      addTime(path.relative(process.cwd(), path.resolve(testDir, file)), result.duration ?? 0);
} else failed += 1;

const slowest = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST_SHOWN);
if (slowest.length > 0) {
  console.log(`\nslowest test files (seconds, summed over their runs):`);
  for (const [file, s] of slowest) console.log(`  ${s.toFixed(1).padStart(6)}  ${file}`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
