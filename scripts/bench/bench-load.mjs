/**
 * bench:load: the render path and the payment post on ONE checkout instance, measured
 * side by side in one run, as ratios to references of the same build:
 * 1. pages: the static home page, the floor (/bench-floor/{id}: a dynamic page that awaits the
 *    request, renders the root layout and reads the pay-in once through the same client), and
 *    the card, APM, cashier and status pages; after a warm-up of WARMUP (3) s each at the same
 *    load, ROUNDS (3) alternating rounds of DURATION (5) s with autocannon at CONNECTIONS (20):
 *    requests per second, p50 and p99, each the median of the rounds;
 * 2. the payment: CUSTOMERS (50, then 200) customers, their pay-ins created and card pages
 *    loaded first, all paying at once: by a direct `POST /public/payin/{id}/process/card` to the
 *    service (the call our server makes: the reference), then through the card form's real
 *    server-action post; p50 and p99 of each, and their ratio;
 * 3. the checkout's resident memory (RSS of its process tree) after the load.
 * The service runs in its own process (SANDBOX=1 on port 3240) on a PostgreSQL server of its own
 * (the production shape; BENCH_DB=pglite: PGlite), the checkout on 3241 calls it
 * over loopback, as a deployment would; EMBEDDED=1 runs the same on one process with the
 * embedded sandbox, to show what the sandbox in the same process costs. Goals: card
 * page ≥ 0.7× the floor; card post ≤ 1.3× the direct call at 50 customers, ≤ 1.5× at 200.
 *
 *   npm run build && npm run bench:load
 *   DURATION=3 ROUNDS=2 CUSTOMERS=50,200 EMBEDDED=1 npm run bench:load
 */
import autocannon from 'autocannon';
import { benchDatabase, rssMb } from './bench-support.mjs';
import { startServer } from '../support/production-server.mjs';
import { ONE_ADDRESS_LIMITS } from '../support/one-address-limits.mjs';
import { createPayin, createSession, payPayin } from '../support/sandbox-merchant.mjs';
import { launch } from '../support/launch.mjs';
import { percentile } from '../support/percentile.mjs';
import { hiddenFields } from '../forms/card-form-post.mjs';
import { createPaymentsClient, must } from '../../lib/payments-api/merchant-client.ts';

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const WARMUP = Number(process.env.WARMUP ?? 3);
const CROWDS = (process.env.CUSTOMERS ?? '50,200').split(',').map(Number);
const EMBEDDED = process.env.EMBEDDED === '1';

// Every customer of the bench comes from 127.0.0.1 with the same test card.
const unlimited = {
  ...ONE_ADDRESS_LIMITS,
  BENCH_FLOOR: '1',
  LOG_LEVEL: 'warn',
};
// The service's iframeUrls point at the checkout; the checkout sends the customer to the service's ACS.
// Its database is a PostgreSQL server of its own (the production shape; BENCH_DB=pglite: PGlite).
const database = EMBEDDED ? null : benchDatabase('bench-load');
if (database) console.log(`the service's database: ${database.label}`);
const service = EMBEDDED
  ? null
  : await startServer('bench-load-service', 3240, {
      ...unlimited,
      ...database?.env,
      SANDBOX: '1',
      CHECKOUT_URL: 'http://localhost:3241',
      SANDBOX_PUBLIC_URL: 'http://localhost:3240',
    });
const checkout = await startServer(
  'bench-load-checkout',
  3241,
  EMBEDDED
    ? unlimited
    : {
        ...unlimited,
        SANDBOX: '0',
        SANDBOX_PUBLIC_URL: 'http://localhost:3240',
        PAYMENTS_API_BASE_URL: 'http://127.0.0.1:3240/sandbox/api',
        PAYMENTS_API_TOKEN: 'sbx_checkout',
      },
);
const serviceOrigin = service?.origin ?? checkout.origin;
const pages = createPaymentsClient({ baseUrl: `${serviceOrigin}/sandbox/api`, token: 'sbx_checkout' });

