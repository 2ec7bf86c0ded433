/**
 * Flows through the cluster (npm run test:cluster, part of npm test): starts it
 * (scripts/cluster/cluster.mjs: two checkout instances behind nginx configured as ingress-nginx,
 * two sandbox processes behind HAProxy, on
 * PostgreSQL), then, each request free to land on any instance or process:
 * - a card pay-in paid through the card form's real server-action post, and one whose client
 *   forges a padded X-Forwarded-For (the address the ingress saw reaches the PSP);
 * - the ingress's X-Forwarded-Host (the customer's host) accepted, a forged one refused (400),
 *   through the ingress and straight to an instance;
 * - a 3DS pay-in: the post leads to the service's ACS on its own origin, the challenge is passed;
 * - a cashier deposit (a session pay-in paid by card) and a withdrawal (destination given, confirmed);
 * - one declined attempt posted to both checkout instances at once: counted once;
 * - one processing call with one Idempotency-Key sent to both sandbox processes at once: one effect;
 * - parallel withdrawals of the whole balance: one payout;
 * - the widget's event stream through the ingress: a balance change arrives;
 * - every webhook of the run delivered once, counted by its id at a receiver that answers 2xx,
 *   while both sandbox workers run;
 * - a real Prometheus (scripts/cluster/cluster-prometheus.mjs) scraping both instances with the
 *   rules of deploy/prometheus: every recording rule, alert and dashboard query evaluates, and
 *   every metric they read has series.
 * The merchant's calls are in cluster-smoke-merchant.mjs, the three races (one attempt, one
 * processing call, parallel withdrawals) in cluster-smoke-races.mjs.
 * Prints each check and exits non-zero when one fails.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { postCardForm, postPageForm } from '../forms/card-form-post.mjs';
import { startCluster } from './cluster.mjs';
import { startPrometheus } from './cluster-prometheus.mjs';
import { checkRaces } from './cluster-smoke-races.mjs';
import { card, smokeMerchant } from './cluster-smoke-merchant.mjs';
import { launch } from '../support/launch.mjs';
import { must } from '../../lib/payments-api/merchant-client.ts';

/** The merchant's webhook receiver (loopback): counts deliveries by X-Webhook-Id, answers 204. */
const received = new Map();
const receiver = http.createServer((request, response) => {
  const id = request.headers['x-webhook-id'];
  request.resume();
  request.on('end', () => {
    if (typeof id === 'string') received.set(id, (received.get(id) ?? 0) + 1);
    response.writeHead(204).end();
  });
});
await new Promise((resolve) => receiver.listen(3600, '127.0.0.1', resolve));

const cluster = await startCluster();
let failures = 0;
const check = (label, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures += 1;
};
// The typed client (lib/payments-api/merchant-client.ts) as the merchant (cluster-smoke-merchant.mjs).
const { merchant, payin, newPayin, newSession } = smokeMerchant(cluster.sandbox);

const db = new pg.Client({ connectionString: cluster.databaseUrl });
await db.connect();
await db.query("UPDATE merchants SET webhook_url = 'http://127.0.0.1:3600/hooks' WHERE token = 'sbx_demo_merchant'");
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Opens a launch address as a browser would (docs/design.md, E22) and answers its cookie: the browser that now holds the page. */
const cookieOf = async (launchUrl) => (await launch(launchUrl)).cookie;

