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
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { hiddenFields } from '../forms/card-form-post.mjs';
import { launch, percentile } from '../bench/bench-support.mjs';
import { startCluster } from './cluster.mjs';
import { startPatroniCluster } from './patroni.mjs';

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 200);
const WIDGETS = Number(process.env.WIDGETS ?? 200);
const LOAD_BEFORE_S = Number(process.env.LOAD_BEFORE_S ?? 20);
/** A customer reads the page and types the card: this many ms, at random between the two. */
const TYPING_MS = (process.env.TYPING_MS ?? '8000-12000').split('-').map(Number);
const LOAD_AFTER_S = Number(process.env.LOAD_AFTER_S ?? 15);
const STRICT = process.env.FAILOVER_STRICT === '1';
const GOAL_PRIMARY_S = 20;
const RECEIVER_PORT = Number(process.env.RECEIVER_PORT ?? 3610);
const METRICS_PORTS = { 'sandbox a': 3490, 'sandbox b': 3491, 'instance a': 3492, 'instance b': 3493 };
const typing = () => sleep(TYPING_MS[0] + Math.random() * ((TYPING_MS[1] ?? TYPING_MS[0]) - TYPING_MS[0]));
/** How long one customer keeps trying one payment before giving up (a real one would leave sooner). */
const CUSTOMER_PATIENCE_MS = 120_000;
/** One request's own limit: past it the customer's client gives up on it and tries again (the checkout allows 15 s to the service). */
const REQUEST_TIMEOUT_MS = 30_000;

const wallStart = performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const since = (t0) => (performance.now() - t0) / 1000;
const customer = JSON.parse(readFileSync('packages/sandbox/service/sample-customer.json', 'utf8'));
const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };
const card = { cardNumber: '4242424242424242', expiry: '12/34', cvv: '123', cardHolderName: 'Ada Lovelace' };
/** The card forms' form-level errors, by the text the page shows (messages/en.json). */
const formErrors = Object.entries(JSON.parse(readFileSync('messages/en.json', 'utf8')).errors).filter(
  ([, text]) => typeof text === 'string',
);
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

// --- What customers saw: every error by kind ---------------------------------------------------
const seen = new Map();
const saw = (kind) => seen.set(kind, (seen.get(kind) ?? 0) + 1);

/**
 * One request as a real client sends it: on a 5xx or a network error (or its own timeout) it is
 * sent again, the same (same Idempotency-Key, same form), after a short wait, until `deadline`.
 * `label` names the step in the error counts. Answers the last response (status < 500) with its text.
 */
async function send(label, url, init, deadline) {
  for (let attempt = 1; ; attempt += 1) {
    let status;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const text = await response.text();
      if (response.status < 500) return { status: response.status, text, headers: response.headers };
      status = response.status;
      saw(`${label}: ${status}`);
    } catch (error) {
      saw(
        `${label}: ${error?.name === 'TimeoutError' ? 'timeout' : `no answer (${error?.cause?.code ?? error?.cause?.message ?? error?.message})`}`,
      );
    }
    if (Date.now() > deadline) throw new Error(`${label}: gave up (${status ?? 'no answer'})`);
    await sleep(Math.min(2000, 250 * attempt) + Math.random() * 250);
  }
}

const json = (body, headers) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

// --- The merchant's webhook receiver ---------------------------------------------------------
/** webhook-id → { count, eventId, type, objectId, status }; a delivery is processed the first time its id is seen. */
const deliveries = new Map();
let badSignatures = 0;
let verifier = null;
const receiver = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      verifier.verify(body, request.headers);
    } catch {
      badSignatures += 1;
      response.writeHead(400).end();
      return;
    }
    const id = request.headers['webhook-id'];
    const known = deliveries.get(id);
    if (known) known.count += 1;
    else {
      const event = JSON.parse(body);
      deliveries.set(id, {
        count: 1,
        eventId: event.id,
        type: event.type,
        objectId: event.data?.object?.id,
        status: event.data?.object?.status,
      });
    }
    response.writeHead(204).end();
  });
});

// --- Withdrawal widgets on their event streams (as EventSource) --------------------------------
/**
 * One widget's stream as the widget keeps it (components/cashier/live-balance/live-balance/live-balance/live-balance/live-balance/live-balance.tsx): EventSource
 * reconnects a broken or ended stream after `retry` (3 s, the server's); a refused one (an answer
 * other than 200) it closes for good, and the widget polls, then asks for the stream again after
 * 10 to 30 s.
 */
