/**
 * Serves a route handler (`(request: Request) => Promise<Response>`, as under app/) on a real
 * http.Server on loopback, the way Next.js hands it a request: the Node request itself is the
 * Web Request's body stream (so a handler that stops reading leaves the rest of the body on the
 * socket, as in production). For tests from outside: raw sockets and real HTTP clients.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/** A running server: its origin (`http://127.0.0.1:port`), its requests seen, and how to stop it. */
export interface RouteServer {
  origin: string;
  port: number;
  /** Requests that reached the handler. */
  handled: () => number;
  close: () => Promise<void>;
}

/** Starts `handler` on 127.0.0.1 (an ephemeral port). The request hooks installed (the guard) run first. */
export async function serveRoute(handler: (request: Request) => Promise<Response>): Promise<RouteServer> {
  let handled = 0;
  const server = http.createServer((req, res) => {
    handled += 1;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    // Node's Request needs `duplex` for a streamed body (the DOM's RequestInit does not name it).
    const init: RequestInit & { duplex: 'half' } = {
      method: req.method,
      headers,
      body: hasBody ? (req as unknown as RequestInit['body']) : undefined,
      duplex: 'half',
    };
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, init);
    handler(request).then(
      (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        if (!response.body) res.end();
        else Readable.fromWeb(response.body as never).pipe(res);
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    handled: () => handled,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
