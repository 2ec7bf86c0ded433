/**
 * Live balance for thousands of withdrawal widgets (issue "Several instances…", item 4). Starts
 * the payments service's sandbox as its own process (port 3210) and one checkout instance pointed
 * at it (port 3211, SANDBOX=0), then for each count of open widgets (WIDGETS, default
 * 200,1000,2000) opens that many event streams (OPEN_RATE per second, default 500) (`/api/cashier/{id}/events`, what the widget
 * opens), and for SECONDS seconds changes RATE balances per second through the service's
 * `PUT …/balance`. Prints, per count: the checkout instance's CPU (share of one core, and per
 * widget), the service's CPU, the delay from the PUT to the widget's event (p50, p95, max),
 * lost changes and stream errors. Goal: 2,000 widgets on one instance, p95 ≤ 2 s, under half a core.
 *
 *   npm run build && npm run bench:widget
 *   WIDGETS=200 SECONDS=10 npm run bench:widget
 */
import http from 'node:http';
import { cpuSeconds } from './bench-support.mjs';
import { startServer } from '../support/production-server.mjs';
import { createSession } from '../support/sandbox-merchant.mjs';
import { readServerSentEvents, snapshotOf } from '../support/server-sent-events.mjs';
import { launch } from '../support/launch.mjs';
import { percentile } from '../support/percentile.mjs';
import { createPaymentsClient, must } from '../../lib/payments-api/merchant-client.ts';

const COUNTS = (process.env.WIDGETS ?? '200,1000,2000').split(',').map(Number);
const SECONDS = Number(process.env.SECONDS ?? 20);
const RATE = Number(process.env.RATE ?? 10);
const OPEN_RATE = Number(process.env.OPEN_RATE ?? 500);
const MERCHANT = 'sbx_demo_merchant';

const service = await startServer('bench-widget-service', 3210, {
  SANDBOX: '1',
  ...(process.env.SERVICE_LOG_LEVEL ? { LOG_LEVEL: process.env.SERVICE_LOG_LEVEL } : {}),
});
const checkout = await startServer('bench-widget-checkout', 3211, {
  SANDBOX: '0',
  PAYMENTS_API_BASE_URL: `${service.origin.replace('localhost', '127.0.0.1')}/sandbox/api`,
  PAYMENTS_API_TOKEN: 'sbx_checkout',
  LIVE_STREAMS_PER_IP: '100000',
  LIMIT_LAUNCHES_PER_IP: '1000000/60',
  // Every widget of the bench comes from 127.0.0.1 (the request guard's per-address cap).
  CONNECTIONS_PER_IP: '100000',
});

// The typed client (lib/payments-api/merchant-client.ts) as the merchant.
const merchant = createPaymentsClient({ baseUrl: `${service.origin}/sandbox/api`, token: MERCHANT });

/** The Cookie header of the browser that holds each session's widget (a launch gives its browser a new secret). */
const holders = new Map();

/** Opens one widget's event stream; calls onSnapshot(snapshot) per event. */
function openStream(sessionId, onSnapshot, onError) {
  const request = http.get(
    `${checkout.origin.replace('localhost', '127.0.0.1')}/api/cashier/${sessionId}/events`,
    { agent: false, headers: { cookie: holders.get(sessionId) ?? '' } },
    (response) => {
      if (response.statusCode !== 200) {
        onError(`status ${response.statusCode}`);
        response.resume();
        return;
      }
      readServerSentEvents(response, (event) => {
        const snapshot = snapshotOf(event);
        if (snapshot) onSnapshot(snapshot);
      });
      response.on('error', () => undefined);
    },
  );
  request.on('error', (error) => onError(error.message));
  return () => request.destroy();
}

