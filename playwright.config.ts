import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the production build (`npm run build` first), with Debian's Chromium.
 * Each worker starts servers of its own (e2e/fixtures.ts): E2E_WORKERS workers (2 by default,
 * what 2 cores run best) share nothing but the build.
 */
// The app's Prometheus metrics listener (e2e/metrics.spec.ts) asks for this bearer token; the workers' servers inherit it.
process.env.METRICS_TOKEN ??= 'e2e-metrics-token-0123456789abcdef';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry, reported as "flaky" in the list: Chromium's context has hung while closing after a
  // test's body passed (about one test in 200 per run, on the merchant's result page; with traces
  // off too), and a red CI run would stand on a teardown, not on the product. A test that fails
  // twice is red.
  retries: 1,
  // The list for people; the accessibility checks for the published statement (npm run statement).
  reporter: [['list'], ['./e2e/reporters/accessibility-reporter.ts']],
  use: {
    // A trace is recorded for every test and kept on failure only when asked (E2E_TRACE=retain-on-failure):
    // CI prints text, and stopping a recording has hung a context's teardown past the test timeout.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
        '--no-first-run',
      ],
    },
  },
  // `alone`: what is timed from outside (the header fuzz's stall probe) runs after every other spec,
  // with no second worker's browser and server beside it on the machine's 2 cores.
  projects: [
    { name: 'chromium', testIgnore: /header-fuzz\.spec\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'alone',
      testMatch: /header-fuzz\.spec\.ts$/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});
