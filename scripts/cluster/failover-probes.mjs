/**
 * The probes of the failover test (failover-test.mjs): writes to the database through HAProxy and
 * the checkouts' readiness, tried in a loop into a log of `{ at, ok }` (at: performance.now()), and
 * what such a log tells (the outage, its failing intervals); the processes' connection pools.
 */
import pg from 'pg';
import { sleep } from './failover-requests.mjs';

/** Writes a row through `url` (PostgreSQL, via HAProxy) every 100 ms, each try `{ at, ok }` pushed to `log`; answers its stop. */
export function probeWrites(url, log) {
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

/** GETs `url` every 200 ms (200 within 2 s is ok), each try `{ at, ok }` pushed to `log`; answers its stop. */
export function probeHttp(url, log) {
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
export function failureIntervals(log, t0, from = t0, to = Infinity) {
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
export async function poolsOf(port) {
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
export function outage(log, t0) {
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

/**
 * The pools once nothing is asked of them: a connection neither idle nor in use was lost and
 * never given back (the least of five reads, a second apart: a worker's pass may hold one).
 * `ports`: process name → metrics port. Answers "name (pool)" → connections held.
 */
export async function poolsAtRest(ports) {
  const held = {};
  for (let read = 0; read < 5; read += 1) {
    for (const [name, port] of Object.entries(ports)) {
      for (const [pool, counts] of Object.entries(await poolsOf(port).catch(() => ({})))) {
        const key = `${name} (${pool})`;
        const n = counts.total_connections - counts.idle_connections;
        held[key] = Math.min(held[key] ?? Infinity, n);
      }
    }
    await sleep(1000);
  }
  return held;
}
