/**
 * Debian's Chromium (installed by `npm test` when missing; never downloaded) and the flags it runs with in this
 * project's containers: shared by playwright.config.ts and bench/lighthouse.ts.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
