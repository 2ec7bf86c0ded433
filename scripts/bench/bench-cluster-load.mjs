/**
 * bench:cluster-load. Load through the cluster (issue "Several instances…"): starts `npm run cluster` (two checkout
 * instances and two sandbox processes behind HAProxy, on PostgreSQL), then measures, in one run:
 * 1. the reference: CUSTOMERS concurrent customers (default 200) whose pay-in is processed by a
 *    direct `POST /public/payin/{id}/process/card` to the service (the call our server makes);
 * 2. the same number of customers paying through the card form's real server-action post (what
 *    the page posts without JavaScript) via HAProxy: each loads the card page, then posts it;
 * 3. page renders: autocannon on the card page and on the home page of the same build through
 *    HAProxy, alternated, 2 rounds of DURATION seconds each.
 * Prints throughput, p50/p95/p99, errors (must be 0), double charges found in the service's
 * records (must be 0: a pay-in with more than one attempt or a status other than SUCCESS), and
 * the ratios: payment round trip / direct process call (goal ≤ 1.2×), card page / home page
 * requests per second (goal ≥ 0.5×). The instances run with the velocity limits raised, since
 * every customer here comes from 127.0.0.1 with the same test card.
 *
 *   npm run build && npm run bench:cluster-load
 *   CUSTOMERS=50 DURATION=5 npm run bench:cluster-load
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile } from '../support/percentile.mjs';
import { hiddenFields } from '../forms/card-form-post.mjs';
import { startCluster } from '../cluster/cluster.mjs';
import { createPaymentsClient } from '../../lib/payments-api/merchant-client.ts';
import { createPayin } from '../support/sandbox-merchant.mjs';

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 200);
const DURATION = Number(process.env.DURATION ?? 10);
const browser = { javascriptEnabled: true };

const cluster = await startCluster({
  instanceEnv: {
    LIMIT_CARD_ATTEMPTS_PER_IP: '1000000/3600',
    LIMIT_CARD_ATTEMPTS_PER_CARD: '1000000/86400',
    LIMIT_LAUNCHES_PER_IP: '1000000/60',
    LOG_LEVEL: 'warn',
  },
});
const db = new pg.Client({ connectionString: cluster.databaseUrl });
await db.connect();

// The typed client (lib/payments-api/merchant-client.ts) as the hosted pages.
const pages = createPaymentsClient({ baseUrl: `${cluster.sandbox}/sandbox/api`, token: 'sbx_checkout' });
/** A EUR 10 pay-in of a new customer of the demo merchant. */
const newPayin = () => createPayin(cluster.sandbox, 'sbx_demo_merchant', { amount: 10, externalUserId: `load-${randomUUID()}` });

/** Runs `task` for every customer at once; answers latencies (ms), errors and the wall time (s). */
async function crowd(task) {
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CUSTOMERS }, async () => {
      try {
        const ms = await task();
        latencies.push(ms);
      } catch {
        errors += 1;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

const describe = (label, run) =>
  console.log(
    `${label}: ${run.latencies.length} ok, ${run.errors} errors, ${(run.latencies.length / run.seconds).toFixed(1)} payments/s; ` +
      `p50 ${percentile(run.latencies, 50).toFixed(0)} ms, p95 ${percentile(run.latencies, 95).toFixed(0)} ms, p99 ${percentile(run.latencies, 99).toFixed(0)} ms`,
  );

try {
  const payins = [];
  // 1. The reference: the service's own processing call.
  const direct = await crowd(async () => {
    const payin = await newPayin();
    payins.push(payin.paymentId);
    const started = performance.now();
    const answer = await pages.POST('/public/payin/{payinId}/process/card', {
      params: { path: { payinId: payin.paymentId } },
      body: {
        browser,
        cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2034', cvv: '123' },
        saveCard: false,
      },
    });
    const ms = performance.now() - started;
    if (answer.data?.status !== 'SUCCESS') throw new Error(`direct ${answer.response.status}`);
    return ms;
  });

  // 2. Through HAProxy and a checkout instance: the card form's server-action post.
  const postStatuses = new Map();
  const withNextPage = [];
  const viaCheckout = await crowd(async () => {
    const payin = await newPayin();
    payins.push(payin.paymentId);
    const url = payin.iframeUrls.card;
    const page = await fetch(url);
    const fields = {
      ...hiddenFields(await page.text()),
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvv: '123',
      cardHolderName: 'Ada Lovelace',
    };
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', body, headers: { Origin: new URL(url).origin }, redirect: 'manual' });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status >= 400) throw new Error(`post ${response.status}`);
    postStatuses.set(response.status, (postStatuses.get(response.status) ?? 0) + 1);
    // Then the page the answer sends the customer to (the status page), as a browser would.
    const location = response.headers.get('location');
    if (location) {
      const next = await fetch(new URL(location, url));
      await next.arrayBuffer();
      withNextPage.push(performance.now() - started);
    }
    return ms;
  });

  // The service's records: every pay-in charged once.
  const { rows } = await db.query('SELECT id, status, attempt_count FROM payins WHERE id = ANY($1)', [payins]);
  const doubleCharges = rows.filter((row) => row.attempt_count !== 1).length;
  const notPaid = rows.filter((row) => row.status !== 'SUCCESS').length;

  // 3. Page renders, alternated.
  const cardUrl = (await newPayin()).iframeUrls.card;
  const rate = { card: [], home: [] };
  for (let round = 0; round < 2; round += 1) {
    for (const [name, url] of [
      ['card', cardUrl],
      ['home', `${cluster.lb}/`],
    ]) {
      const result = await autocannon({ url, connections: 20, duration: DURATION });
      rate[name].push(result.requests.average);
      if (result.non2xx || result.errors) console.log(`  ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
  }
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

  console.log(`cluster: HAProxy → 2 checkout instances → HAProxy → 2 sandbox processes → PostgreSQL; ${CUSTOMERS} concurrent customers`);
  describe('direct process/card to the service (reference)', direct);
  describe('card form post through the checkout          ', viaCheckout);
  console.log(
    `  post answers: ${[...postStatuses].map(([status, n]) => `${n}× ${status}`).join(', ')}; with the next page: p50 ${percentile(withNextPage, 50).toFixed(0)} ms, p95 ${percentile(withNextPage, 95).toFixed(0)} ms`,
  );
  console.log(
    `service records: ${rows.length} pay-ins, ${notPaid} not SUCCESS, ${doubleCharges} with more than one attempt (double charges)`,
  );
  console.log(
    `payment round trip / direct call: p50 ${(percentile(viaCheckout.latencies, 50) / percentile(direct.latencies, 50)).toFixed(2)}×, p95 ${(percentile(viaCheckout.latencies, 95) / percentile(direct.latencies, 95)).toFixed(2)}× (goal ≤ 1.2×)`,
  );
  console.log(
    `page renders: card ${mean(rate.card).toFixed(0)} req/s, home ${mean(rate.home).toFixed(0)} req/s: ${(mean(rate.card) / mean(rate.home)).toFixed(2)}× (goal ≥ 0.5×)`,
  );
  if (direct.errors + viaCheckout.errors + doubleCharges + notPaid > 0) process.exitCode = 1;
} finally {
  await db.end().catch(() => undefined);
  await cluster.stop();
}
