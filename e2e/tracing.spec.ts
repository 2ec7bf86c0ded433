/**
 * Traces (issue "What merchants integrate with", item 5): with a collector configured, a card
 * page view exports its page span and one client span per call to the payments service in one
 * trace, and the log lines of the request carry that trace id. A collector of our own on
 * loopback receives OTLP/HTTP JSON.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { expect, test } from './fixtures';
import { payinAt, startSecondServer } from './second-server';

const ORIGIN = 'http://localhost:3106';
type Span = { name: string; traceId: string; attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[] };

let collector: http.Server;
let collectorUrl = '';
const spans: Span[] = [];
const logs: string[] = [];
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  collector = http.createServer((request, response) => {
    let body = '';
    request.on('data', (c) => (body += c));
    request.on('end', () => {
      try {
        const data = JSON.parse(body) as { resourceSpans?: { scopeSpans?: { spans?: Span[] }[] }[] };
        for (const resource of data.resourceSpans ?? []) for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
      } catch {
        // not JSON: ignored
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  server = await startSecondServer(
    ORIGIN,
    {
      SANDBOX_DATA_DIR: 'memory://',
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'checkout-e2e',
      LOG_LEVEL: 'info',
    },
    (line) => logs.push(line),
  );
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  collector?.close();
});

test('a card page view is one trace: the page and its calls to the payments service; its log lines carry the trace id', async ({
  request,
}) => {
  const payin = await payinAt(ORIGIN, { returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' } });
  expect((await request.get(payin.iframeUrls.card)).status()).toBe(200);
  let call: Span | undefined;
  await expect
    .poll(
      () => {
        call = spans.find((s) => s.name === 'payments-api getPayin');
        return Boolean(call);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const trace = () => spans.filter((s) => s.traceId === call!.traceId);
  // The service's handling of the call and Next.js's own span of the page render are in the same
  // trace. They end at other times than the call's, so they may come in later batches of the
  // exporter: waited for, not read once.
  await expect
    .poll(
      () => {
        const names = trace().map((s) => s.name);
        return (
          names.includes('GET /sandbox/api/[...path]') &&
          names.some((name) => name.includes('/payments/[transactionType]/[paymentId]/card'))
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  // The saved cards come with the pay-in (docs/design.md, E7), so the page makes no second read for them.
  expect(trace().map((s) => s.name)).not.toContain('payments-api listSavedCards');
  // No span carries card data or a body.
  expect(JSON.stringify(spans)).not.toMatch(/4242424242424242|cardNumber/);
  // The request's log line has the trace id.
  await expect.poll(() => logs.some((line) => line.includes(`"trace_id":"${call!.traceId}"`)), { timeout: 10_000 }).toBe(true);
});
