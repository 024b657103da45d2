import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypeScript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

/** Next's own rules (Core Web Vitals and TypeScript); formatting is Prettier's alone. */
export default defineConfig([
  ...nextVitals,
  ...nextTypeScript,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  prettier,
  globalIgnores([
    '.next*/**',
    'dist/**',
    '.data/**',
    'test-reports/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
  ]),
]);