function openWidget(lb, sessionId, cookie) {
  const widget = { sessionId, state: 'connecting', balance: null, opens: 0, breaks: 0, refusals: 0, retryMs: 3000, request: null };
  let timer;
  const connect = () => {
    if (widget.state === 'closed') return;
    widget.state = 'connecting';
    const request = http.get(
      `${lb}/api/cashier/${sessionId}/events`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          widget.state = 'refused';
          widget.refusals += 1;
          saw(`widget stream: refused ${response.statusCode} (the widget polls, asks again in 10 to 30 s)`);
          response.resume();
          timer = setTimeout(connect, 20_000 * (0.5 + Math.random()));
          return;
        }
        widget.state = 'open';
        widget.opens += 1;
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const retry = /^retry: (\d+)$/m.exec(event);
            if (retry) widget.retryMs = Number(retry[1]);
            const data = event.split('\n').find((line) => line.startsWith('data: '));
            if (event.includes('event: snapshot') && data) widget.balance = JSON.parse(data.slice(6)).balance;
          }
        });
        response.on('end', () => broken('ended'));
        response.on('error', () => broken('broken'));
      },
    );
    request.on('error', () => broken('no answer'));
    widget.request = request;
  };
  const broken = (how) => {
    if (widget.state === 'closed' || widget.state === 'reconnecting' || widget.state === 'refused') return;
    widget.state = 'reconnecting';
    widget.breaks += 1;
    saw(`widget stream: ${how} (reconnects)`);
    timer = setTimeout(connect, widget.retryMs);
  };
  widget.close = () => {
    clearTimeout(timer);
    widget.state = 'closed';
    widget.request?.destroy();
  };
  connect();
  return widget;
}

// --- Probes: the database through HAProxy, the checkouts through theirs --------------------------
function probeWrites(url, log) {
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000, query_timeout: 1000 });
      client.on('error', () => undefined);
      const at = performance.now();
      let ok = false;
      try {
        await client.connect();
        await client.query('INSERT INTO failover_probe DEFAULT VALUES');
        ok = true;
      } catch {
        // the failover
      } finally {
        await client.end().catch(() => undefined);
      }
      log.push({ at, ok });
      await sleep(100);
    }
  })();
  return () => (stopped = true);
}

function probeHttp(url, log) {
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const at = performance.now();
      let ok = false;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        ok = response.status === 200;
      } catch {
        // no answer
      }
      log.push({ at, ok });
      await sleep(200);
    }
  })();
  return () => (stopped = true);
}

/** A probe's failures from `from` to `to` as intervals (s after t0), such as "1.2–4.6, 9.0–9.4". */
function failureIntervals(log, t0, from = t0, to = Infinity) {
  const spans = [];
  let open = null;
  for (const p of log.filter((p) => p.at >= from && p.at < to)) {
    const t = ((p.at - t0) / 1000).toFixed(1);
    if (!p.ok && open === null) open = t;
    if (p.ok && open !== null) {
      spans.push(`${open}–${t}`);
      open = null;
    }
  }
  if (open !== null) spans.push(`${open}–`);
  return spans.join(', ') || 'none';
}

/** The node-postgres pools of a process (its /metrics): connections, idle ones, requests waiting; by pool. */
async function poolsOf(port) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const pools = {};
  for (const [, metric, pool, value] of text.matchAll(
    /^checkout_db_pool_(total_connections|idle_connections|waiting_clients)\{pool="(\w+)"\} (\d+)/gm,
  ))
    (pools[pool] ??= {})[metric] = Number(value);
  return pools;
}

/**
 * From a probe's log (s after t0): its first failure after `t0`, `back`: its first success after
 * that failure (the end of the outage), `stable`: its first success after its last failure.
 */
function outage(log, t0) {
  const after = log.filter((p) => p.at >= t0);
  const failures = after.filter((p) => !p.ok);
  if (failures.length === 0) return { firstFailure: null, back: 0, stable: 0 };
  const seconds = (p) => (p ? (p.at - t0) / 1000 : null);
  return {
    firstFailure: seconds(failures[0]),
    back: seconds(after.find((p) => p.ok && p.at > failures[0].at)),
    stable: seconds(after.find((p) => p.ok && p.at > failures.at(-1).at)),
  };
}

