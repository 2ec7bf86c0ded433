/**
 * The metrics listener of this worker's checkout in the browser tests (METRICS_PORT, with the
 * bearer token playwright.config.ts sets): its scrape, parsed by the strict parser of the text
 * format (lib/testing/prometheus-text.ts), and the sums the tests compare before and after.
 */
import { expect } from '@playwright/test';
import { familyNamed, hasLabels, histogramSeries, parsePrometheusText, type MetricFamily } from '../lib/testing/prometheus-text';
import { METRICS_PORT } from './support';

export const METRICS_URL = `http://127.0.0.1:${METRICS_PORT}/metrics`;
/** The same default as playwright.config.ts. */
export const METRICS_TOKEN = process.env.METRICS_TOKEN ?? 'e2e-metrics-token-0123456789abcdef';

/** Scrapes the metrics listener with the token (200); `textFormat`: also checks the text format's content type (0.0.4). */
export async function scrapeMetrics(textFormat = false): Promise<MetricFamily[]> {
  const answer = await fetch(METRICS_URL, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(answer.status).toBe(200);
  if (textFormat) expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await answer.text());
}

/**
 * The observations of histogram `name`'s series with `labels`, added up. `required`: the family
 * must be in the scrape; otherwise one not there yet counts 0, and one there must be a histogram.
 */
export function observations(families: MetricFamily[], name: string, labels: Record<string, string>, required = false): number {
  const family = familyNamed(families, name);
  if (required) expect(family, name).toBeDefined();
  else {
    if (!family) return 0;
    expect(family.type, name).toBe('histogram');
  }
  return histogramSeries(family!)
    .filter((s) => hasLabels(s.labels, labels))
    .reduce((sum, s) => sum + s.count, 0);
}
