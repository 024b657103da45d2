/**
 * Debian's Chromium, never downloaded, and the flags it runs with in this project's containers. The browser tests
 * run its headless shell (the package chromium-headless-shell, which `npm test` installs when missing): the build of
 * Chromium that Playwright itself runs headless tests in, with the same Blink and V8 and no desktop browser around
 * them. Lighthouse runs the full browser (the package chromium), as its scores assume.
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
