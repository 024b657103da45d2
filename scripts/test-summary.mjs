// Prints the end of the whole run from the JSON reports named (vitest's and Playwright's, told apart by their
// shape): the slowest test files, so a suite that grows slow says where, the tests that failed by name (a CI log
// often keeps only its tail), and one closing line, "tests: N passed, N failed". A report missing counts as a failure.
import fs from 'node:fs';
import path from 'node:path';

const SLOWEST_SHOWN = 5;
const FAILURES_SHOWN = 20;

let passed = 0;
let failed = 0;
let skipped = 0;
/** Seconds per test file, summed over the runs of a file (an integration file runs on both serving paths). */
const seconds = new Map();
const addTime = (file, ms) => seconds.set(file, (seconds.get(file) ?? 0) + ms / 1000);
/** The failed tests, as `file › test name`. */
const failures = [];

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

function addVitest(vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const result of vitest.testResults ?? []) {
    const file = path.relative(process.cwd(), result.name);
    if (result.startTime != null && result.endTime != null) addTime(file, result.endTime - result.startTime);
    for (const test of result.assertionResults ?? [])
      if (test.status === 'failed') failures.push(`${file} › ${test.fullName ?? test.title}`);
    // A file that failed before its tests ran (an import or a hook) has no failed test of its own.
    if (result.status === 'failed' && !(result.assertionResults ?? []).some((test) => test.status === 'failed'))
      failures.push(`${file} › ${String(result.message ?? 'failed outside its tests').split('\n')[0]}`);
  }
}

/** Every test's results in a Playwright suite and the suites inside it, with the spec and test they belong to. */
function* playwrightResults(suite) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      for (const result of test.results ?? []) yield { file: spec.file, spec, test, result };
  for (const child of suite.suites ?? []) yield* playwrightResults(child);
}

function addPlaywright(playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  const testDir = playwright.config?.rootDir ?? 'tests/e2e';
  for (const suite of playwright.suites ?? [])
    for (const { file, spec, test, result } of playwrightResults(suite)) {
      const relative = path.relative(process.cwd(), path.resolve(testDir, file));
      addTime(relative, result.duration ?? 0);
      // A test is unexpected once, however many times it was retried: its last result stands for it.
      if (test.status === 'unexpected' && result === test.results.at(-1))
        failures.push(`${relative} › [${test.projectName}] ${spec.title}`);
    }
}

for (const file of process.argv.slice(2)) {
  const report = read(file);
  if (report?.testResults) addVitest(report);
  else if (report?.suites) addPlaywright(report);
  else {
    failed += 1;
    failures.push(`${file} › no report: its run did not finish`);
  }
}

const slowest = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST_SHOWN);
if (slowest.length > 0) {
  console.log(`\nslowest test files (seconds, summed over their runs):`);
  for (const [file, s] of slowest) console.log(`  ${s.toFixed(1).padStart(6)}  ${file}`);
}
if (failures.length > 0) {
  console.log(`\nfailed:`);
  for (const failure of failures.slice(0, FAILURES_SHOWN)) console.log(`  ${failure}`);
  if (failures.length > FAILURES_SHOWN) console.log(`  … and ${failures.length - FAILURES_SHOWN} more`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
