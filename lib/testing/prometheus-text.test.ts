/**
 * The test parser of Prometheus' text format (prometheus-text.ts): the specification's own
 * example, labelled histograms kept apart, and a refusal for each kind of malformed line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { familyNamed, histogramSeries, parsePrometheusText } from './prometheus-text';

// The example of https://prometheus.io/docs/instrumenting/exposition_formats/#text-format-example, verbatim.
const SPEC_EXAMPLE = readFileSync('lib/testing/prometheus-spec-example.txt', 'utf8');

describe('parsePrometheusText', () => {
  it('reads the specification’s example', () => {
    const families = parsePrometheusText(SPEC_EXAMPLE);
    expect(families.map((f) => [f.name, f.type])).toEqual([
      ['http_requests_total', 'counter'],
      ['msdos_file_access_time_seconds', 'untyped'],
      ['metric_without_timestamp_and_labels', 'untyped'],
      ['something_weird', 'untyped'],
      ['http_request_duration_seconds', 'histogram'],
      ['rpc_duration_seconds', 'summary'],
    ]);
    expect(familyNamed(families, 'http_requests_total')).toMatchObject({
      help: 'The total number of HTTP requests.',
      samples: [
        { labels: { method: 'post', code: '200' }, value: 1027, timestampMs: 1395066363000 },
        { labels: { method: 'post', code: '400' }, value: 3 },
      ],
    });
    expect(familyNamed(families, 'msdos_file_access_time_seconds')?.samples[0]?.labels).toEqual({
      path: 'C:\\DIR\\FILE.TXT',
      error: 'Cannot find file:\n"FILE.TXT"',
    });
    expect(familyNamed(families, 'something_weird')?.samples[0]).toMatchObject({ value: Infinity, timestampMs: -3982045 });
    expect(histogramSeries(familyNamed(families, 'http_request_duration_seconds')!)).toEqual([
      {
        labels: {},
        buckets: [
          { le: 0.05, count: 24054 },
          { le: 0.1, count: 33444 },
          { le: 0.2, count: 100392 },
          { le: 0.5, count: 129389 },
          { le: 1, count: 133988 },
          { le: Infinity, count: 144320 },
        ],
        count: 144320,
        sum: 53423,
      },
    ]);
    expect(familyNamed(families, 'rpc_duration_seconds')?.samples).toHaveLength(7);
  });

  it('reads NaN and the infinities in any case, as Prometheus does (prom-client writes `Nan`)', () => {
    const values = parsePrometheusText('a Nan\nb NaN\nc -Inf\nd +inf\ne Infinity\nf 1e3\ng -.5\nh 7.\n').map((f) => f.samples[0]!.value);
    expect(values).toEqual([NaN, NaN, -Infinity, Infinity, Infinity, 1000, -0.5, 7]);
  });

  it('keeps the labelled series of a histogram apart', () => {
    const [family] = parsePrometheusText(`# TYPE h_seconds histogram
h_seconds_bucket{le="0.1",route="/a"} 1
h_seconds_bucket{le="+Inf",route="/a"} 2
h_seconds_sum{route="/a"} 0.3
h_seconds_count{route="/a"} 2
h_seconds_bucket{le="0.1",route="/b"} 0
h_seconds_bucket{le="+Inf",route="/b"} 1
h_seconds_sum{route="/b"} 4
h_seconds_count{route="/b"} 1
`);
    expect(histogramSeries(family!).map((s) => [s.labels, s.count, s.sum])).toEqual([
      [{ route: '/a' }, 2, 0.3],
      [{ route: '/b' }, 1, 4],
    ]);
  });

  it('refuses what is not the format', () => {
    for (const text of [
      'x{a="1"',
      'x{a=1} 1',
      'x{a="1",a="2"} 1',
      'x{a="\\t"} 1',
      'x 1.2.3',
      'x 0x10',
      'x one',
      'x 1 2 3',
      'x 1 soon',
      '9x 1',
      'x{le:x="1"} 1',
      '# TYPE x meter',
      '# TYPE x counter\n# TYPE x counter',
      'x 1\n# TYPE x counter',
      'x 1\ny 1\nx 2',
      '# TYPE h histogram\nh_bucket 1',
    ]) {
      expect(() => parsePrometheusText(text), text).toThrow();
    }
  });

  it('refuses a histogram whose buckets do not add up', () => {
    const family = (lines: string) => parsePrometheusText(`# TYPE h histogram\n${lines}`)[0]!;
    expect(() => histogramSeries(family('h_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1'))).toThrow(/out of order/);
    expect(() => histogramSeries(family('h_bucket{le="+Inf"} 2\nh_sum 1\nh_count 1'))).toThrow(/\+Inf/);
    expect(() => histogramSeries(family('h_bucket{le="+Inf"} 1\nh_count 1'))).toThrow(/_sum/);
  });
});
