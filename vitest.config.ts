import path from 'node:path';
import { defineConfig } from 'vitest/config';

const integration = {
  environment: 'node' as const,
  globalSetup: ['tests/integration/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Four files at a time on two cores: much of their time is spent waiting on the servers they start and on mail.
  maxWorkers: 4,
  // The servers a file starts are processes of their own, and a file that stubs this process's settings restores
  // them: a worker keeps its modules from file to file rather than loading them again for each.
  isolate: false,
  // Both serving paths' runs share the workers, so neither waits for the other's slowest file.
  sequence: { groupOrder: 1 },
};

/**
 * The integration files about what only the project's server does at the socket (docs/serving.md, "What bare next
 * start lacks"): run a second time against bare `next start` (APP_SERVER=next), which stands for every way of
 * serving the build without it, where each says what a proxy in front must do instead. Everything else is one
 * code path, Next's, and runs once (serving-parity.test.ts holds the two servers to the same answers).
 */
const SERVED_EITHER_WAY = [
  'tests/integration/security/odd-requests.test.ts',
  'tests/integration/security/abusive-clients.test.ts',
  'tests/integration/security/quota-ipv6.test.ts',
  'tests/integration/contact-form/form-origin.test.ts',
  'tests/integration/serving/public-origin.test.ts',
];

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    // The unit tests first, on every core, then the integration files of both serving paths together.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          maxWorkers: '100%',
          // Unit tests set no environment and mock no module, and each stops what it starts: a worker keeps its
          // modules from file to file rather than loading them again for each (which took as long as the tests).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          ...integration,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration (next start)',
          include: SERVED_EITHER_WAY,
          env: { APP_SERVER: 'next' },
          ...integration,
        },
      },
    ],
  },
});