try {
  const paid = await newPayin();
  check('iframeUrls point at the ingress', paid.iframeUrls.card.startsWith(cluster.lb), paid.iframeUrls.card);
  // The ingress sets X-Forwarded-Host to the host the customer asked for: CHECKOUT_URL's passes
  // (every flow below), another is refused, through the ingress and straight to an instance.
  const statusOf = (url, headers) =>
    new Promise((resolve, reject) => {
      const request = http.get(url, { headers, agent: false }, (response) => {
        response.resume();
        resolve({ status: response.statusCode });
      });
      request.on('error', reject);
    });
  const forgedHost = await statusOf(`${cluster.lb}/api/health`, { Host: 'evil.example' });
  const straight = await statusOf(`${cluster.instances[0]}/api/health`, { 'X-Forwarded-Host': 'evil.example' });
  check(
    'a host the checkout does not serve is refused, through the ingress and straight to an instance',
    forgedHost.status === 400 && straight.status === 400,
    `${forgedHost.status}, ${straight.status}`,
  );
  await postCardForm(paid.iframeUrls.card, card('4242424242424242'));
  check('a card pay-in through the ingress is SUCCESS', (await payin(paid.paymentId)).status === 'SUCCESS');

  // A client that pads X-Forwarded-For past 4 KB and forges an address at the
  // end is still known by the address the ingress saw (TRUSTED_PROXY_HOPS=1), also by the PSP.
  const forged = await newPayin();
  await postCardForm(forged.iframeUrls.card, card('4242424242424242'), { 'X-Forwarded-For': `${'6.6.6.6, '.repeat(600)}203.0.113.7` });
  const forgedIp = (await payin(forged.paymentId)).metadata?.ipAddress;
  check(
    'a padded, forged X-Forwarded-For through the ingress: the PSP gets the address the ingress saw',
    forgedIp === '127.0.0.1',
    `metadata.ipAddress ${forgedIp}`,
  );

  const challenged = await newPayin();
  const toAcs = await postCardForm(challenged.iframeUrls.card, card('4000000000003220'));
  check(
    'a 3DS post leads to the service’s ACS on its own origin',
    toAcs.url.startsWith(cluster.sandbox) &&
      toAcs.html.includes('Confirm payment') &&
      (await payin(challenged.paymentId)).status === 'PENDING_3DS',
    toAcs.url,
  );
  const passed = await postPageForm(toAcs.url, toAcs.html, { outcome: 'pass' });
  check(
    'the challenge passed at the ACS, the 3DS pay-in is SUCCESS and the customer is back on the checkout',
    (await payin(challenged.paymentId)).status === 'SUCCESS' && passed.url.startsWith(cluster.lb),
    passed.url,
  );

  const wallet = await newSession(50);
  // The merchant's deposit and withdrawal in a session no browser holds yet, then the customer's browser opens it.
  const deposit = must(
    await merchant.POST('/public/cashier/session/{sessionId}/payin', {
      params: { path: { sessionId: wallet.sessionId } },
      body: { amount: 20 },
    }),
    'deposit',
  );
  await postCardForm(deposit.iframeUrls.card, card('4242424242424242'));
  check('a cashier deposit paid by card through the ingress is SUCCESS', (await payin(deposit.paymentId)).status === 'SUCCESS');
  const withdrawal = must(
    await merchant.POST('/public/cashier/session/{sessionId}/payout', {
      params: { path: { sessionId: wallet.sessionId } },
      body: { value: 15 },
    }),
    'withdrawal',
  );
  // The customer's browser holds the session: its cookie, from opening the cashier's address, goes with the destination.
  const holder = await cookieOf(wallet.checkoutUrl);
  await postCardForm(
    withdrawal.iframeUrls.card,
    { cardNumber: '4242424242424242', expiry: '12/34', cardHolderName: 'Ada Lovelace' },
    { cookie: holder },
  );
  const confirmed = (await merchant.PUT('/public/payout/{payoutId}/confirm', { params: { path: { payoutId: withdrawal.payoutId } } }))
    .response.status;
  check('a withdrawal: destination given through the ingress, confirmed by the merchant', confirmed === 204, `confirm ${confirmed}`);

  // Races: one thing asked of two members of the cluster at once has one effect (cluster-smoke-races.mjs).
  await checkRaces(cluster, { merchant, payin, newPayin, newSession }, check);

  const live = await newSession(10);
  const events = [];
  const liveHolder = await cookieOf(live.widgetUrl);
  const stream = http.get(`${cluster.lb}/api/cashier/${live.sessionId}/events`, { headers: { cookie: liveHolder } }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk) => events.push(chunk));
  });
  stream.on('error', () => undefined);
  await wait(1_000);
  const changedAt = Date.now();
  await merchant.PUT('/public/cashier/session/{sessionId}/balance', {
    params: { path: { sessionId: live.sessionId } },
    body: { balance: 12.34 },
  });
  while (!events.join('').includes('"balance":12.34') && Date.now() - changedAt < 5_000) await wait(25);
  const delay = Date.now() - changedAt;
  stream.destroy();
  check('the widget’s event stream through the ingress shows a balance change', events.join('').includes('"balance":12.34'), `${delay} ms`);

  // Every webhook of the run, delivered once although both sandbox workers run.
  let undelivered = Infinity;
  for (let i = 0; i < 100 && undelivered > 0; i += 1) {
    undelivered = Number(
      (await db.query("SELECT count(*) AS n FROM webhook_deliveries WHERE delivered_at IS NULL AND url LIKE 'http://127.0.0.1:3600/%'"))
        .rows[0].n,
    );
    if (undelivered > 0) await wait(200);
  }
  const { rows } = await db.query("SELECT id FROM webhook_deliveries WHERE url LIKE 'http://127.0.0.1:3600/%'");
  const deliveredTwice = [...received.values()].filter((n) => n > 1).length;
  const missing = rows.filter((row) => !received.has(row.id)).length;
  check(
    'every webhook delivered exactly once with two sandbox workers',
    rows.length > 0 && undelivered === 0 && deliveredTwice === 0 && missing === 0 && received.size === rows.length,
    `${rows.length} deliveries, ${received.size} ids received, ${deliveredTwice} twice, ${missing} missing`,
  );

  // Each instance measures its frames: a card page's beacon (app/api/vitals) as a browser sends it, so the
  // vitals histogram and its recording rules have series below.
  const view = () => randomUUID().replaceAll('-', '');
  const beacons = await Promise.all(
    cluster.instances.map((instance) =>
      fetch(`${instance}/api/vitals`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: instance },
        body: JSON.stringify({ page: 'card', view: view(), locale: 'en', metrics: { lcp: 850, ttfb: 120, fcp: 700, cls: 0 } }),
      }).then((r) => r.status),
    ),
  );
  check(
    'each instance takes a card page’s web-vitals beacon',
    beacons.every((s) => s === 204),
    `answers ${beacons}`,
  );

  // A real Prometheus scrapes both instances with the rules loaded: every recording rule, alert
  // and dashboard query is evaluated against it, and every metric the rules read has series for
  // the traffic above (scripts/ops/prometheus-queries.mjs --require-metrics).
  await wait(3_000);
  const prometheus = await startPrometheus(cluster.metrics);
  try {
    // Two evaluation rounds after the scrapes, so that the recording rules have samples too.
    await wait(5_000);
    const queries = spawnSync(process.execPath, ['scripts/ops/prometheus-queries.mjs', prometheus.url, '--require-metrics'], {
      encoding: 'utf8',
    });
    const lines = queries.stdout.trim().split('\n');
    const withData = lines.filter((line) => /\bdata \(\d+ series\)|\bfiring\b/.test(line)).length;
    check(
      'a real Prometheus scrapes both instances: every rule, alert and dashboard query evaluates, every metric they read has series',
      queries.status === 0,
      `${lines.length} lines, ${withData} with data or firing${queries.status === 0 ? '' : `; ${queries.stderr.trim() || lines.slice(-5).join(' | ')}`}`,
    );
  } finally {
    await prometheus.stop();
  }
} finally {
  await db.end().catch(() => undefined);
  receiver.close();
  await cluster.stop();
}
console.log(failures === 0 ? 'cluster smoke: all checks passed' : `cluster smoke: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
