/**
 * The metrics listener: `GET /metrics` in Prometheus' text format (lib/metrics/metrics.ts) on a
 * port of its own (`METRICS_PORT`, bound to `METRICS_HOST`), started by the server's start-up
 * (lib/startup.ts) and closed at shutdown. Never on the app's port: the customer-facing origin
 * answers /metrics with its 404. The request hooks of the app (guard, request log, HTTP metrics:
 * lib/net/request-hooks.ts) leave this server alone; it answers `/metrics` (GET, HEAD) and 404
 * or 405 for anything else, and reads no body.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from '@/lib/log';
import { leaveUnhooked } from '@/lib/net/request-hooks';
import { metricsRegistry } from './metrics';

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

async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const path = (request.url ?? '/').split('?')[0];
  if (path !== '/metrics') return answer(response, 404, 'Not found. Metrics are at /metrics.\n');
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

/** Starts the metrics listener on `host`:`port` (port 0: any free one); rejects when it cannot listen. */
export function startMetricsServer(port: number, host: string): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => {
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
