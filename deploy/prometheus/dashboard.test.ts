/**
 * The alerting rules (deploy/prometheus/*.rules.yaml) and the Grafana dashboard
 * (deploy/grafana/checkout-dashboard.json) against each other and against the app's metrics:
 * every panel's query is a recording rule (with optional label matchers) or an expression of the
 * rule files; every recording rule feeds a panel or an alert; every alert has a severity, a
 * summary, a description and a runbook; every metric the rules read is one packages/runtime/src/metrics/metric-families.ts
 * makes, and every route they name is a route of the app. promtool checks the PromQL and runs
 * the rules' unit tests (npm run test:rules); this test needs no Prometheus.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROUTE_PATTERNS } from '@/lib/metrics/http-routes';

const DIR = path.resolve(__dirname);
const DASHBOARD = path.resolve(__dirname, '../grafana/checkout-dashboard.json');
const METRICS_SOURCE = path.resolve(__dirname, '../../packages/runtime/src/metrics/metric-families.ts');

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface RuleFile {
  groups: { name: string; rules: Rule[] }[];
}
interface Target {
  expr: string;
  datasource?: { type?: string; uid?: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
}
interface Dashboard {
  schemaVersion: number;
  templating: { list: { name: string; type: string; query: string }[] };
  panels: Panel[];
}

const ruleFiles = readdirSync(DIR)
  .filter((name) => name.endsWith('.rules.yaml'))
  .sort();
const rules: Rule[] = ruleFiles.flatMap((name) =>
  (parse(readFileSync(path.join(DIR, name), 'utf8')) as RuleFile).groups.flatMap((g) => g.rules),
);
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;

/** The expression with its whitespace collapsed (YAML block scalars end in a newline, JSON strings do not). */
const normalize = (expr: string): string => expr.replace(/\s+/g, ' ').trim();

/** Identifiers of a PromQL expression outside its strings (metric names, recording rules, functions, labels). */
function identifiers(expr: string): Set<string> {
  const code = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  return new Set(code.match(/[A-Za-z_:][A-Za-z0-9_:]*/g) ?? []);
}

/** Every panel query of `board`, with where it is. */
function panelQueries(board: Dashboard): { panel: string; expr: string }[] {
  return board.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));
}

/** What is wrong with the rules and the dashboard together (empty: nothing). */
function problems(ruleList: Rule[], board: Dashboard): string[] {
  const found: string[] = [];
  const records = new Set(ruleList.flatMap((r) => (r.record ? [r.record] : [])));
  const expressions = new Set(ruleList.map((r) => normalize(r.expr)));
  const used = new Set<string>();
  for (const { panel, expr } of panelQueries(board)) {
    const recordName = /^([A-Za-z_:][A-Za-z0-9_:]*)(\{[^{}]*\})?$/.exec(expr.trim())?.[1];
    if (recordName && records.has(recordName)) {
      used.add(recordName);
    } else if (expressions.has(normalize(expr))) {
      for (const id of identifiers(expr)) if (records.has(id)) used.add(id);
    } else {
      found.push(`panel "${panel}": ${expr} is neither a recording rule nor an expression of the rule files`);
    }
  }
  for (const rule of ruleList) if (rule.alert) for (const id of identifiers(rule.expr)) if (records.has(id)) used.add(id);
  for (const record of records) if (!used.has(record)) found.push(`recording rule ${record}: used by no panel and no alert`);
  return found;
}

