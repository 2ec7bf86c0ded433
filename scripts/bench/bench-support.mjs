/**
 * What the benchmark scripts share: budgets, the memory and CPU of a process tree, a database
 * of a bench's own, and Lighthouse (a locked dev
 * dependency; lighthouse@12 runs on Node 20) driving Debian's Chromium.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startPostgres } from '../cluster/cluster.mjs';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromeArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Resident memory of a process and its descendants, in MB (VmRSS from /proc). */
export function rssMb(rootPid) {
  const procs = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      procs.set(Number(entry), { ppid: Number(/PPid:\s+(\d+)/.exec(status)?.[1]), kb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) });
    } catch {
      // gone
    }
  }
  let kb = 0;
  const walk = (pid) => {
    kb += procs.get(pid)?.kb ?? 0;
    for (const [child, p] of procs) if (p.ppid === pid) walk(child);
  };
  walk(rootPid);
  return Math.round(kb / 1024);
}

/** CPU seconds (user + system) of a process and its descendants, from /proc. */
export function cpuSeconds(rootPid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
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
  return total / 100;
}

/**
 * Records a budget: prints it, and makes the process exit 1 at the end when it is missed
 * (the bench scripts are budgets that fail, not figures only).
 */
export function budget(label, value, limit, { atMost = true, unit = '' } = {}) {
  const ok = atMost ? value <= limit : value >= limit;
  console.log(`${ok ? 'within budget' : 'OVER BUDGET'}: ${label} ${value}${unit} (${atMost ? '≤' : '≥'} ${limit}${unit})`);
  if (!ok) process.exitCode = 1;
  return ok;
}

/**
 * Runs Lighthouse (mobile) on `url` for `categories` (as the browser of `cookie`, when given);
 * writes the JSON report to bench-results/{name}.json and returns it. `throttling`: Lighthouse's
 * `--throttling-method`, `simulate` (its default: an unthrottled load, the slow network and CPU
 * estimated from its trace) or `devtools` (the load itself throttled by the browser: request
 * latency, bandwidth and CPU applied as it runs). `extraArgs`: more of Lighthouse's own arguments.
 */
export function lighthouse(url, categories, name, cookie, throttling = 'simulate', extraArgs = []) {
  mkdirSync('bench-results', { recursive: true });
  const report = `bench-results/${name}.json`;
  const result = spawnSync(
    'node_modules/.bin/lighthouse',
    [
      url,
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      `--throttling-method=${throttling}`,
      `--chrome-flags=--headless=new ${chromeArgs.join(' ')}`,
      ...extraArgs,
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`lighthouse exited ${result.status}`);
  return { lhr: JSON.parse(readFileSync(report, 'utf8')), report };
}

/**
 * The service's database in the benchmarks: a PostgreSQL server of its own (Debian's, as the
 * cluster rehearsal runs it; a fresh cluster under .data/{name}-pg on port 55440), the
 * production shape, unless BENCH_DB=pglite (the embedded PGlite). Answers the service's extra
 * environment and a stop function.
 */
export function benchDatabase(name) {
  if (process.env.BENCH_DB === 'pglite') return { env: {}, label: 'PGlite', stop: () => {} };
  const pg = startPostgres({ dir: path.resolve(`.data/${name}-pg`), port: 55440 });
  return { env: { DATABASE_URL: pg.url }, label: 'PostgreSQL', stop: () => pg.stop() };
}
