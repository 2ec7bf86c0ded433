/**
 * A fault-injecting HTTP proxy for tests (loopback only): sits between the checkout and the
 * payments service and, for the requests a rule matches, answers 500/502/503 without forwarding,
 * delays before forwarding, resets the connection after the service has answered (the service
 * committed, the checkout never heard), or answers malformed JSON after forwarding. Anything
 * else is forwarded as it is. Records every request it saw.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Fault =
  | { effect: 'status'; status: 500 | 502 | 503 }
  | { effect: 'delay'; ms: number }
  | { effect: 'reset-after-forward' }
  | { effect: 'malformed-json' };

interface FaultRule {
  method?: string;
  /** Matched against the path after the proxy's own prefix, e.g. /public/payin/pi_1/process/card. */
  path: RegExp;
  fault: Fault;
  /** How many matching requests it applies to (then it is spent). */
  times: number;
}

export interface FaultProxy {
  url: string;
  /** Adds a rule; the first rule that matches a request applies. */
  inject(rule: FaultRule): void;
  /** Requests seen, in order: method, path, the fault applied if any. */
  seen: { method: string; path: string; fault?: Fault['effect'] }[];
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 that forwards to `target` (a base URL such as http://localhost:3100/sandbox/api). */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const rules: FaultRule[] = [];
  const seen: FaultProxy['seen'] = [];
  const base = new URL(target);

  const forward = (
    request: http.IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const upstream = http.request(
        {
          hostname: base.hostname,
          port: base.port,
          method: request.method,
          path: `${base.pathname.replace(/\/$/, '')}${request.url}`,
          headers: { ...request.headers, host: base.host },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const [path = ''] = (request.url ?? '').split('?');
      const rule = rules.find((r) => r.times > 0 && r.path.test(path) && (!r.method || r.method === request.method));
      if (rule) rule.times -= 1;
      seen.push({ method: request.method ?? '', path, fault: rule?.fault.effect });
      const body = Buffer.concat(chunks);
      try {
        if (rule?.fault.effect === 'status') {
          response.writeHead(rule.fault.status, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify({ errorKey: 'INTERNAL_ERROR', errorMessage: 'injected fault', errorCode: 5001 }));
          return;
        }
        if (rule?.fault.effect === 'delay') await new Promise((resolve) => setTimeout(resolve, (rule.fault as { ms: number }).ms));
        const answer = await forward(request, body);
        if (rule?.fault.effect === 'reset-after-forward') {
          request.socket.destroy();
          return;
        }
        if (rule?.fault.effect === 'malformed-json') {
          response.writeHead(200, { 'Content-Type': 'application/json' });
          response.end('{"paymentId": "pi_');
          return;
        }
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        delete headers.connection;
        response.writeHead(answer.status, headers);
        response.end(answer.body);
      } catch {
        if (!response.headersSent) response.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    inject: (rule) => rules.push({ ...rule }),
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
