/**
 * ESLint 9 flat config: Next.js's core web vitals rules (React, React hooks, @next/next, jsx-a11y)
 * and its TypeScript rules (typescript-eslint), as eslint-config-next 16 ships them; formatting
 * is Prettier's (.prettierrc.json), so no stylistic rule is turned on here.
 */
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

/**
 * The houses' fences (README.md, Layout): each package imports only what lies below it. The
 * message of each rule says where the code belongs instead.
 */
const fence = (group, message) => ({ group, message });
const PRODUCT = ['@/*', '**/lib/*', '**/components/*', '**/app/*'];
const FENCES = [
  {
    files: ['packages/contract/**/*.{ts,tsx,mjs}'],
    patterns: [
      fence(
        [
          ...PRODUCT,
          '@sandbox/*',
          '@hosted-checkout/runtime/*',
          '@hosted-checkout/client',
          'react',
          'react-dom',
          'next',
          'next/*',
          'next-intl',
          'next-intl/*',
          'node:*',
        ],
        'The contract has no framework and no I/O: the API, money, ids and pure rules only. A server piece belongs in @hosted-checkout/runtime (packages/runtime), a page in the product or the sandbox.',
      ),
    ],
  },
  {
    files: ['packages/runtime/**/*.{ts,tsx,mjs}'],
    patterns: [
      fence(
        [...PRODUCT, '@sandbox/*', '@hosted-checkout/client', 'react', 'react-dom', 'next', 'next/*'],
        'The runtime is the server plumbing both houses run on: it imports the contract and itself only. Code of the checkout stays in lib/ or components/, code of the sandbox in packages/sandbox.',
      ),
    ],
  },
  {
    files: ['packages/sandbox/**/*.{ts,tsx,mjs}'],
    patterns: [
      fence(
        // Its own folders by its alias are its own, whatever their names (@sandbox/components/…).
        [...PRODUCT, '!@sandbox/**'],
        "The sandbox imports nothing of the product (lib/, components/, app/): a rule both houses apply belongs in @hosted-checkout/contract (packages/contract), server plumbing in @hosted-checkout/runtime (packages/runtime), the merchant's calls in @hosted-checkout/client, and what only the sandbox needs in packages/sandbox.",
      ),
    ],
  },
];

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
  ...FENCES.map(({ files, patterns }) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } })),
  // The contract's tests may read the files the contract is written to (the OpenAPI document, the generated types).
  {
    files: ['packages/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [fence([...PRODUCT, '@sandbox/*', '@hosted-checkout/runtime/*'], "The contract's tests test the contract alone.")] },
      ],
    },
  },
  {
    // An unchecked `!` turns a missing value into a TypeError far from its cause: say what happens when it is missing.
    files: [
      'app/**/*.{ts,tsx}',
      'components/**/*.{ts,tsx}',
      'lib/**/*.{ts,tsx}',
      'packages/**/*.{ts,tsx}',
      'proxy.ts',
      'instrumentation.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}', 'packages/*/src/generated/**', 'packages/client/dist/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
]);