try {
  const payin = await createPayin(serviceOrigin);
  const paid = await createPayin(serviceOrigin);
  await payPayin(serviceOrigin, paid.paymentId);
  const session = await createSession(serviceOrigin);
  // The cashier opens by its launch address: the page is then served to the browser holding it.
  const { url: cashierUrl, cookie: cashierCookie } = await launch(session.checkoutUrl, { checkoutOrigin: checkout.origin });
  const targets = [
    ['static (home)', `${checkout.origin}/`, {}],
    ['floor', `${checkout.origin}/bench-floor/${payin.paymentId}`, {}],
    ['card', payin.iframeUrls.card, {}],
    ['APM', payin.iframeUrls.apm, {}],
    ['cashier', cashierUrl, cashierCookie ? { cookie: cashierCookie } : {}],
    ['status', `${checkout.origin}/payments/payin/${paid.paymentId}/status`, {}],
  ];
  const runs = Object.fromEntries(targets.map(([name]) => [name, { rps: [], p50: [], p99: [], bad: 0 }]));
  // Warm-up at the rounds' own load (WARMUP s each), so no round is a warm-up artefact.
  for (const [, url, headers] of targets) await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP });
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, url, headers] of targets) {
      const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
      runs[name].rps.push(result.requests.average);
      runs[name].p50.push(result.latency.p50);
      runs[name].p99.push(result.latency.p99);
      runs[name].bad += result.non2xx + result.errors;
    }
  }
  // The median of the rounds: one slow round (a collection, the machine's other work) moves it least.
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  console.log(
    `one checkout instance (${EMBEDDED ? 'embedded sandbox in the same process' : 'service in its own process'}); ${WARMUP} s warm-up each, then ${ROUNDS} alternating rounds of ${DURATION} s, ${CONNECTIONS} connections; medians of the rounds`,
  );
  const floor = median(runs.floor.rps);
  const home = median(runs['static (home)'].rps);
  for (const [name] of targets) {
    const r = runs[name];
    console.log(
      `  ${name.padEnd(14)} ${median(r.rps).toFixed(0).padStart(6)} req/s  p50 ${median(r.p50).toFixed(0).padStart(4)} ms  p99 ${median(r.p99).toFixed(0).padStart(4)} ms  ` +
        `${(median(r.rps) / floor).toFixed(2)}× floor  ${(median(r.rps) / home).toFixed(2)}× static${r.bad ? `  (${r.bad} non-2xx or errors)` : ''}`,
    );
  }
  // The pages' goals against the floor (README, "Performance").
  for (const [name, goal] of [
    ['card', 0.8],
    ['APM', 0.85],
    ['cashier', 0.75],
    ['status', 0.95],
  ]) {
    const ratio = median(runs[name].rps) / floor;
    console.log(`${name} page / floor: ${ratio.toFixed(2)}× (goal ≥ ${goal}×${ratio >= goal ? '' : ': not met'})`);
  }

  const card = { cardNumber: '4242424242424242', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2034', cvv: '123' };
  for (const customers of CROWDS) {
    // Prepared first (pay-ins created, card pages loaded), then every customer pays at once:
    // the timed part is the processing call alone against the form post alone.
    const prepare = async () => Promise.all(Array.from({ length: customers }, () => createPayin(serviceOrigin)));
    const atOnce = async (items, task) => {
      const latencies = [];
      let errors = 0;
      await Promise.all(
        items.map(async (item) => {
          try {
            latencies.push(await task(item));
          } catch {
            errors += 1;
          }
        }),
      );
      return { latencies, errors };
    };
    const direct = await atOnce(await prepare(), async ({ paymentId }) => {
      const started = performance.now();
      const answer = await pages.POST('/public/payin/{payinId}/process/card', {
        params: { path: { payinId: paymentId } },
        body: { browser: { javascriptEnabled: true }, cardData: card, saveCard: false },
      });
      const ms = performance.now() - started;
      if (must(answer, 'process').status !== 'SUCCESS') throw new Error('not paid');
      return ms;
    });
    const forms = await Promise.all(
      (await prepare()).map(async ({ iframeUrls }) => {
        const html = await (await fetch(iframeUrls.card)).text();
        const body = new FormData();
        for (const [name, value] of Object.entries({
          ...hiddenFields(html),
          cardNumber: card.cardNumber,
          expiry: '12/34',
          cvv: card.cvv,
          cardHolderName: card.cardHolderName,
        }))
          body.append(name, value);
        return { url: iframeUrls.card, body };
      }),
    );
    const viaPage = await atOnce(forms, async ({ url, body }) => {
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', body, headers: { Origin: checkout.origin }, redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status >= 400) throw new Error(`post ${response.status}`);
      return performance.now() - started;
    });
    const line = (label, run) =>
      `  ${label} p50 ${percentile(run.latencies, 50).toFixed(0)} ms, p99 ${percentile(run.latencies, 99).toFixed(0)} ms, ${run.errors} errors`;
    console.log(`${customers} concurrent customers, all paying at once:`);
    console.log(line('direct process/card (reference)', direct));
    console.log(line('card form post                 ', viaPage));
    const goal = customers <= 50 ? 1.3 : 1.5;
    const ratio = (p) => (percentile(viaPage.latencies, p) / percentile(direct.latencies, p)).toFixed(2);
    console.log(`  card form post / direct call: p50 ${ratio(50)}×, p99 ${ratio(99)}× (goal ≤ ${goal}×)`);
    if (direct.errors + viaPage.errors > 0) process.exitCode = 1;
  }
  console.log(`RSS after the load: checkout ${rssMb(checkout.server.pid)} MB${service ? `, service ${rssMb(service.server.pid)} MB` : ''}`);
} finally {
  checkout.server.kill('SIGTERM');
  service?.server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  database?.stop();
}
