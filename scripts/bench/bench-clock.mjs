/**
 * The customer's clock (docs/performance.md, "The customer's clock"): each payment page (card,
 * APM, cashier as its holder sees it, withdrawal widget) against its static twin
 * (scripts/bench/static-twins/{name}.html: the same visible form, CSS inline, no script), side
 * by side in one run. Lighthouse mobile (simulated slow 4G: 150 ms RTT, 1.6 Mbit/s, CPU ×4),
 * BENCH_RUNS times per page (default 3; BENCH_PAGES=card,… for some pages only), page and twin alternating, a fresh pay-in, session or
 * launch per run. Each under both of Lighthouse's throttling methods (BENCH_THROTTLING=devtools or
 * simulate for one): `devtools`, the load itself throttled as it runs (what the phone's clock
 * shows; the goals are checked on it), and `simulate`, Lighthouse's default estimate from an
 * unthrottled load (docs/performance.md says where the two part). Prints per method, page and
 * twin: LCP median (min–max), FCP, TBT (medians), bytes (total and JavaScript, compressed), the
 * performance score (lowest) and LCP / twin's LCP. Writes every figure to
 * bench-results/clock.json and each report to bench-results/clock-*.json.
 *
 *   npm run build && npm run bench:clock            # figures
 *   npm run bench:clock -- --check                  # exits 1 when a page misses a goal
 *   npm run bench:clock -- --publish                # also writes published/performance.json,
 *                                                   # the table the app serves at /performance
 *
 * Goals per page: LCP ≤ 1.2 × its twin's, TBT ≤ 50 ms, performance ≥ 0.99. Starts the build on
 * BENCH_PORT (default 3204) with sandbox data under .data/bench-clock; the twins are served on
 * the loopback at BENCH_PORT + 1.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { lighthouse } from './bench-support.mjs';
import { CLOCK_PAGES, openClockPages, serveStaticTwins } from './clock-pages.mjs';
import { startServer } from '../support/production-server.mjs';

const port = Number(process.env.BENCH_PORT ?? 3204);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const check = process.argv.includes('--check');
const publish = process.argv.includes('--publish');
if (publish && process.env.BENCH_PAGE_JS === 'off')
  throw new Error('--publish publishes the pages as they ship: not with BENCH_PAGE_JS=off');
/** BENCH_PAGES=card,apm: only those pages (all four unless given). */
const pages = process.env.BENCH_PAGES ? CLOCK_PAGES.filter((name) => process.env.BENCH_PAGES.split(',').includes(name)) : CLOCK_PAGES;
const GOALS = { lcpRatio: 1.2, tbtMs: 50, performance: 0.99 };
/** The throttling methods run, the one the goals are checked on first. */
const METHODS = process.env.BENCH_THROTTLING ? [process.env.BENCH_THROTTLING] : ['devtools', 'simulate'];
/**
 * BENCH_PAGE_JS=off: the pages load with the framework's script files refused (the twins have
 * none; the document's small inline scripts still run): what the same documents give with no
 * client runtime, the ceiling of a page that loaded no framework script before the customer acts.
 */
const pageScripts = process.env.BENCH_PAGE_JS === 'off' ? ['--blocked-url-patterns=*/_next/static/*.js'] : [];

