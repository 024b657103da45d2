import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from './scripts/chromium';

/**
 * End-to-end tests of the human site against the already-built app under the project's server (npm start; never
 * builds). NEXT_DIST_DIR picks the build to serve; E2E_PORT the port. The browser is Debian's Chromium headless shell,
 * never downloaded (scripts/chromium.ts).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // Vitest has finished when these run, so both cores of a CI machine are free (Playwright's default is half).
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    // Recording a trace of every test, to keep the failing ones', slows every test: a failure keeps its screenshot,
    // and `npx playwright test --trace on` records traces when one is wanted.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    },
  ],
  webServer: {
    command: `node dist/server.mjs -p ${port} -H 127.0.0.1`,
    url: baseURL,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