async function inBatches(count, size, make) {
  const out = [];
  for (let i = 0; i < count; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  return out;
}

try {
  const max = Math.max(...COUNTS);
  console.error(`creating ${max} cashier sessions at the service…`);
  const created = await inBatches(max, 16, (i) => createSession(service.origin, MERCHANT, `widget-bench-${i}-${Date.now()}`));
  const sessions = created.map((s) => s.sessionId);
  // A browser per widget: each launch address is spent once, and gives its browser a secret of its own.
  await inBatches(max, 16, async (i) =>
    holders.set(created[i].sessionId, (await launch(created[i].widgetUrl, { checkoutOrigin: checkout.origin })).cookie),
  );
  console.log(
    `service: ${service.origin} (own process), checkout instance: ${checkout.origin}; ${RATE} balance changes per second for ${SECONDS} s per run`,
  );
  for (const count of COUNTS) {
    const watched = sessions.slice(0, count);
    const expected = new Map();
    const delays = [];
    let errors = 0;
    let ready = 0;
    const streaming = [];
    const closers = [];
    for (const id of watched) {
      let first = true;
      closers.push(
        openStream(
          id,
          (snapshot) => {
            if (first) {
              first = false;
              ready += 1;
              streaming.push(id);
            }
            const waiting = expected.get(id);
            if (waiting && snapshot.balance === waiting.balance) {
              delays.push(performance.now() - waiting.at);
              expected.delete(id);
            }
          },
          () => (errors += 1),
        ),
      );
      // Widgets open at OPEN_RATE per second (page loads are spread; default 500/s).
      if (closers.length % 10 === 0) await new Promise((r) => setTimeout(r, 10_000 / OPEN_RATE));
    }
    const openBy = Date.now() + 60_000;
    while (ready + errors < count && Date.now() < openBy) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 2_000));
    const cpuCheckout = cpuSeconds(checkout.server.pid);
    const cpuService = cpuSeconds(service.server.pid);
    const started = performance.now();
    const refused = errors;
    let changes = 0;
    while (performance.now() - started < SECONDS * 1000) {
      const id = streaming[Math.floor(Math.random() * streaming.length)];
      const balance = 100 + (changes + 1) / 100;
      expected.set(id, { balance, at: performance.now() });
      changes += 1;
      void merchant
        .PUT('/public/cashier/session/{sessionId}/balance', { params: { path: { sessionId: id } }, body: { balance } })
        .catch(() => (errors += 1));
      await new Promise((r) => setTimeout(r, 1000 / RATE));
    }
    await new Promise((r) => setTimeout(r, 3_000));
    const elapsed = (performance.now() - started) / 1000;
    const checkoutCores = (cpuSeconds(checkout.server.pid) - cpuCheckout) / elapsed;
    const serviceCores = (cpuSeconds(service.server.pid) - cpuService) / elapsed;
    console.log(
      `${String(count).padStart(5)} widgets (${ready} streaming): checkout ${(checkoutCores * 100).toFixed(1)} % of a core ` +
        `(${((checkoutCores * 1e6) / count).toFixed(0)} µs CPU per widget per s), service ${(serviceCores * 100).toFixed(1)} %; ` +
        `delay PUT → widget p50 ${percentile(delays, 50).toFixed(0)} ms, p95 ${percentile(delays, 95).toFixed(0)} ms, max ${percentile(delays, 100).toFixed(0)} ms; ` +
        `${changes} changes, ${expected.size} not seen (a later change of the same session may replace one); ${refused} streams refused at open, ${errors - refused} errors after`,
    );
    if (process.env.BENCH_DEBUG && expected.size > 0) {
      for (const [id, want] of [...expected].slice(0, 5)) {
        const hub = await (await fetch(`${checkout.origin}/api/cashier/${id}`, { headers: { cookie: holders.get(id) ?? '' } })).json();
        const svc = must(await merchant.GET('/public/cashier/session/{sessionId}', { params: { path: { sessionId: id } } }), 'get session');
        console.log(`not seen ${id}: wanted ${want.balance}, checkout has ${hub.balance}, service has ${svc.balance}`);
      }
    }
    for (const close of closers) close();
    await new Promise((r) => setTimeout(r, 2_000));
  }
} finally {
  checkout.server.kill('SIGTERM');
  service.server.kill('SIGTERM');
}
