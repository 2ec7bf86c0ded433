/**
 * The browser tests' `test`: Playwright's, with servers of their own for each worker (a
 * worker-scoped fixture started before the worker's first test): the production build
 * (e2e/start-app.mjs, on a fresh sandbox database) and the merchant's site on a second origin
 * (e2e/merchant-site.mjs), on this worker's ports (e2e/support.ts, SLOT), so that workers run in
 * parallel without sharing a server, a port or a database. Every test's baseURL is its worker's
 * checkout. Specs import `test`, `expect` and Playwright's types from here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { test as base } from '@playwright/test';
import { APP_PORT, CHECKOUT_ORIGIN, DATA_DIR, MERCHANT_ORIGIN, MERCHANT_PORT, METRICS_PORT } from './support';

export * from '@playwright/test';

/** Waits until `url` answers (any status below 500), or throws after `ms` naming `what`; a process that exits fails at once. */
async function waitFor(url: string, what: string, child: ChildProcess, ms = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${ms} ms`);
}

/** Stops a child and waits for its exit (5 s, then SIGKILL). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export const test = base.extend<object, { workerServers: void }>({
  workerServers: [
    async ({}, provide) => {
      const env = {
        ...process.env,
        E2E_PORT: String(APP_PORT),
        E2E_DATA_DIR: DATA_DIR,
        MERCHANT_PORT: String(MERCHANT_PORT),
        METRICS_PORT: String(METRICS_PORT),
        METRICS_HOST: '127.0.0.1',
        CHECKOUT_ORIGIN,
      };
      const app = spawn(process.execPath, ['e2e/start-app.mjs'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      // tsx: the site's launch redirect uses the typed client (lib/payments-api/merchant-client.ts).
      const merchant = spawn(process.execPath, ['--import', 'tsx', 'e2e/merchant-site.mjs'], {
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      try {
        await Promise.all([
          waitFor(`${CHECKOUT_ORIGIN}/`, 'the checkout', app),
          waitFor(`${MERCHANT_ORIGIN}/health`, 'the merchant site', merchant),
        ]);
        await provide();
      } finally {
        await Promise.all([stop(app), stop(merchant)]);
      }
    },
    { scope: 'worker', auto: true, timeout: 90_000 },
  ],
  baseURL: async ({}, provide) => provide(CHECKOUT_ORIGIN),
});