/** The figures of one Lighthouse report: times in ms, bytes compressed. */
function figures(lhr) {
  const value = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  return {
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    bytes: Math.round(items.find((item) => item.resourceType === 'total')?.transferSize ?? NaN),
    jsBytes: Math.round(items.find((item) => item.resourceType === 'script')?.transferSize ?? 0),
    performance: lhr.categories.performance.score,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
/** Median, lowest and highest of one figure over the runs. */
const spread = (samples, key) => ({
  median: median(samples.map((s) => s[key])),
  min: Math.min(...samples.map((s) => s[key])),
  max: Math.max(...samples.map((s) => s[key])),
});

const { origin, server } = await startServer('bench-clock', port);
const twins = await serveStaticTwins(port + 1);
const samples = Object.fromEntries(
  METHODS.map((method) => [method, Object.fromEntries(pages.map((name) => [name, { page: [], twin: [] }]))]),
);
try {
  // Every transaction first: a keep-alive socket idle during a Lighthouse run may be closed by the server.
  const opened = [];
  for (let run = 0; run < runs; run += 1) {
    const perMethod = {};
    for (const method of METHODS) perMethod[method] = await openClockPages(origin);
    opened.push(perMethod);
  }
  for (let run = 0; run < runs; run += 1) {
    for (const name of pages) {
      // Page first on even runs, twin first on odd ones: neither always runs on a warmer machine.
      const order = run % 2 === 0 ? ['page', 'twin'] : ['twin', 'page'];
      for (const method of METHODS) {
        for (const variant of order) {
          // One transaction per run and method: a page once loaded (a launch spent) is not opened anew.
          const { url, cookie } = variant === 'page' ? opened[run][method][name] : { url: `${twins.origin}/${name}.html` };
          const { lhr } = lighthouse(
            url,
            ['performance'],
            `clock-${method}-${name}-${variant}-${run + 1}`,
            cookie,
            method,
            variant === 'page' ? pageScripts : [],
          );
          samples[method][name][variant].push(figures(lhr));
          process.stderr.write(
            `run ${run + 1}/${runs} ${method} ${name} ${variant}: LCP ${samples[method][name][variant].at(-1).lcp} ms\n`,
          );
        }
      }
    }
  }
} finally {
  twins.close();
  server.kill('SIGTERM');
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const results = {};
let missed = 0;
for (const method of METHODS) {
  const rows = [];
  console.log(`\nLighthouse mobile, throttling: ${method}${method === METHODS[0] ? ' (the goals)' : ''}`);
  console.log('page           LCP ms (min–max)       FCP ms   TBT ms   KB total   KB JS   perf   LCP/twin');
  for (const name of pages) {
    const summary = {};
    for (const variant of ['page', 'twin']) {
      const s = samples[method][name][variant];
      summary[variant] = {
        lcp: spread(s, 'lcp'),
        fcp: spread(s, 'fcp'),
        tbt: spread(s, 'tbt'),
        bytes: median(s.map((x) => x.bytes)),
        jsBytes: median(s.map((x) => x.jsBytes)),
        performance: Math.min(...s.map((x) => x.performance)),
      };
    }
    const ratio = Number((summary.page.lcp.median / summary.twin.lcp.median).toFixed(2));
    const meets = ratio <= GOALS.lcpRatio && summary.page.tbt.max <= GOALS.tbtMs && summary.page.performance >= GOALS.performance;
    if (!meets && method === METHODS[0]) missed += 1;
    for (const variant of ['page', 'twin']) {
      const v = summary[variant];
      console.log(
        [
          `${name} ${variant === 'twin' ? 'twin' : ''}`.padEnd(14),
          `${v.lcp.median} (${v.lcp.min}–${v.lcp.max})`.padEnd(22),
          String(v.fcp.median).padStart(6),
          String(v.tbt.median).padStart(8),
          kb(v.bytes).padStart(10),
          kb(v.jsBytes).padStart(7),
          String(v.performance).padStart(6),
          variant === 'page' ? `${ratio.toFixed(2)}×${meets ? '' : '  misses a goal'}`.padStart(10) : '',
        ].join(' '),
      );
    }
    rows.push({ name, ratio, meets, ...summary, runs: samples[method][name] });
  }
  results[method] = rows;
}
console.log(
  `goals (${METHODS[0]}): LCP ≤ ${GOALS.lcpRatio}× the twin's (medians), TBT ≤ ${GOALS.tbtMs} ms (every run), performance ≥ ${GOALS.performance} (every run)`,
);

let buildId = 'unknown';
try {
  buildId = readFileSync('.next/BUILD_ID', 'utf8').trim();
} catch {
  // no build id: the figures still stand
}
writeFileSync(
  'bench-results/clock.json',
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      buildId,
      runs,
      pageScripts: pageScripts.length ? 'off' : 'on',
      goals: { ...GOALS, throttling: METHODS[0] },
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      methods: results,
    },
    null,
    2,
  )}\n`,
);
console.log('figures: bench-results/clock.json');
if (publish) {
  // The served table (lib/published/performance-table.ts): the summaries, without each run's figures.
  const published = {
    measuredAt: new Date().toISOString(),
    buildId,
    runs,
    goals: { ...GOALS, throttling: METHODS[0] },
    methods: Object.fromEntries(Object.entries(results).map(([method, rows]) => [method, rows.map(({ runs: _runs, ...row }) => row)])),
  };
  mkdirSync('published', { recursive: true });
  writeFileSync('published/performance.json', `${JSON.stringify(published, null, 2)}\n`);
  console.log('published: published/performance.json (served at /performance)');
}
if (check && missed > 0) process.exitCode = 1;