// --- The run -----------------------------------------------------------------------------------
await new Promise((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
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
    receiver.close();
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
  verifier = new Webhook(merchantRows[0].webhook_secret);
  const merchantAuth = { Authorization: 'Bearer sbx_demo_merchant' };
  const api = `${sandbox}/sandbox/api`;

  // The widgets: one browser holds every session (it opened each widget's launch address).
  console.log(`opening ${WIDGETS} withdrawal widgets…`);
  const sessions = [];
  for (let i = 0; i < WIDGETS; i += 20) {
    sessions.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, WIDGETS - i) }, async () => {
          const answer = await send(
            'widget setup',
            `${api}/public/cashier/session`,
            json(
              {
                customer: { ...customer, externalUserId: `widget-${randomUUID()}` },
                returnUrls,
                currency: 'EUR',
                kycVerified: false,
                previousTransactionCount: 0,
                balance: 100,
              },
              { ...merchantAuth, 'Idempotency-Key': randomUUID() },
            ),
            Date.now() + 60_000,
          );
          return JSON.parse(answer.text);
        }),
      )),
    );
  }
  let holder = '';
  for (const session of sessions) holder = (await launch(session.widgetUrl, { checkoutOrigin: lb, cookie: holder || undefined })).cookie;
  const widgets = sessions.map((s) => openWidget(lb, s.sessionId, holder));
  /** Changes every widget's balance through the merchant API; answers how many widgets showed it within `withinMs`. */
  const changeBalances = async (balance, withinMs) => {
    for (let i = 0; i < widgets.length; i += 20)
      await Promise.all(
        widgets
          .slice(i, i + 20)
          .map((w) =>
            send(
              'balance change',
              `${api}/public/cashier/session/${w.sessionId}/balance`,
              { method: 'PUT', headers: { 'Content-Type': 'application/json', ...merchantAuth }, body: JSON.stringify({ balance }) },
              Date.now() + 60_000,
            ),
          ),
      );
    const changedAt = performance.now();
    while (widgets.some((w) => w.balance !== balance) && performance.now() - changedAt < withinMs) await sleep(100);
    return widgets.filter((w) => w.balance === balance).length;
  };
  // A stream refused while the instances warm up is asked for again within 30 s.
  const readyBefore = await changeBalances(101.01, 45_000);
  goal('every widget live before the failover', readyBefore === widgets.length, `${readyBefore}/${widgets.length}`);
  if (seen.size > 0) console.log(`  while opening them: ${[...seen].map(([kind, n]) => `${n}× ${kind}`).join('; ')}`);
  seen.clear();

  // The customers.
  const payments = [];
  let paying = true;
  const payOnce = async (index) => {
    const deadline = Date.now() + CUSTOMER_PATIENCE_MS;
    const viaForm = index % 2 === 0;
    const payment = { via: viaForm ? 'form' : 'process', startedAt: performance.now(), told: null, paymentId: null };
    payments.push(payment);
    try {
      const created = await send(
        'merchant creates the pay-in',
        `${api}/public/payin`,
        json(
          {
            orderId: `failover-${randomUUID()}`,
            amount: 10,
            currency: 'EUR',
            kycVerified: false,
            previousTransactionCount: 0,
            customer: { ...customer, externalUserId: `failover-${index}-${randomUUID()}` },
            returnUrls,
          },
          { ...merchantAuth, 'Idempotency-Key': randomUUID() },
        ),
        deadline,
      );
      if (created.status !== 200) throw new Error(`merchant creates the pay-in: ${created.status}`);
      const { paymentId, iframeUrls } = JSON.parse(created.text);
      payment.paymentId = paymentId;
      if (!viaForm) {
        // The processing call the checkout's server makes once the customer typed the card, with
        // one Idempotency-Key for the attempt.
        await typing();
        const answer = await send(
          'processing call',
          `${api}/public/payin/${paymentId}/process/card`,
          json(
            {
              browser: { javascriptEnabled: true },
              cardData: {
                cardNumber: card.cardNumber,
                cardHolderName: card.cardHolderName,
                expiryMonth: '12',
                expiryYear: '2034',
                cvv: '123',
              },
              saveCard: false,
            },
            { Authorization: 'Bearer sbx_checkout', 'Idempotency-Key': `card:${paymentId}:${randomUUID()}` },
          ),
          deadline,
        );
        if (answer.status !== 200) throw new Error(`processing call: ${answer.status}`);
        payment.told = JSON.parse(answer.text).status;
        return;
      }
      // The card page, then its form posted without JavaScript, again with the answer's form
      // (the same attempt key) as long as the page says to try again.
      let page = await send('card page', iframeUrls.card, {}, deadline);
      await typing();
      for (;;) {
        if (!page.text.includes('$ACTION_')) {
          saw(`card page: no form (${page.status})`);
          if (Date.now() > deadline) throw new Error('card page: gave up');
          await sleep(1000);
          page = await send('card page', iframeUrls.card, {}, deadline);
          continue;
        }
        const body = new FormData();
        for (const [name, value] of Object.entries({ ...hiddenFields(page.text), ...card })) body.append(name, value);
        const posted = await send(
          'card form post',
          iframeUrls.card,
          { method: 'POST', body, headers: { Origin: new URL(iframeUrls.card).origin }, redirect: 'manual' },
          deadline,
        );
        if (posted.status === 303) break;
        const shown = formErrors.find(([, text]) => posted.text.includes(escapeHtml(text)) || posted.text.includes(text));
        saw(`card form post: the page says ${shown ? shown[0] : `nothing known (${posted.status})`}`);
        if (Date.now() > deadline) throw new Error('card form post: gave up');
        page = posted;
        await sleep(1000);
      }
      // The status page's view (its polling endpoint): what the customer is told.
      const status = await send('status page', `${lb}/api/payments/payin/${paymentId}`, {}, deadline);
      payment.told = status.status === 200 ? JSON.parse(status.text).status : `HTTP ${status.status}`;
    } catch (error) {
      payment.gaveUp = error.message;
      saw(`gave up: ${error.message}`);
    } finally {
      payment.endedAt = performance.now();
    }
  };
  console.log(`${CUSTOMERS} customers paying; the primary's postmaster is killed after ${LOAD_BEFORE_S} s…`);
  const loadStart = performance.now();
  const customers = Array.from({ length: CUSTOMERS }, async (_, index) => {
    // Customers arrive over the first half of the time before the kill, not all in one second.
    await sleep(Math.random() * (LOAD_BEFORE_S / 2) * 1000);
    while (paying) await payOnce(index);
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

  // The pools once nothing is asked of them: a connection neither idle nor in use was lost and
  // never given back (the least of five reads, a second apart: a worker's pass may hold one).
  const held = {};
  for (let read = 0; read < 5; read += 1) {
    for (const [name, port] of Object.entries(METRICS_PORTS)) {
      for (const [pool, counts] of Object.entries(await poolsOf(port).catch(() => ({})))) {
        const key = `${name} (${pool})`;
        const n = counts.total_connections - counts.idle_connections;
        held[key] = Math.min(held[key] ?? Infinity, n);
      }
    }
    await sleep(1000);
  }

  // The ledger.
  const created = payments.filter((p) => p.paymentId);
  const ids = created.map((p) => p.paymentId);
  const { rows } = await db.query('SELECT id, status, attempt_count FROM payins WHERE id = ANY($1)', [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const toldPaid = created.filter((p) => p.told === 'SUCCESS');
  const lost = toldPaid.filter((p) => byId.get(p.paymentId)?.status !== 'SUCCESS');
  const missingRows = created.filter((p) => !byId.has(p.paymentId)).length;
  const chargedTwice = rows.filter((r) => r.attempt_count > 1);
  // Processing answers kept per pay-in (one per Idempotency-Key that charged): more than one is a second charge.
  const { rows: keyed } = await db.query(
    `SELECT split_part(key, ':', 2) AS payment_id, count(*)::int AS n FROM idempotency_keys
      WHERE operation = 'processCard' AND response_status = 200 AND response_body->>'status' = 'SUCCESS'
        AND split_part(key, ':', 2) = ANY($1) GROUP BY 1 HAVING count(*) > 1`,
    [ids],
  );
  const successInDb = rows.filter((r) => r.status === 'SUCCESS').length;
  const gaveUp = payments.filter((p) => p.gaveUp);
  const notPaid = created.filter((p) => p.told !== 'SUCCESS' && !p.gaveUp);

  // Webhooks: wait until every delivery to the receiver is marked delivered (a lease lost in the
  // failover is taken again after 30 s), then compare with what the receiver got.
  const drainStart = performance.now();
  let undelivered = Infinity;
  while (performance.now() - drainStart < 120_000) {
    undelivered = Number(
      (await db.query('SELECT count(*) AS n FROM webhook_deliveries WHERE delivered_at IS NULL AND url = $1', [hook])).rows[0].n,
    );
    if (undelivered === 0) break;
    await sleep(500);
  }
  const { rows: outbox } = await db.query('SELECT id, transaction_id, body FROM webhook_deliveries WHERE url = $1', [hook]);
  const neverReceived = outbox.filter((row) => !deliveries.has(row.id)).length;
  const duplicates = [...deliveries.values()].filter((d) => d.count > 1);
  const successEvents = new Map();
  for (const d of deliveries.values())
    if (d.type === 'payin.status_changed' && d.status === 'SUCCESS')
      successEvents.set(d.objectId, (successEvents.get(d.objectId) ?? 0) + 1);
  const paidTwiceByEvents = [...successEvents.values()].filter((n) => n > 1).length;
  const paidWithoutEvent = rows.filter((r) => r.status === 'SUCCESS' && !successEvents.has(r.id)).length;

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
      `(${duplicates.length} delivered more than once, processed once on their webhook-id), ${badSignatures} bad signatures; ` +
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
    undelivered === 0 && neverReceived === 0 && badSignatures === 0 && paidWithoutEvent === 0 && outbox.length > 0,
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
