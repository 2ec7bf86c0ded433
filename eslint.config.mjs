/**
 * ESLint 9 flat config: Next.js's core web vitals rules (React, React hooks, @next/next, jsx-a11y)
 * and its TypeScript rules (typescript-eslint), as eslint-config-next 16 ships them; formatting
 * is Prettier's (.prettierrc.json), so no stylistic rule is turned on here.
 */
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores([
    '.next/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    'node_modules/**',
    'test-results/**',
    'bench-results/**',
    'playwright-report/**',
    '.data/**',
    // Generated from the zod contract (npm run openapi) and by the embed build.
    'packages/contract/src/generated/**',
    'packages/client/src/generated/**',
    'packages/client/dist/**',
    'public/embed/**',
    'public/embed.js',
  ]),
  {
    rules: {
      // An unused name is an error, except one written `_name` on purpose (an argument a signature needs).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // An unchecked `!` turns a missing value into a TypeError far from its cause: say what happens when it is missing.
    files: ['lib/**/*.{ts,tsx}', 'packages/sandbox/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/contract/src/generated/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
]);
