/**
 * npm run test:failover (README "Database failover"): a failover of the database under load, on
 * loopback only.
 *
 * Starts two PostgreSQL servers under Patroni in synchronous mode with HAProxy routing to the
 * primary (scripts/cluster/patroni.mjs), then the cluster of `npm run cluster`
 * (scripts/cluster/cluster.mjs: two sandbox processes of the payments service, two checkout
 * instances, HAProxy) on HAProxy's PostgreSQL port. With CUSTOMERS customers paying (default 200:
 * pay-ins created by the merchant API, half paid by the card form's post through the checkout,
 * half by the processing call the checkout makes; each request with its Idempotency-Key or
 * attempt key, repeated with the same key after a 5xx or a network error, as a real client does)
 * and WIDGETS withdrawal widgets (default 200) on their event streams, it sends SIGKILL to the
 * primary's postmaster, and prints:
 * - the time until a new primary accepts writes (through HAProxy) and until the checkouts answer again;
 * - the errors customers saw, by kind;
 * - the ledger after: every pay-in a customer was told is paid is SUCCESS in the database; none
 *   was charged twice (attempts per pay-in, processing answers per pay-in); every webhook
 *   delivered at least once (by webhook-id, at a receiver on loopback that verifies the Standard
 *   Webhooks signature) and no event processed twice; every widget back on its live stream and
 *   receiving a balance change made after the failover.
 * Exits 1 when a goal is missed: a new primary within 20 s, nothing lost, nothing charged twice,
 * every webhook delivered, every widget live again, every customer paid in the end, no
 * connection of the processes' pools lost for good.
 *
 * FAILOVER_STRICT=1 runs Patroni with synchronous_mode_strict (see the README). LOAD_BEFORE_S
 * (20) and LOAD_AFTER_S (15): seconds of paying before the kill and after the checkouts answer
 * again; TYPING_MS (8000-12000): how long a customer takes to type the card.
 *
 * This file runs the test and prints the figures; its parts: the requests and error counts
 * (failover-requests.mjs), the paying customers (failover-customers.mjs), the widgets
 * (failover-widgets.mjs), the webhook receiver (failover-webhooks.mjs), the probes and pools
 * (failover-probes.mjs), the ledger after (failover-ledger.mjs).
 */
import pg from 'pg';
import { percentile } from '../support/percentile.mjs';
import { startCluster } from './cluster.mjs';
import { startPatroniCluster } from './patroni.mjs';
import { seen, since, sleep } from './failover-requests.mjs';
import { payOnce } from './failover-customers.mjs';
import { openWidgets } from './failover-widgets.mjs';
import { createWebhookReceiver } from './failover-webhooks.mjs';
import { failureIntervals, outage, poolsAtRest, probeHttp, probeWrites } from './failover-probes.mjs';
import { drainWebhooks, readLedger } from './failover-ledger.mjs';

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 200);
const WIDGETS = Number(process.env.WIDGETS ?? 200);
const LOAD_BEFORE_S = Number(process.env.LOAD_BEFORE_S ?? 20);
const LOAD_AFTER_S = Number(process.env.LOAD_AFTER_S ?? 15);
const STRICT = process.env.FAILOVER_STRICT === '1';
const GOAL_PRIMARY_S = 20;
const RECEIVER_PORT = Number(process.env.RECEIVER_PORT ?? 3610);
const METRICS_PORTS = { 'sandbox a': 3490, 'sandbox b': 3491, 'instance a': 3492, 'instance b': 3493 };

const wallStart = performance.now();
const receiver = createWebhookReceiver();
const { deliveries } = receiver;

