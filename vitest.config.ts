import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname, '.'), 'server-only': path.resolve(__dirname, 'lib/testing/server-only-stub.ts') } },
  test: {
    include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
    // A file's database (PGlite, every migration) is set up in its beforeAll: on 2 cores with files in
    // parallel that takes well over the 10 s default.
    hookTimeout: 60000,
    // On a PostgreSQL server (DATABASE_URL) the files share one database: run them one by one.
    fileParallelism: !process.env.DATABASE_URL,
    // The webhook tests' receivers listen on loopback: the operator's opt-in (lib/net/outbound.test.ts checks the default refusal).
    env: { SANDBOX_DATA_DIR: 'memory://', CHECKOUT_URL: 'http://checkout.test', LOG_LEVEL: 'silent', SANDBOX_WEBHOOK_ALLOW_LOOPBACK: '1' },
  },
});