describe('deploy/prometheus and deploy/grafana', () => {
  it('has rule files with recording rules and alerts', () => {
    expect(ruleFiles).toEqual(['checkout.rules.yaml', 'slo.rules.yaml']);
    expect(rules.filter((r) => r.record).length).toBeGreaterThan(20);
    expect(rules.filter((r) => r.alert).length).toBeGreaterThan(15);
  });

  it('names every recording rule level:metric:operations and every alert once', () => {
    for (const rule of rules) if (rule.record) expect(rule.record).toMatch(/^[a-z_]+:[a-z_]+:[a-z0-9_]+$/);
    const alerts = rules.flatMap((r) => (r.alert ? [r.alert] : []));
    expect(new Set(alerts).size).toBe(alerts.length);
  });

  it('gives every alert a severity, a summary, a description and a runbook', () => {
    for (const rule of rules.filter((r) => r.alert)) {
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity);
      expect(Object.keys(rule.annotations ?? {}).sort(), rule.alert).toEqual(['description', 'runbook', 'summary']);
      expect(rule.annotations?.runbook, rule.alert).toMatch(/^docs\/operations\.md#[a-z-]+: /);
    }
  });

  it('alerts on each SLO at 14.4x and 6x (page) and 1x (ticket)', () => {
    for (const [slo, ratio, budget] of [
      ['card-page-availability', 'slo:checkout_card_page_errors', '0.001'],
      ['card-page-latency', 'slo:checkout_card_page_slow', '0.01'],
    ]) {
      const burns = rules.filter((r) => r.labels?.slo === slo).map((r) => [normalize(r.expr), r.labels?.severity]);
      expect(burns).toEqual([
        [`${ratio}:ratio_rate1h > (14.4 * ${budget}) and ${ratio}:ratio_rate5m > (14.4 * ${budget})`, 'page'],
        [`${ratio}:ratio_rate6h > (6 * ${budget}) and ${ratio}:ratio_rate30m > (6 * ${budget})`, 'page'],
        [`${ratio}:ratio_rate3d > ${budget} and ${ratio}:ratio_rate6h > ${budget}`, 'ticket'],
      ]);
    }
  });

  it('reads only metrics packages/runtime/src/metrics/metric-families.ts makes (and Prometheus’ up)', () => {
    const source = readFileSync(METRICS_SOURCE, 'utf8');
    const exported = new Set([...source.matchAll(/\bname: '([a-z_]+)'/g)].map((m) => m[1]));
    for (const name of ['checkout_db_pool_total_connections', 'checkout_db_pool_idle_connections', 'checkout_db_pool_waiting_clients']) {
      expect(source).toContain(`'${name}'`);
      exported.add(name);
    }
    const read = new Set(
      rules
        .flatMap((r) => [...identifiers(r.expr)].filter((id) => id.startsWith('checkout_') || id === 'up'))
        .map((id) => id.replace(/_(bucket|count|sum)$/, '')),
    );
    read.delete('up');
    expect(read.size).toBeGreaterThan(8);
    for (const metric of read) expect(exported, metric).toContain(metric);
  });

  it('names only routes of the app, and the payment pages match exactly their five routes', () => {
    const text = rules.map((r) => r.expr).join('\n');
    for (const [, value] of text.matchAll(/route!?="([^"]*)"/g)) expect(ROUTE_PATTERNS as readonly string[]).toContain(value);
    const patterns = new Set([...text.matchAll(/route=~"([^"]*)"/g)].map((m) => m[1]));
    expect(patterns.size).toBe(1);
    const pages = new RegExp(`^(?:${[...patterns][0]})$`);
    expect(ROUTE_PATTERNS.filter((route) => pages.test(route))).toEqual([
      '/cashier/[sessionId]',
      '/cashier/[sessionId]/widget',
      '/payments/[transactionType]/[paymentId]/apm',
      '/payments/[transactionType]/[paymentId]/card',
      '/payments/[transactionType]/[paymentId]/status',
    ]);
  });

  it('is a Grafana dashboard on a Prometheus data source variable', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource, panel.title).toEqual(panel.datasource);
    }
  });

  it('queries only recording rules and rule expressions, and uses every recording rule', () => {
    expect(problems(rules, dashboard)).toEqual([]);
  });

  it('finds a panel off the rules, and a recording rule nothing uses', () => {
    const board = structuredClone(dashboard);
    const target = board.panels.find((p) => p.targets?.length)?.targets?.[0];
    if (!target) throw new Error('the dashboard has no panel with a query');
    target.expr = 'sum(rate(checkout_http_request_duration_seconds_count[5m]))';
    const extra: Rule = { record: 'job:checkout_unused:rate5m', expr: 'sum(rate(checkout_pow_challenges_issued_total[5m]))' };
    const found = problems([...rules, extra], board);
    expect(found).toContainEqual(expect.stringContaining('is neither a recording rule nor an expression of the rule files'));
    expect(found).toContain('recording rule job:checkout_unused:rate5m: used by no panel and no alert');
  });

  it('accepts a panel that quotes an alert expression, whitespace aside', () => {
    const board = structuredClone(dashboard);
    const alert = rules.find((r) => r.alert === 'DbPoolSaturated')!;
    board.panels.find((p) => p.targets?.length)!.targets!.push({ expr: alert.expr.trim().replace(/\s+/g, '  ') });
    expect(problems(rules, board)).toEqual([]);
  });
});