// --- The run -----------------------------------------------------------------------------------
await new Promise((resolve) => receiver.server.listen(RECEIVER_PORT, '127.0.0.1', resolve));
console.log(`starting PostgreSQL × 2 under Patroni (synchronous mode${STRICT ? ', strict' : ''}), etcd and HAProxy…`);
const database = await startPatroniCluster({ strict: STRICT });
let cluster;
let db;
const stops = [];
let failed = 0;
let cleaned = null;
/** Stops everything this run started (also on Ctrl-C or an error thrown outside the run). */
const cleanup = () =>
  (cleaned ??= (async () => {
    for (const stop of stops) stop();
    await db?.end().catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    await database.stop().catch(() => undefined);
    receiver.server.close();
  })());
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().then(() => process.exit(130)));
process.once('uncaughtException', (error) => {
  console.error(error);
  void cleanup().then(() => process.exit(1));
});
const goal = (label, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` (${detail})` : ''}`);
  if (!ok) failed += 1;
};
try {
  // The cluster's sandbox processes and checkout instances (velocity limits too) on HAProxy's port.
  process.env.DATABASE_URL = database.url;
  console.log('starting the cluster (2 sandbox processes, 2 checkout instances, HAProxy) on it…');
  cluster = await startCluster({
    instanceEnv: {
      // Every customer here is 127.0.0.1 with one test card.
      LIMIT_CARD_ATTEMPTS_PER_IP: '1000000/3600',
      LIMIT_CARD_FAILURES_PER_IP: '1000000/3600',
      LIMIT_CARD_ATTEMPTS_PER_CARD: '1000000/86400',
      LIMIT_CARD_FAILURES_PER_CARD: '1000000/86400',
      LIMIT_BIN_LOOKUPS_PER_IP: '1000000/3600',
      // Every page is launched from this one address (/api/launch, LIMIT_LAUNCHES_PER_IP).
      LIMIT_LAUNCHES_PER_IP: '1000000/60',
      LIVE_STREAMS_PER_IP: '100000',
    },
    logDir: database.logDir,
    // Each process's pools are read on its metrics port at the end.
    processEnv: Object.fromEntries(
      Object.entries(METRICS_PORTS).map(([name, port]) => [name, { METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' }]),
    ),
  });
  const { lb, sandbox } = cluster;
  // A pool, with a listener for the 'error' of a connection the failover ends (else thrown).
  db = new pg.Pool({ connectionString: database.url, max: 2 });
  db.on('error', () => undefined);
  await db.query('CREATE TABLE failover_probe (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
  const hook = `http://127.0.0.1:${RECEIVER_PORT}/hooks`;
  const { rows: merchantRows } = await db.query(
    "UPDATE merchants SET webhook_url = $1 WHERE token = 'sbx_demo_merchant' RETURNING webhook_secret",
    [hook],
  );
  receiver.trust(merchantRows[0].webhook_secret);
  const merchantAuth = { Authorization: 'Bearer sbx_demo_merchant' };
  const api = `${sandbox}/sandbox/api`;

  // The widgets: one browser holds every session (it opened each widget's launch address).
  console.log(`opening ${WIDGETS} withdrawal widgets…`);
  const { widgets, changeBalances } = await openWidgets({ count: WIDGETS, api, lb, merchantAuth });
  // A stream refused while the instances warm up is asked for again within 30 s.
  const readyBefore = await changeBalances(101.01, 45_000);
  goal('every widget live before the failover', readyBefore === widgets.length, `${readyBefore}/${widgets.length}`);
  if (seen.size > 0) console.log(`  while opening them: ${[...seen].map(([kind, n]) => `${n}× ${kind}`).join('; ')}`);
  seen.clear();

  // The customers.
  const payments = [];
  let paying = true;
  console.log(`${CUSTOMERS} customers paying; the primary's postmaster is killed after ${LOAD_BEFORE_S} s…`);
  const loadStart = performance.now();
  const customers = Array.from({ length: CUSTOMERS }, async (_, index) => {
    // Customers arrive over the first half of the time before the kill, not all in one second.
    await sleep(Math.random() * (LOAD_BEFORE_S / 2) * 1000);
    while (paying) await payOnce(index, { api, lb, merchantAuth, payments });
  });

  const writes = [];
  const ready = [];
  stops.push(probeWrites(database.url, writes), probeHttp(`${lb}/api/ready`, ready));
  await sleep(LOAD_BEFORE_S * 1000);
  const primary = await database.primary();
  const paidBeforeKill = payments.filter((p) => p.told === 'SUCCESS').length;
  const pid = database.killPostmaster(primary);
  const killedAt = performance.now();
  console.log(`SIGKILL to ${primary.name}'s postmaster (pid ${pid}) at ${since(loadStart).toFixed(1)} s, ${paidBeforeKill} payments done`);

  // The new primary, as Patroni says and as HAProxy routes writes.
  let promoted = null;
  let standbyAgain = null;
  const other = database.nodes.find((n) => n !== primary);
  while (performance.now() - killedAt < 120_000) {
    if (promoted === null && (await database.patroniStatus(other.api, '/primary')) === 200) promoted = since(killedAt);
    if (standbyAgain === null && promoted !== null && (await database.patroniStatus(primary.api, '/sync')) === 200)
      standbyAgain = since(killedAt);
    const writesBack = outage(writes, killedAt).back;
    const readyBack = outage(ready, killedAt).back;
    if (promoted !== null && writesBack !== null && readyBack !== null && ready.at(-1).ok && performance.now() - killedAt > 10_000) break;
    await sleep(100);
  }
  console.log(`paying ${LOAD_AFTER_S} s more…`);
  await sleep(LOAD_AFTER_S * 1000);
  while (standbyAgain === null && performance.now() - killedAt < 120_000) {
    if ((await database.patroniStatus(primary.api, '/sync')) === 200) standbyAgain = since(killedAt);
    else await sleep(200);
  }
  paying = false;
  await Promise.all(customers);
  const loadSeconds = since(loadStart);
  // Payments told paid per 5 s, from 15 s before the kill to 30 s after: the dip the customers saw.
  const paidPer5s = [];
  for (let from = -15; from < 30; from += 5) {
    const n = payments.filter(
      (p) => p.told === 'SUCCESS' && (p.endedAt - killedAt) / 1000 >= from && (p.endedAt - killedAt) / 1000 < from + 5,
    ).length;
    paidPer5s.push(`${from >= 0 ? '+' : ''}${from} s: ${n}`);
  }
  for (const stop of stops) stop();

  // The widgets after the failover: each must be on its stream again and show a new balance.
  const liveAfter = await changeBalances(202.02, 45_000);
  const widgetBreaks = widgets.reduce((n, w) => n + w.breaks, 0);
  const refusals = widgets.reduce((n, w) => n + w.refusals, 0);
  const refused = widgets.filter((w) => w.state === 'refused').length;
  for (const widget of widgets) widget.close();

  // The pools once nothing is asked of them (the least of five reads): a connection held was lost.
  const held = await poolsAtRest(METRICS_PORTS);

  // The ledger, then the webhooks once every delivery is marked delivered.
  const { rows, created, toldPaid, lost, missingRows, chargedTwice, keyed, successInDb, gaveUp, notPaid } = await readLedger(db, payments);
  const { undelivered, outbox, neverReceived, duplicates, paidTwiceByEvents, paidWithoutEvent } = await drainWebhooks(
    db,
    hook,
    deliveries,
    rows,
  );

  // The figures.
  const writeOutage = outage(writes, killedAt);
  const readyOutage = outage(ready, killedAt);
  const latencies = created.filter((p) => p.told === 'SUCCESS').map((p) => p.endedAt - p.startedAt);
  console.log('\n--- database failover under load ---');
  console.log(
    `setup: PostgreSQL 2 nodes under Patroni (synchronous_mode${STRICT ? ', synchronous_mode_strict' : ''}, primary_start_timeout 0), HAProxy on /primary; 2 sandbox processes and 2 checkout instances on it`,
  );
  console.log(
    `load: ${CUSTOMERS} customers for ${loadSeconds.toFixed(0)} s (${payments.length} payments, ${(toldPaid.length / loadSeconds).toFixed(1)} paid/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms); ${WIDGETS} widgets open`,
  );
  console.log(`new primary (Patroni's /primary on ${other.name}): ${promoted?.toFixed(1) ?? 'never'} s after the kill`);
  console.log(
    `writes through HAProxy: failing from ${writeOutage.firstFailure?.toFixed(1) ?? '-'} s, accepted again at ${writeOutage.back?.toFixed(1) ?? 'never'} s`,
  );
  console.log(
    `checkouts (GET /api/ready through HAProxy, 200 within 2 s): ${readyOutage.firstFailure === null ? 'never failed' : `failing from ${readyOutage.firstFailure.toFixed(1)} s, answering again at ${readyOutage.back?.toFixed(1) ?? 'never'} s, for good from ${readyOutage.stable?.toFixed(1) ?? 'never'} s`}`,
  );
  console.log(
    `  failing (s from the kill): writes ${failureIntervals(writes, killedAt)}; readiness ${failureIntervals(ready, killedAt)}; ` +
      `readiness before the kill, under the same load: ${failureIntervals(ready, killedAt, loadStart, killedAt)}`,
  );
  console.log(`payments told paid per 5 s (from the kill): ${paidPer5s.join(', ')}`);
  console.log(`old primary back as the synchronous standby: ${standbyAgain?.toFixed(1) ?? 'not within 120'} s after the kill`);
  console.log('customer-visible errors, by kind:');
  if (seen.size === 0) console.log('  none');
  for (const [kind, n] of [...seen].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${kind}`);
  console.log(
    `ledger: ${created.length} pay-ins created, ${toldPaid.length} customers told paid, ${successInDb} SUCCESS in the database; ` +
      `${lost.length} told paid but not SUCCESS (lost), ${missingRows} created but missing, ${chargedTwice.length} with more than one attempt, ` +
      `${keyed.length} with two charging answers; ${gaveUp.length} customers gave up, ${notPaid.length} told another status`,
  );
  console.log(
    `webhooks: ${outbox.length} queued, ${undelivered} not delivered, ${neverReceived} never received; ${deliveries.size} ids received ` +
      `(${duplicates.length} delivered more than once, processed once on their webhook-id), ${receiver.badSignatures()} bad signatures; ` +
      `${paidTwiceByEvents} pay-ins with two SUCCESS events, ${paidWithoutEvent} SUCCESS pay-ins without one`,
  );
  console.log(
    `widgets: ${liveAfter}/${widgets.length} live after the failover (showed a balance changed after it); ${widgetBreaks} stream breaks, ${refusals} refusals (then polling until asking again), ${refused} refused at the end`,
  );
  console.log(
    `pools at rest (connections held though nothing runs): ${Object.entries(held)
      .map(([key, n]) => `${key} ${n}`)
      .join(', ')}`,
  );
  console.log(`run time: ${since(wallStart).toFixed(0)} s`);
  console.log('');
  goal(
    `a new primary accepts writes within ${GOAL_PRIMARY_S} s`,
    writeOutage.back !== null && writeOutage.back <= GOAL_PRIMARY_S,
    `${writeOutage.back?.toFixed(1)} s`,
  );
  goal('no payment a customer was told is paid is lost', lost.length === 0 && missingRows === 0, `${lost.length} lost`);
  goal('no pay-in charged twice', chargedTwice.length === 0 && keyed.length === 0 && paidTwiceByEvents === 0);
  goal('every customer paid in the end (retrying with the same keys)', gaveUp.length === 0 && notPaid.length === 0);
  goal(
    'every webhook delivered at least once, processed once',
    undelivered === 0 && neverReceived === 0 && receiver.badSignatures() === 0 && paidWithoutEvent === 0 && outbox.length > 0,
  );
  goal('every widget back on its live stream, receiving', liveAfter === widgets.length, `${liveAfter}/${widgets.length}`);
  const leaked = Object.values(held).reduce((a, b) => a + b, 0);
  goal('the pools lost no connection for good (none held at rest)', Object.keys(held).length > 0 && leaked === 0, `${leaked} held`);
} catch (error) {
  console.error(error);
  failed += 1;
} finally {
  await cleanup();
}
console.log(failed === 0 ? 'failover: all goals met' : `failover: ${failed} goal(s) missed (logs: .data/failover/)`);
process.exit(failed === 0 ? 0 : 1);
