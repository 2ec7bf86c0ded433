/**
 * Server cost of open withdrawal widgets (issue "The cashier and the withdrawal widget"):
 * starts the production build on port 3201 with its own sandbox data, creates WIDGETS cashier
 * sessions, and lets one simulated widget per session poll `/api/cashier/{id}` every
 * POLL_MS (the widget's interval) for SECONDS seconds, as the widget's React Query loop does.
 * Prints requests per second, the server's CPU seconds per minute (utime + stime of the server
 * process tree from /proc) and latency percentiles.
 *
 *   npm run build && npm run bench:widget            # 200 widgets, 1000 ms, 30 s
 *   WIDGETS=50 SECONDS=20 npm run bench:widget
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createSession, startServer } from './bench-support.mjs';

const WIDGETS = Number(process.env.WIDGETS ?? 200);
const POLL_MS = Number(process.env.POLL_MS ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 30);
const port = Number(process.env.BENCH_PORT ?? 3201);
const CLK_TCK = 100;

/** CPU seconds (user + system) of a process and its descendants. */
function cpuSeconds(rootPid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
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
  return total / CLK_TCK;
}

async function widget(sessionId, until, latencies) {
  let requests = 0;
  let errors = 0;
  // Spread the widgets over the interval, as real page loads are.
  await new Promise((r) => setTimeout(r, Math.random() * POLL_MS));
  while (Date.now() < until) {
    const started = performance.now();
    const controller = new AbortController();
    let timer;
    try {
      // The deadline bounds a request even when the server no longer answers in time.
      const deadline = new Promise((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error('deadline'));
        }, Math.max(1, until - Date.now()));
      });
      const response = await Promise.race([fetch(`${origin}/api/cashier/${sessionId}`, { signal: controller.signal }), deadline]);
      await Promise.race([response.arrayBuffer(), deadline]);
      if (!response.ok) errors += 1;
    } catch {
      errors += 1;
    } finally {
      clearTimeout(timer);
    }
    const took = performance.now() - started;
    if (Date.now() >= until) break;
    latencies.push(took);
    requests += 1;
    await new Promise((r) => setTimeout(r, Math.max(0, POLL_MS - took)));
  }
  return { requests, errors };
}

const pct = (values, p) => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

const { origin, server } = await startServer('bench-widget', port);
try {
  const sessions = [];
  for (let i = 0; i < WIDGETS; i += 1) sessions.push((await createSession(origin, 'sbx_demo_merchant', `bench-${i}`)).sessionId);
  console.error(`${WIDGETS} sessions created; measuring for ${SECONDS} s`);
  // Warm up the routes, then measure.
  await Promise.all(sessions.slice(0, 10).map((id) => fetch(`${origin}/api/cashier/${id}`).then((r) => r.arrayBuffer())));
  const latencies = [];
  const cpuBefore = cpuSeconds(server.pid);
  const started = Date.now();
  let finished = 0;
  const watchdog = setInterval(() => console.error(`  ${finished}/${WIDGETS} widgets done, ${latencies.length} requests`), 5000);
  const results = await Promise.all(sessions.map((id) => widget(id, started + SECONDS * 1000, latencies).finally(() => (finished += 1))));
  clearInterval(watchdog);
  const elapsed = (Date.now() - started) / 1000;
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const requests = results.reduce((s, r) => s + r.requests, 0);
  const errors = results.reduce((s, r) => s + r.errors, 0);
  console.log(`widgets: ${WIDGETS}, poll every ${POLL_MS} ms, ${elapsed.toFixed(1)} s`);
  console.log(`requests: ${requests} (${(requests / elapsed).toFixed(1)} req/s), errors: ${errors}`);
  console.log(`server CPU: ${cpu.toFixed(1)} s over the run = ${((cpu / elapsed) * 60).toFixed(1)} CPU s per minute (${((cpu / elapsed) * 100).toFixed(0)} % of one core)`);
  console.log(`latency: p50 ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms`);
} finally {
  server.kill('SIGTERM');
}
