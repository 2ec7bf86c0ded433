/**
 * The request guard: what every connection and request must pass before Next.js sees it
 * (installed at start on every http.Server of the process, lib/startup.ts). Answers are plain
 * text (the sandbox API's: its JSON ErrorResponse), `Connection: close`, and never echo what was
 * sent. Whatever Next.js would answer with a 500 is answered here with a 4xx first. The decisions
 * on a request head are request-checks.ts's, on a server action's body action-body-check.ts's;
 * here they are applied, with Node's limits, the timers and the connection count per address.
 *
 * - Methods: a page takes GET, HEAD and POST; a route handler (/api, /sandbox/api, …) also PUT,
 *   PATCH, DELETE and OPTIONS. Anything else (TRACE, CONNECT, PROPFIND…) is 405 with `Allow`; a
 *   method Node's parser does not know (TRACK) is its 400.
 * - `X-Forwarded-Host`: Next.js takes it for the host of the request. The ingress controllers
 *   most clusters use (ingress-nginx, Traefik) set it on every request to the host the customer
 *   asked for, so it is accepted when it names a host this instance serves (CHECKOUT_URL's,
 *   FORWARDED_HOSTS) and the request came through the trusted proxies (TRUSTED_PROXY_HOPS ≥ 1);
 *   any other value, or any value without a trusted proxy, is 400 (Next.js would 500 on a server
 *   action from our own page, and log the value): request-hosts.ts, `publicHosts`.
 * - Hosts are compared canonical (host-names.ts: case, trailing dot, the scheme's default port),
 *   and a request that passes goes on to Next.js with `Host`, `X-Forwarded-Host` and a page
 *   post's `Origin` in those spellings (request-hosts.ts, `canonicalSpellings`): Next.js compares
 *   the Origin's host with the forwarded host byte for byte, and failed `PAY.EXAMPLE.COM` with a
 *   500 after the guard had found it this checkout's.
 * - Header sizes: Node's parser refuses a header block over `MAX_HEADER_BYTES` (431, set per
 *   server); a `User-Agent` or `Accept-Language` over `MAX_AGENT_HEADER_BYTES` is 431 here, since
 *   a regex inside Next.js (`HTML_LIMITED_BOT_UA_RE`) backtracks quadratically on a long one.
 * - The client address: the trusted entry of `X-Forwarded-For` (client-ip.ts); a request without
 *   a valid one is 400, never served as "no limit".
 * - A post to a page (a server action): an `Origin` of this checkout (or of the sandbox's
 *   pages) is required (403 for none, `null`, a malformed or a foreign one, whatever the
 *   prefetch headers), a declared length (411) of at most the actions' body limit (413). A post
 *   Next.js takes for a server action (a `Next-Action` header, or a multipart form) must also
 *   name in `Origin` the very host it was sent to (the forwarded host, else `Host`), as Next.js
 *   checks (403 here, not its 500), and its body must parse as Next.js will parse it (400): the
 *   body is held (bounded by the declared length) and checked before Next.js reads it: a fetch
 *   action's text is a JSON array, nested at most MAX_ACTION_JSON_DEPTH deep; a multipart form
 *   parses (WHATWG FormData, as Next.js parses a no-JS form post) and its JSON rows (React's
 *   reply rows and `$ACTION_n:m` fields) are JSON, nested at most as deep.
 * - The sandbox API: a declared length over its body limit is 413 before its router runs.
 * - Early answers: any answer written before its request's body has all come (here or by a
 *   route: a 413 after 64 KB of a chunked post) says `Connection: close`, and the rest of the
 *   body is drained before the connection closes (body-watch.ts), so the client reads the answer
 *   and its next request goes on a fresh connection.
 * - Time and connections: a connection must send its request head within `HEADERS_TIMEOUT_MS`
 *   and its body within `REQUEST_TIMEOUT_MS` (then it is closed); with no proxy in front
 *   (`TRUSTED_PROXY_HOPS=0`), one address may hold at most `CONNECTIONS_PER_IP` connections
 *   (behind a balancer, the balancer caps per client: deploy/haproxy.cfg).
 *   An IPv6 client is counted by its /64 (`addressKey`, client-ip.ts).
 * Sources: RFC 6585 (431), RFC 9110 §15.5.6 (405, Allow), §15.5.14 (413) and §9.6 (Connection:
 * close), RFC 9112 §9.6 (closing a connection), OWASP ASVS V13.1 (input size), CWE-1333 (ReDoS).
 */
import type http from 'node:http';
import type { Socket } from 'node:net';
import { appConfig } from '@/lib/config';
import { errorBody } from '@hosted-checkout/contract/errors';
import { MAX_ACTION_BODY_BYTES } from '@hosted-checkout/runtime/net/body-limits';
import { closeEarlyAnswers, hasBody, isClosingEarly, watchBody } from './body-watch';
import { addressKey } from '@hosted-checkout/runtime/net/client-ip';
import { isShuttingDown, trackServer } from '@hosted-checkout/runtime/net/shutdown';
import { onEveryConnection, onEveryRequest } from '@hosted-checkout/runtime/net/request-hooks';
import { checkRequestHead, heldActionSigns, isPagePost, ROUTE_METHODS, type Refusal } from './request-checks';
import { canonicalSpellings } from './request-hosts';
import { checkActionBody, UNPARSABLE } from './action-body-check';

export { MAX_ACTION_BODY_BYTES };

/** Largest request head (request line and headers), in bytes: Node's `maxHeaderSize` per server. */
const MAX_HEADER_BYTES = 8 * 1024;

