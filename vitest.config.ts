import { defineConfig } from 'vitest/config';
import path from 'node:path';

const resolve = {
  alias: {
    // The merchant's client package by its name, from its source (as tsconfig.json's `paths`).
    '@hosted-checkout/client': path.resolve(__dirname, 'packages/client/src/index.ts'),
    '@hosted-checkout/contract': path.resolve(__dirname, 'packages/contract/src'),
    '@hosted-checkout/runtime': path.resolve(__dirname, 'packages/runtime/src'),
    '@sandbox': path.resolve(__dirname, 'packages/sandbox'),
    '@': path.resolve(__dirname, '.'),
    'server-only': path.resolve(__dirname, 'lib/testing/server-only-stub.ts'),
  },
};
const env = { CHECKOUT_URL: 'http://checkout.test', LOG_LEVEL: 'silent' };

/** The settings of the tests that run the sandbox: its own, and the integration tests of both houses. */
const onSandboxDatabases = {
  exclude: ['**/node_modules/**'],
  environment: 'node' as const,
  testTimeout: 20000,
  hookTimeout: 60000,
  globalSetup: ['packages/sandbox/testing/database-template.ts'],
  // On a PostgreSQL server (DATABASE_URL) the files share one database: run them one by one.
  fileParallelism: !process.env.DATABASE_URL,
  // The webhook tests' receivers listen on loopback: the operator's opt-in (packages/runtime/src/net/outbound.test.ts checks the default refusal).
  env: { ...env, SANDBOX_DATA_DIR: 'memory://', SANDBOX_WEBHOOK_ALLOW_LOOPBACK: '1' },
};

/**
 * The projects: the contract's, the product's unit tests (the merchant's client package's among them), with no database at all, and the sandbox's
 * (packages/sandbox), each file on its own memory:// database made from one migrated template
 * (packages/sandbox/testing/database-template.ts), or on the PostgreSQL server of DATABASE_URL.
 * And `integration` (integration/): the tests of the product against the sandbox in process,
 * which import both houses, on the sandbox's databases as its own tests are.
 */
export default defineConfig({
  resolve,
  test: {
    environment: 'node',
    testTimeout: 20000,
    projects: [
      {
        resolve,
        test: {
          name: 'contract',
          include: ['packages/contract/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 20000,
          env,
        },
      },
      {
        resolve,
        test: {
          name: 'product',
          // packages/client: the merchant's client package, packed and installed outside the repository.
          include: [
            'lib/**/*.test.ts',
            'components/**/*.test.ts',
            'scripts/**/*.test.ts',
            'deploy/**/*.test.ts',
            'packages/client/test/**/*.test.ts',
            'examples/**/*.test.ts',
            'packages/runtime/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 20000,
          env,
        },
      },
      { resolve, test: { name: 'sandbox', include: ['packages/sandbox/**/*.test.ts'], ...onSandboxDatabases } },
      { resolve, test: { name: 'integration', include: ['integration/**/*.test.ts'], ...onSandboxDatabases } },
    ],
  },
});
