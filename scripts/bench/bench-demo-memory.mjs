/**
 * bench:demo-memory: the demo's shape (`npm run demo`: one process, the checkout with its
 * embedded sandbox on PGlite) under a mixed load, as `npm start` runs it (V8's old space bounded,
 * `--max-old-space-size=384`, MAX_OLD_SPACE_MB) beside the same build unbounded. Two instances of
 * the build side by side (ports 3290 and 3292, each its own sandbox data), in alternating rounds
 * of ROUND_S (20) s, ROUNDS (5) each: the home, card, APM, status and cashier pages at 4
 * connections each, then 30 new pay-ins (what a visitor who keeps paying adds). Printed per
 * round and instance: requests per second, RSS, V8's heap (used and total) and external memory
 * (ArrayBuffers: PGlite's WebAssembly memory among them), from the process and its metrics
 * listener; then each one's peak RSS and the ratio of their requests per second.
 *
 *   npm run build && npm run bench:demo-memory
 */
import autocannon from 'autocannon';
import { rssMb } from './bench-support.mjs';
import { startServer } from '../support/production-server.mjs';
import { ONE_ADDRESS_LIMITS } from '../support/one-address-limits.mjs';
import { createPayin, createSession } from '../support/sandbox-merchant.mjs';
import { launch } from '../support/launch.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const ROUND_S = Number(process.env.ROUND_S ?? 20);
const BOUND = process.env.BOUND ?? '--max-old-space-size=384';
const TOKEN = 'bench-demo-memory-0123456789abcdef';

/** Starts one instance on `port` (its metrics listener 1 above) with NODE_OPTIONS `nodeOptions`. */
async function instance(name, port, nodeOptions) {
  const { origin, server } = await startServer(`bench-demo-memory-${name}`, port, {
    ...ONE_ADDRESS_LIMITS,
    LOG_LEVEL: 'warn',
    METRICS_PORT: String(port + 1),
    METRICS_TOKEN: TOKEN,
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  });
  return { name, origin, server, metrics: `http://127.0.0.1:${port + 1}/metrics`, rps: [], rss: [] };
}

/** RSS of the process tree and V8's heap and external memory from the metrics listener, MB. */
async function memory(target) {
  const text = await (await fetch(target.metrics, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  const mb = (name) => Math.round(Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20);
  return {
    rss: rssMb(target.server.pid),
    heapUsed: mb('nodejs_heap_size_used_bytes'),
    heapTotal: mb('nodejs_heap_size_total_bytes'),
    external: mb('nodejs_external_memory_bytes'),
  };
}

const targets = [await instance('unbounded', 3290, ''), await instance('bounded', 3292, BOUND)];
try {
  for (const target of targets) {
    const payin = await createPayin(target.origin);
    const { url, cookie } = await launch((await createSession(target.origin)).checkoutUrl);
    target.load = [
      [`${target.origin}/`, {}],
      [payin.iframeUrls.card, {}],
      [payin.iframeUrls.apm, {}],
      [`${target.origin}/payments/payin/${payin.paymentId}/status`, {}],
      [url, cookie ? { cookie } : {}],
    ];
    const m = await memory(target);
    console.log(`${target.name.padEnd(9)} start     RSS ${m.rss} MB, heap ${m.heapUsed}/${m.heapTotal} MB, external ${m.external} MB`);
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const target of round % 2 ? targets : [...targets].reverse()) {
      const results = await Promise.all(
        target.load.map(([url, headers]) => autocannon({ url, headers, connections: 4, duration: ROUND_S })),
      );
      for (let i = 0; i < 30; i += 1) await createPayin(target.origin);
      const rps = results.reduce((sum, r) => sum + r.requests.average, 0);
      const m = await memory(target);
      target.rps.push(rps);
      target.rss.push(m.rss);
      console.log(
        `${target.name.padEnd(9)} round ${round}  ${rps.toFixed(0).padStart(4)} req/s, RSS ${m.rss} MB, heap ${m.heapUsed}/${m.heapTotal} MB, external ${m.external} MB`,
      );
    }
  }
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const [free, bounded] = targets;
  console.log(`peak RSS: unbounded ${Math.max(...free.rss)} MB, bounded (${BOUND}) ${Math.max(...bounded.rss)} MB`);
  console.log(
    `requests per second: unbounded ${mean(free.rps).toFixed(0)}, bounded ${mean(bounded.rps).toFixed(0)}: ${(mean(bounded.rps) / mean(free.rps)).toFixed(2)}×`,
  );
} finally {
  for (const target of targets) target.server.kill('SIGTERM');
}
