/**
 * Where each payment page's time goes, by process: one checkout and the sandbox service in its own
 * process (as bench:load runs them), each page asked REQUESTS (200) times at CONNECTIONS (10) in
 * each of ROUNDS (5) rounds that take the pages in turn, after a warm-up of 100 a page (the status
 * page of a paid pay-in), and the CPU time (user + system, /proc) each process spent on it divided
 * by the requests: milliseconds of CPU per page view in the checkout and in the service, their sum,
 * and that sum's ratio to the floor's (the floor over the page: the page's cost as a share of
 * the floor's, so 0.8× means the page costs 1.25 floors). Each figure is the median of its rounds,
 * with the rounds' range of the sum beside it: on a shared machine a round can run slow, and the
 * pages taken in turn meet the same slow spell. On a machine whose 2 cores both processes share,
 * the sum is what bounds requests per second; the split says which side to cut.
 *
 * The service runs on a PostgreSQL server of its own by default (the production shape), on
 * PGlite with BENCH_DB=pglite.
 *
 *   REQUESTS=200 ROUNDS=5 CONNECTIONS=10 npm run bench:cpu
 */
import autocannon from 'autocannon';
import { benchDatabase, cpuSeconds } from './bench-support.mjs';
import { startServer } from '../support/production-server.mjs';
import { createPayin, createSession, payPayin } from '../support/sandbox-merchant.mjs';
import { launch } from '../support/launch.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const unlimited = { LIMIT_TRANSACTIONS_PER_SESSION: '1000000/3600', CONNECTIONS_PER_IP: '1000000', BENCH_FLOOR: '1', LOG_LEVEL: 'warn' };

// The service on PostgreSQL (the production shape; BENCH_DB=pglite: the embedded PGlite).
const database = benchDatabase('bench-cpu');
console.log(`the service's database: ${database.label}`);
const service = await startServer('bench-cpu-service', 3240, {
  ...unlimited,
  ...database.env,
  SANDBOX: '1',
  CHECKOUT_URL: 'http://localhost:3241',
  SANDBOX_PUBLIC_URL: 'http://localhost:3240',
});
const checkout = await startServer('bench-cpu-checkout', 3241, {
  ...unlimited,
  SANDBOX: '0',
  SANDBOX_PUBLIC_URL: 'http://localhost:3240',
  PAYMENTS_API_BASE_URL: 'http://127.0.0.1:3240/sandbox/api',
  PAYMENTS_API_TOKEN: 'sbx_checkout',
});
try {
  const payin = await createPayin(service.origin);
  // The status page as a customer back from a payment sees it (as bench:load measures it): a paid pay-in.
  const paid = await createPayin(service.origin);
  await payPayin(service.origin, paid.paymentId);
  const session = await createSession(service.origin);
  const { url: cashierUrl, cookie } = await launch(session.checkoutUrl, { checkoutOrigin: checkout.origin });
  const targets = [
    ['floor', `${checkout.origin}/bench-floor/${payin.paymentId}`, {}],
    ['card', payin.iframeUrls.card, {}],
    ['APM', payin.iframeUrls.apm, {}],
    ['cashier', cashierUrl, cookie ? { cookie } : {}],
    ['status', `${checkout.origin}/payments/payin/${paid.paymentId}/status`, {}],
  ];
  for (const [, url, headers] of targets) await autocannon({ url, headers, connections: CONNECTIONS, amount: 100 });
  console.log(
    `ms of CPU per page view (median of ${ROUNDS} rounds of ${REQUESTS} views at ${CONNECTIONS} connections; checkout and service in their own processes)`,
  );
  /** Per page: each round's ms of CPU per view, [checkout, service]. */
  const rounds = new Map(targets.map(([name]) => [name, []]));
  const non2xx = new Map(targets.map(([name]) => [name, 0]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url, headers] of targets) {
      const before = [cpuSeconds(checkout.server.pid), cpuSeconds(service.server.pid)];
      const result = await autocannon({ url, headers, connections: CONNECTIONS, amount: REQUESTS });
      rounds
        .get(name)
        .push([cpuSeconds(checkout.server.pid) - before[0], cpuSeconds(service.server.pid) - before[1]].map((s) => (s / REQUESTS) * 1000));
      non2xx.set(name, non2xx.get(name) + result.non2xx);
    }
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const floorTotal = median(rounds.get('floor').map(([c, s]) => c + s));
  for (const [name] of targets) {
    const measured = rounds.get(name);
    const totals = measured.map(([c, s]) => c + s);
    const [inCheckout, inService, total] = [median(measured.map(([c]) => c)), median(measured.map(([, s]) => s)), median(totals)];
    const bad = non2xx.get(name);
    console.log(
      `  ${name.padEnd(8)} checkout ${inCheckout.toFixed(1).padStart(5)}  service ${inService.toFixed(1).padStart(5)}  total ${total.toFixed(1).padStart(5)}` +
        ` (${Math.min(...totals).toFixed(1)}–${Math.max(...totals).toFixed(1)})  floor/page ${(floorTotal / total).toFixed(2)}×${bad ? `  (${bad} non-2xx)` : ''}`,
    );
  }
} finally {
  checkout.server.kill('SIGTERM');
  service.server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  database.stop();
}
