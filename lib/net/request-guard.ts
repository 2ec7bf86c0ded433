/**
 * The request guard: what every connection and request must pass before Next.js sees it
 * (issue 20; installed at start on every http.Server of the process, lib/startup.ts). Answers
 * are plain text, `Connection: close`, and never echo what was sent.
 *
 * - Header sizes: Node's parser refuses a header block over `MAX_HEADER_BYTES` (431, set per
 *   server); a `User-Agent` or `Accept-Language` over `MAX_AGENT_HEADER_BYTES` is 431 here, since
 *   a regex inside Next.js (`HTML_LIMITED_BOT_UA_RE`) backtracks quadratically on a long one.
 * - The client address: the trusted entry of `X-Forwarded-For` (client-ip.ts); a request without
 *   a valid one is 400, never served as "no limit".
 * - A post to a page (a server action): an `Origin` of this checkout (or of the sandbox's
 *   pages) is required (403 for none, `null`, a malformed or a foreign one, whatever the
 *   prefetch headers), a declared length (411) of at most the actions' body limit (413).
 * - Time and connections: a connection must send its request head within `HEADERS_TIMEOUT_MS`
 *   and its body within `REQUEST_TIMEOUT_MS` (then it is closed); with no proxy in front
 *   (`TRUSTED_PROXY_HOPS=0`), one address may hold at most `CONNECTIONS_PER_IP` connections
 *   (behind a balancer, the balancer caps per client: deploy/haproxy.cfg).
 * Sources: RFC 6585 (431), RFC 9110 §15.5.14 (413) and §9.6 (Connection: close), OWASP ASVS
 * V13.1 (input size), CWE-1333 (ReDoS).
 */
import type http from 'node:http';
import type { Socket } from 'node:net';
import { appConfig, twinOrigin } from '@/lib/config';
import { clientIpFrom } from './client-ip';
import { isShuttingDown, trackServer } from './shutdown';
import { onEveryConnection, onEveryRequest } from './request-hooks';

/** Largest request head (request line and headers), in bytes: Node's `maxHeaderSize` per server. */
const MAX_HEADER_BYTES = 8 * 1024;
/** Largest `User-Agent` or `Accept-Language`, in bytes (real browsers send under 300). */
const MAX_AGENT_HEADER_BYTES = 512;
/** Largest page post (server action) body, in bytes: next.config.mjs `bodySizeLimit`, 100 KB. */
export const MAX_ACTION_BODY_BYTES = 100 * 1024;
/** A refused body up to this size is read and dropped before the answer, so the client reads it (no reset). */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** A refusal of the guard: HTTP status and a short message for a person. */
interface Refusal {
  status: 400 | 403 | 411 | 413 | 431;
  message: string;
}

/** Paths whose posts are not server actions: route handlers with checks of their own. */
const NOT_A_PAGE = /^\/(?:api\/|sandbox\/api(?:\/|$)|sandbox\/3ds\/[^/]+\/method\/?$|_next\/)/;

/** The origins a page post may come from: the checkout's and the sandbox pages', with their loopback twins. */
function allowedPostOrigins(): Set<string> {
  const { checkoutUrl, sandboxPublicUrl } = appConfig();
  const origins = new Set<string>();
  for (const url of [checkoutUrl, sandboxPublicUrl]) {
    const origin = new URL(url).origin;
    origins.add(origin);
    const twin = twinOrigin(origin);
    if (twin) origins.add(twin);
  }
  return origins;
}

const byteLength = (value: string | string[] | undefined): number =>
  value === undefined ? 0 : Buffer.byteLength(Array.isArray(value) ? value.join(', ') : value);

/**
 * The guard's decision on a request head (no body read): a Refusal, or null to go on.
 * `headers` are Node's (lower-case names); `forwardedFor` already ends with the socket's address.
 */
export function checkRequestHead(
  method: string | undefined,
  url: string | undefined,
  headers: http.IncomingHttpHeaders,
  trustedHops: number,
  postOrigins: () => Set<string> = allowedPostOrigins,
): Refusal | null {
  if (byteLength(headers['user-agent']) > MAX_AGENT_HEADER_BYTES) return { status: 431, message: 'The User-Agent header is too long.' };
  if (byteLength(headers['accept-language']) > MAX_AGENT_HEADER_BYTES) return { status: 431, message: 'The Accept-Language header is too long.' };
  const forwarded = headers['x-forwarded-for'];
  if (!clientIpFrom(Array.isArray(forwarded) ? forwarded.join(', ') : forwarded, trustedHops)) {
    return { status: 400, message: 'The request has no valid client address.' };
  }
  const length = headers['content-length'];
  return checkPagePost(method, url, typeof headers.origin === 'string' ? headers.origin : null, length ?? null, postOrigins, headers.host);
}

/** Whether `origin` is the origin of the host the request was sent to (a same-origin post to one instance directly). */
function isOwnHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * A post to a page is a server action: it must come from one of `postOrigins`, or from the very
 * host it was sent to (browsers send Origin with every POST; none, `null`, malformed or foreign
 * is 403: the check stops cross-site posts, which a browser cannot forge) and declare a length (411)
 * of at most MAX_ACTION_BODY_BYTES (413). Null for anything else, or a post that passes.
 */
export function checkPagePost(
  method: string | undefined,
  url: string | undefined,
  origin: string | null,
  contentLength: string | null,
  postOrigins: () => Set<string> = allowedPostOrigins,
  host?: string,
): Refusal | null {
  if (method !== 'POST') return null;
  // Dot segments resolved as Next.js resolves them: `/api/../payments/…` is a page.
  let path: string;
  try {
    path = new URL(url ?? '/', 'http://checkout.invalid').pathname;
  } catch {
    return { status: 400, message: 'The request path is not valid.' };
  }
  if (NOT_A_PAGE.test(path)) return null;
  if (origin === null || !(postOrigins().has(origin) || isOwnHost(origin, host))) return { status: 403, message: 'A form post must come from the payment page.' };
  if (contentLength === null) return { status: 411, message: 'A form post must declare its length.' };
  if (!/^\d{1,15}$/.test(contentLength) || Number(contentLength) > MAX_ACTION_BODY_BYTES) {
    return { status: 413, message: 'The form is too large. Go back, check what you typed and try again.' };
  }
  return null;
}

/**
 * Answers `refusal` and closes the connection. A body of a declared length up to
 * DRAIN_LIMIT_BYTES is read and dropped first, so that the client reads the answer instead of a
 * reset; a larger or unknown one is answered at once.
 */
function answerRefusal(request: http.IncomingMessage, response: http.ServerResponse, refusal: Refusal): void {
  const send = () => {
    if (response.headersSent) return;
    const body = `${refusal.message}\n`;
    response.writeHead(refusal.status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    });
    response.end(body);
  };
  const declared = Number(request.headers['content-length'] ?? '0');
  if (request.complete || !(declared > 0) || declared > DRAIN_LIMIT_BYTES) {
    send();
    return;
  }
  const timer = setTimeout(send, 5_000);
  timer.unref();
  request.once('end', () => {
    clearTimeout(timer);
    send();
  });
  request.once('error', () => clearTimeout(timer));
  request.resume();
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
      const peer = socket.remoteAddress ?? '';
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

  onEveryRequest('guard', (request, response, server) => {
    const socket = request.socket as TimedSocket;
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
    const refusal = checkRequestHead(request.method, request.url, request.headers, appConfig().TRUSTED_PROXY_HOPS);
    if (!refusal) return false;
    answerRefusal(request, response, refusal);
    return true;
  });
}
