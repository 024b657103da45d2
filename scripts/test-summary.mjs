// Prints one closing line for the whole run, "tests: N passed, N failed", from the vitest and Playwright JSON reports.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);
const read = (file) => (file && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
} else failed += 1;

const playwright = read(playwrightFile);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
} else failed += 1;

console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
