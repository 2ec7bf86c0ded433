#!/usr/bin/env node
/**
 * Evaluates, on a running Prometheus, every query of the checkout's monitoring: each recording
 * rule's expression and each alert's expression (deploy/prometheus/*.rules.yaml) and each panel
 * query of the dashboard (deploy/grafana/checkout-dashboard.json), through the HTTP API
 * (`GET /api/v1/query`). It prints each with whether it returned data, then each metric the
 * rules read with whether Prometheus has any series of it.
 *
 *   node scripts/ops/prometheus-queries.mjs http://127.0.0.1:9090 [--require-data] [--require-metrics]
 *
 * Exit 1 when a query errors (a bad expression, a Prometheus that does not answer), or:
 * - `--require-data`: when a recording rule's expression or a panel query returns no data (an
 *   alert's expression returns data only while it fires: never required);
 * - `--require-metrics`: when a metric the rules read has no series at all (not scraped, or
 *   renamed in packages/runtime/src/metrics/metric-families.ts). Queries over failures (5xx, declines, store failures)
 *   are rightly empty on a healthy cluster; their metrics are not.
 * A bearer token for Prometheus (behind a proxy): PROMETHEUS_TOKEN. Each query has 15 s
 * (PROMETHEUS_QUERY_TIMEOUT_MS).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULES_DIR = path.join(ROOT, 'deploy/prometheus');
const DASHBOARD = path.join(ROOT, 'deploy/grafana/checkout-dashboard.json');
const TIMEOUT_MS = Number(process.env.PROMETHEUS_QUERY_TIMEOUT_MS ?? 15000);

function usage(message) {
  if (message) console.error(message);
  console.error('usage: node scripts/ops/prometheus-queries.mjs PROMETHEUS_URL [--require-data] [--require-metrics]');
  process.exit(2);
}

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const positional = args.filter((a) => !a.startsWith('--'));
for (const flag of flags) if (!['--require-data', '--require-metrics', '--help'].includes(flag)) usage(`unknown option ${flag}`);
if (flags.has('--help')) usage();
if (positional.length !== 1) usage();
let base;
try {
  base = new URL(positional[0]);
} catch {
  usage(`not a URL: ${positional[0]}`);
}

/** Every query to run: { kind: record|alert|panel, name, expr }. */
function queries() {
  const list = [];
  const files = readdirSync(RULES_DIR)
    .filter((f) => f.endsWith('.rules.yaml'))
    .sort();
  for (const file of files) {
    for (const group of parse(readFileSync(path.join(RULES_DIR, file), 'utf8')).groups) {
      for (const rule of group.rules) {
        list.push(
          rule.record
            ? { kind: 'record', name: rule.record, expr: rule.expr.trim() }
            : { kind: 'alert', name: rule.alert, expr: rule.expr.trim() },
        );
      }
    }
  }
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8'));
  for (const panel of dashboard.panels) {
    for (const target of panel.targets ?? [])
      list.push({ kind: 'panel', name: `${panel.title} [${target.refId}]`, expr: target.expr.trim() });
  }
  return list;
}

/** The raw metrics an expression reads (the app's `checkout_*` and Prometheus' `up`), outside strings. */
function metricsRead(expr) {
  const code = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return (code.match(/[A-Za-z_:][A-Za-z0-9_:]*/g) ?? []).filter((id) => !id.includes(':') && (id.startsWith('checkout_') || id === 'up'));
}

/** Runs one instant query: { ok: true, series } or { ok: false, error }. */
async function query(expr) {
  const url = new URL('api/v1/query', base.href.endsWith('/') ? base : `${base.href}/`);
  url.searchParams.set('query', expr);
  const headers = { accept: 'application/json' };
  if (process.env.PROMETHEUS_TOKEN) headers.authorization = `Bearer ${process.env.PROMETHEUS_TOKEN}`;
  try {
    const answer = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await answer.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, error: `HTTP ${answer.status}: ${text.slice(0, 200)}` };
    }
    if (body.status !== 'success') return { ok: false, error: `${body.errorType ?? `HTTP ${answer.status}`}: ${body.error ?? 'failed'}` };
    const { resultType, result } = body.data;
    const series = resultType === 'vector' || resultType === 'matrix' ? result.length : 1;
    return { ok: true, series };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.code ?? error.cause.message})` : '';
    return { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}${cause}` : String(error) };
  }
}

const list = queries();
let failures = 0;
const oneLine = (expr) => expr.replace(/\s+/g, ' ');
console.log(`Prometheus ${base.href}: ${list.length} queries`);
for (const item of list) {
  const result = await query(item.expr);
  let status;
  if (!result.ok) {
    status = `ERROR ${result.error}`;
    failures += 1;
  } else if (result.series > 0) {
    status = item.kind === 'alert' ? `firing (${result.series})` : `data (${result.series} series)`;
  } else if (item.kind === 'alert') {
    status = 'quiet';
  } else if (flags.has('--require-data')) {
    status = 'NO DATA (required)';
    failures += 1;
  } else {
    status = 'no data';
  }
  console.log(`${item.kind.padEnd(6)} ${status.padEnd(20)} ${item.name}`);
  if (!result.ok || (result.series === 0 && item.kind !== 'alert')) console.log(`       ${oneLine(item.expr)}`);
}

const metrics = [...new Set(list.flatMap((item) => metricsRead(item.expr)))].sort();
console.log(`\n${metrics.length} metrics read by the rules`);
for (const metric of metrics) {
  const result = await query(`count(${metric})`);
  let status;
  if (!result.ok) {
    status = `ERROR ${result.error}`;
    failures += 1;
  } else if (result.series > 0) {
    status = 'present';
  } else if (flags.has('--require-metrics')) {
    status = 'NO SERIES (required)';
    failures += 1;
  } else {
    status = 'no series';
  }
  console.log(`metric ${status.padEnd(20)} ${metric}`);
}
console.log(failures ? `\n${failures} failed` : '\nall queries answered');
process.exit(failures ? 1 : 0);