/**
 * Answers `refusal` at once and closes the connection. A body still coming is drained first, up
 * to a bound, so that the client reads the answer instead of a reset (the request's early-answer
 * watch, body-watch.ts, does it: installed before the guard decides).
 */
function answerRefusal(response: http.ServerResponse, refusal: Refusal): void {
  if (response.headersSent) return;
  const body = refusal.sandbox ? JSON.stringify(errorBody('PAYLOAD_TOO_LARGE', refusal.message)) : `${refusal.message}\n`;
  response.writeHead(refusal.status, {
    ...refusal.headers,
    'Content-Type': refusal.sandbox ? 'application/json' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  });
  response.end(body);
}

/** Answers a CONNECT request (which Node hands to `connect` listeners, not to the request handler): 405, closed. */
function refuseConnect(_request: http.IncomingMessage, socket: Socket): void {
  const body = 'This method is not allowed here.\n';
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ROUTE_METHODS.join(', ')}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

interface Tuned {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}
const tuned = new WeakMap<http.Server, Tuned>();
const headTimer = Symbol('hosted-checkout.head-timer');
type TimedSocket = Socket & { [headTimer]?: NodeJS.Timeout };

/** Node's own limits on `server`, once: header block size and its (coarse) timeouts. */
function tune(server: http.Server): Tuned {
  let limits = tuned.get(server);
  if (!limits) {
    const config = appConfig();
    limits = { headersTimeoutMs: config.HEADERS_TIMEOUT_MS, requestTimeoutMs: config.REQUEST_TIMEOUT_MS };
    // Read by Node when it sets up each new connection's parser.
    (server as http.Server & { maxHeaderSize?: number }).maxHeaderSize = MAX_HEADER_BYTES;
    server.headersTimeout = limits.headersTimeoutMs;
    server.requestTimeout = limits.requestTimeoutMs;
    // Without a listener Node drops a CONNECT without a word; with this one it is a 405.
    if (server.listenerCount('connect') === 0) server.on('connect', refuseConnect);
    tuned.set(server, limits);
  }
  return limits;
}

/** Closes `socket` unless a request head arrives within `ms` (Node checks its own only every 30 s). */
function armHeadTimer(socket: TimedSocket, ms: number): void {
  clearTimeout(socket[headTimer]);
  socket[headTimer] = setTimeout(() => socket.destroy(), ms);
  socket[headTimer].unref();
}

const openByIp = new Map<string, number>();

/** Installs the guard on every http.Server of the process (idempotent). */
export function guardRequests(): void {
  onEveryConnection('guard', (socket: TimedSocket, server) => {
    const limits = tune(server);
    trackServer(server);
    const config = appConfig();
    if (config.TRUSTED_PROXY_HOPS === 0) {
      // An IPv6 client by its /64: one host may hold many of its addresses.
      const peer = addressKey(socket.remoteAddress ?? '');
      const open = openByIp.get(peer) ?? 0;
      if (open >= config.CONNECTIONS_PER_IP) {
        socket.destroy();
        return true;
      }
      openByIp.set(peer, open + 1);
      socket.once('close', () => {
        const left = (openByIp.get(peer) ?? 1) - 1;
        if (left <= 0) openByIp.delete(peer);
        else openByIp.set(peer, left);
      });
    }
    armHeadTimer(socket, limits.headersTimeoutMs);
    socket.once('close', () => clearTimeout(socket[headTimer]));
  });

  onEveryRequest('guard', (request, response, server, resume) => {
    const socket = request.socket as TimedSocket;
    // A request read from a connection that is closing after an early answer: never handled.
    if (isClosingEarly(socket)) return true;
    const limits = tune(server);
    clearTimeout(socket[headTimer]);
    if (!request.complete) {
      const bodyTimer = setTimeout(() => {
        if (!request.complete) socket.destroy();
      }, limits.requestTimeoutMs);
      bodyTimer.unref();
      // The request's own events (one listener each per request, none left on a kept-alive socket).
      request.once('end', () => clearTimeout(bodyTimer));
      request.once('close', () => clearTimeout(bodyTimer));
    }
    // A kept-alive connection's next request head must come in time too.
    response.once('finish', () => {
      if (!socket.destroyed) armHeadTimer(socket, limits.headersTimeoutMs);
    });
    if (isShuttingDown()) response.setHeader('Connection', 'close');
    // Every answer written before the body has all come closes its connection cleanly.
    const watch = hasBody(request) && !request.complete ? watchBody(request) : null;
    if (watch) closeEarlyAnswers(request, response, watch);
    const trustedHops = appConfig().TRUSTED_PROXY_HOPS;
    const refusal = checkRequestHead(request.method, request.url, request.headers, trustedHops);
    if (refusal) {
      answerRefusal(response, refusal);
      return true;
    }
    // Next.js compares hosts byte for byte: it gets the canonical spellings the checks compared.
    Object.assign(request.headers, canonicalSpellings(request.headers, trustedHops, isPagePost(request.method, request.url)));
    const signs = heldActionSigns(request);
    if (!signs) return false;
    // A server action's body: held (its declared length is capped above) and checked before Next.js parses it.
    const decide = (body: Buffer) =>
      void checkActionBody(signs, body)
        .catch(() => UNPARSABLE)
        .then((bodyRefusal) => {
          if (bodyRefusal) {
            watch?.drop();
            answerRefusal(response, bodyRefusal);
          } else {
            watch?.release();
            resume();
          }
        });
    if (watch) watch.hold(decide);
    else decide(Buffer.alloc(0));
    return true;
  });
}
