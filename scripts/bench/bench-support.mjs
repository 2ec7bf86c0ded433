/**
 * What the benchmark scripts share (run through tsx, for the typed client): the production
 * build started with its own sandbox data, the merchant calls that create a pay-in or a cashier
 * session (the typed client), and Lighthouse (a locked dev
 * dependency; lighthouse@12 runs on Node 20) driving Debian's Chromium.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createPaymentsClient, must } from '../../lib/payments-api/merchant-client.ts';
import { SERVER, startServer as startProductionServer } from '../build/standalone-server.mjs';
import { startPostgres } from '../cluster/cluster.mjs';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromeArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const customer = JSON.parse(readFileSync('packages/sandbox/service/sample-customer.json', 'utf8'));
const returnUrls = { success: 'https://example.com/ok', failure: 'https://example.com/ko' };

/**
 * Starts the production build (`.next/standalone/server.js`) on `port` with sandbox data under
 * .data/{name} (wiped first) and `extraEnv`, and waits until it answers. Exits the process when
 * there is no production build.
 */
export async function startServer(name, port, extraEnv = {}) {
  if (!existsSync(SERVER)) {
    console.error('No production build: run `npm run build` first.');
    process.exit(1);
  }
  const origin = `http://localhost:${port}`;
  rmSync(`.data/${name}`, { recursive: true, force: true });
  const server = startProductionServer(
    port,
    { CHECKOUT_URL: origin, SANDBOX_DATA_DIR: `.data/${name}/db`, LOG_LEVEL: 'warn', ...extraEnv },
    { stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'] },
  );
  for (let i = 0; i < 100; i += 1) {
    if (await answersOk(`${origin}/robots.txt`)) return { origin, server };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill('SIGTERM');
  throw new Error('server did not start');
}

/**
 * Whether `url` answers 200, on a connection of its own that is closed after: a start-up probe's
 * socket, accepted while the server was still starting, is not left in fetch's pool for the
 * bench's first calls (one kept that way was reset under them).
 */
export function answersOk(url) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, headers: { Connection: 'close' } }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.setTimeout(5000, () => request.destroy());
  });
}

/** Resident memory of a process and its descendants, in MB (VmRSS from /proc). */
export function rssMb(rootPid) {
  const procs = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      procs.set(Number(entry), { ppid: Number(/PPid:\s+(\d+)/.exec(status)?.[1]), kb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) });
    } catch {
      // gone
    }
  }
  let kb = 0;
  const walk = (pid) => {
    kb += procs.get(pid)?.kb ?? 0;
    for (const [child, p] of procs) if (p.ppid === pid) walk(child);
  };
  walk(rootPid);
  return Math.round(kb / 1024);
}

/** CPU seconds (user + system) of a process and its descendants, from /proc. */
export function cpuSeconds(rootPid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone
    }
  }
  let total = 0;
  const walk = (pid) => {
    const stat = stats.get(pid);
    if (!stat) return;
    total += stat.ticks;
    for (const [child, s] of stats) if (s.ppid === pid) walk(child);
  };
  walk(rootPid);
  return total / 100;
}

/**
 * Records a budget: prints it, and makes the process exit 1 at the end when it is missed
 * (the bench scripts are budgets that fail, not figures only).
 */
export function budget(label, value, limit, { atMost = true, unit = '' } = {}) {
  const ok = atMost ? value <= limit : value >= limit;
  console.log(`${ok ? 'within budget' : 'OVER BUDGET'}: ${label} ${value}${unit} (${atMost ? '≤' : '≥'} ${limit}${unit})`);
  if (!ok) process.exitCode = 1;
  return ok;
}

/** The typed client (lib/payments-api/merchant-client.ts) of the service at `origin` as `token`. */
const api = (origin, token) => createPaymentsClient({ baseUrl: `${origin}/sandbox/api`, token });

/** A EUR 25.50 pay-in of the merchant of `token`; answers `{ paymentId, iframeUrls }`. */
export const createPayin = async (origin, token = 'sbx_demo_merchant') =>
  must(
    await api(origin, token).POST('/public/payin', {
      body: {
        orderId: `bench-${crypto.randomUUID()}`,
        amount: 25.5,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        customer,
        returnUrls,
      },
    }),
    'create pay-in',
  );

/**
 * Pays pay-in `paymentId` with the frictionless test card through the pages' credential, as the
 * card form's post would; throws unless it ends SUCCESS (a bench that meant a paid pay-in must
 * not measure another status).
 */
export async function payPayin(origin, paymentId) {
  const answer = must(
    await api(origin, 'sbx_checkout').POST('/public/payin/{payinId}/process/card', {
      params: { path: { payinId: paymentId } },
      body: {
        browser: { javascriptEnabled: true },
        cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2034', cvv: '123' },
        saveCard: false,
      },
    }),
    'pay the pay-in',
  );
  if (answer.status !== 'SUCCESS') throw new Error(`the test card left the pay-in ${answer.status}, not SUCCESS`);
}

/** A EUR cashier session with a balance of 100 (major units); answers `{ sessionId, checkoutUrl, widgetUrl }` (launch addresses: scripts/support/launch.mjs). */
export const createSession = async (origin, token = 'sbx_demo_merchant', externalUserId = `bench-${crypto.randomUUID()}`) =>
  must(
    await api(origin, token).POST('/public/cashier/session', {
      body: {
        customer: { ...customer, externalUserId },
        returnUrls,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        balance: 100,
      },
    }),
    'create session',
  );

/** Runs Lighthouse (mobile) on `url` for `categories` (as the browser of `cookie`, when given); writes the JSON report to bench-results/{name}.json and returns it. */
export function lighthouse(url, categories, name, cookie) {
  mkdirSync('bench-results', { recursive: true });
  const report = `bench-results/${name}.json`;
  const result = spawnSync(
    'node_modules/.bin/lighthouse',
    [
      url,
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      `--chrome-flags=--headless=new ${chromeArgs.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`lighthouse exited ${result.status}`);
  return { lhr: JSON.parse(readFileSync(report, 'utf8')), report };
}

/**
 * The service's database in the benchmarks: a PostgreSQL server of its own (Debian's, as the
 * cluster rehearsal runs it; a fresh cluster under .data/{name}-pg on port 55440), the
 * production shape, unless BENCH_DB=pglite (the embedded PGlite). Answers the service's extra
 * environment and a stop function.
 */
export function benchDatabase(name) {
  if (process.env.BENCH_DB === 'pglite') return { env: {}, label: 'PGlite', stop: () => {} };
  const pg = startPostgres({ dir: path.resolve(`.data/${name}-pg`), port: 55440 });
  return { env: { DATABASE_URL: pg.url }, label: 'PostgreSQL', stop: () => pg.stop() };
}
