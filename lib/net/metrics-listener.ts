/**
 * The metrics listener: `GET /metrics` in Prometheus' text format (lib/metrics/metrics.ts) on a
 * port of its own (`METRICS_PORT`, bound to `METRICS_HOST`), started by the server's start-up
 * (lib/startup.ts) and closed at shutdown. Never on the app's port: the customer-facing origin
 * answers /metrics with its 404. The request hooks of the app (guard, request log, HTTP metrics:
 * packages/runtime/src/net/request-hooks.ts) leave this server alone; it answers `/metrics` (GET, HEAD) and 404
 * or 405 for anything else, and reads no body. With a token (`METRICS_TOKEN`), /metrics asks for
 * `Authorization: Bearer <token>` (what Prometheus sends with `authorization: { credentials: … }`)
 * and answers 401 with `WWW-Authenticate: Bearer` without it or with another; the two are compared
 * as SHA-256 digests in constant time, and the token is never logged or echoed.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from '@hosted-checkout/runtime/log';
import { leaveUnhooked } from '@hosted-checkout/runtime/net/request-hooks';
import { metricsRegistry } from '../metrics/metrics';

/** A running metrics listener. */
export interface MetricsServer {
  server: http.Server;
  /** The port it listens on (the one asked for, or the one the system chose for port 0). */
  port: number;
  /** Stops listening and closes its connections. */
  close: () => Promise<void>;
}

function answer(response: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(body);
}

/** What the listener asks of a scrape. */
export interface MetricsServerOptions {
  /** The bearer token every scrape of /metrics must carry; absent, /metrics answers anyone who reaches it. */
  token?: string;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** The credentials of an `Authorization: Bearer <token>` header (scheme in any case), or '' for anything else. */
function bearerCredentials(header: string | undefined): string {
  if (!header) return '';
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'bearer') return '';
  return header.slice(space + 1).trim();
}

/**
 * Whether `request` carries the token whose SHA-256 digest is `expected`. The digests are of one
 * length whatever was sent, so timingSafeEqual tells neither the token's length nor its prefix.
 */
function authorized(request: http.IncomingMessage, expected: Buffer): boolean {
  const presented = bearerCredentials(request.headers.authorization);
  return timingSafeEqual(sha256(presented), expected) && presented !== '';
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse, tokenDigest: Buffer | null): Promise<void> {
  const path = (request.url ?? '/').split('?')[0];
  if (path !== '/metrics') return answer(response, 404, 'Not found. Metrics are at /metrics.\n');
  if (tokenDigest && !authorized(request, tokenDigest)) {
    const challenge = request.headers.authorization ? 'Bearer realm="metrics", error="invalid_token"' : 'Bearer realm="metrics"';
    return answer(response, 401, 'Unauthorized: send Authorization: Bearer <METRICS_TOKEN>.\n', { 'WWW-Authenticate': challenge });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, 405, 'Method not allowed.\n', { Allow: 'GET, HEAD' });
  const registry = metricsRegistry();
  const text = await registry.metrics();
  response.writeHead(200, {
    'Content-Type': registry.contentType,
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  response.end(request.method === 'HEAD' ? undefined : text);
}

/**
 * Starts the metrics listener on `host`:`port` (port 0: any free one); rejects when it cannot
 * listen. With `options.token`, /metrics answers only scrapes that send it as a bearer token.
 */
export function startMetricsServer(port: number, host: string, options: MetricsServerOptions = {}): Promise<MetricsServer> {
  // Only the digest is kept for the comparisons; the token goes into no log line or answer.
  const tokenDigest = options.token ? sha256(options.token) : null;
  const server = http.createServer((request, response) => {
    handle(request, response, tokenDigest).catch(() => {
      if (!response.headersSent) answer(response, 500, 'The metrics could not be collected.\n');
      else response.destroy();
    });
  });
  leaveUnhooked(server);
  // A scraper sends a small GET: a slow or silent client is dropped soon.
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  server.maxHeadersCount = 50;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.on('error', (error) => logger.error({ err: error }, 'the metrics listener failed'));
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
