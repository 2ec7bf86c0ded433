/**
 * The request guard: what every connection and request must pass before Next.js sees it
 * (installed at start on every http.Server of the process, lib/startup.ts). Answers are plain
 * text (the sandbox API's: its JSON ErrorResponse), `Connection: close`, and never echo what was
 * sent. Whatever Next.js would answer with a 500 is answered here with a 4xx first.
 *
 * - Methods: a page takes GET, HEAD and POST; a route handler (/api, /sandbox/api, …) also PUT,
 *   PATCH, DELETE and OPTIONS. Anything else (TRACE, CONNECT, PROPFIND…) is 405 with `Allow`; a
 *   method Node's parser does not know (TRACK) is its 400.
 * - `X-Forwarded-Host`: no proxy of ours sets it (deploy/haproxy.cfg), and Next.js would take it
 *   for the host of the request (a server action from our own page then fails with a 500, and
 *   Next.js logs the header's value): a request carrying it is 400.
 * - Header sizes: Node's parser refuses a header block over `MAX_HEADER_BYTES` (431, set per
 *   server); a `User-Agent` or `Accept-Language` over `MAX_AGENT_HEADER_BYTES` is 431 here, since
 *   a regex inside Next.js (`HTML_LIMITED_BOT_UA_RE`) backtracks quadratically on a long one.
 * - The client address: the trusted entry of `X-Forwarded-For` (client-ip.ts); a request without
 *   a valid one is 400, never served as "no limit".
 * - A post to a page (a server action): an `Origin` of this checkout (or of the sandbox's
 *   pages) is required (403 for none, `null`, a malformed or a foreign one, whatever the
 *   prefetch headers), a declared length (411) of at most the actions' body limit (413). A post
 *   Next.js takes for a server action (a `Next-Action` header, or a multipart form) must also name
 *   in `Origin` the very host it was sent to (`Host`), as Next.js checks (403 here, not its 500),
 *   and its body must parse as Next.js will parse it (400): the body is held (bounded by the
 *   declared length) and checked before Next.js reads it: a fetch action's text is a JSON array,
 *   nested at most MAX_ACTION_JSON_DEPTH deep; a multipart form parses (WHATWG FormData, as
 *   Next.js parses a no-JS form post) and its JSON rows (React's reply rows and `$ACTION_n:m`
 *   fields) are JSON, nested at most as deep.
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
import { appConfig, twinOrigin } from '@/lib/config';
import { errorBody } from '@/lib/contract/errors';
import { MAX_ACTION_BODY_BYTES, MAX_ACTION_JSON_DEPTH, SANDBOX_API_MAX_BODY_BYTES, jsonDepth } from './body-limits';
import { closeEarlyAnswers, hasBody, isClosingEarly, watchBody } from './body-watch';
import { addressKey, clientIpFrom } from './client-ip';
import { isShuttingDown, trackServer } from './shutdown';
import { onEveryConnection, onEveryRequest } from './request-hooks';

export { MAX_ACTION_BODY_BYTES };

/** Largest request head (request line and headers), in bytes: Node's `maxHeaderSize` per server. */
const MAX_HEADER_BYTES = 8 * 1024;
/** Largest `User-Agent` or `Accept-Language`, in bytes (real browsers send under 300). */
const MAX_AGENT_HEADER_BYTES = 512;

/** Methods a page answers. */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];
/** Methods a route handler may answer (the handler itself answers 405 for those it has not). */
const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A refusal of the guard: HTTP status, a short message for a person, and any header it needs. */
interface Refusal {
  status: 400 | 403 | 405 | 411 | 413 | 431;
  message: string;
  headers?: Record<string, string>;
  /** The answer as the sandbox API gives its errors (JSON ErrorResponse), not plain text. */
  sandbox?: boolean;
}

/** Paths whose posts are not server actions: route handlers with checks of their own. */
const NOT_A_PAGE = /^\/(?:api\/|sandbox\/api(?:\/|$)|sandbox\/3ds\/[^/]+\/method\/?$|_next\/)/;
/** The sandbox's API (lib/sandbox/http.ts). */
const SANDBOX_API = /^\/sandbox\/api(?:\/|$)/;

/** The path of a request target as Next.js resolves it (dot segments too); null when it is not a valid one. */
function pathOf(url: string | undefined): string | null {
  try {
    return new URL(url ?? '/', 'http://checkout.invalid').pathname;
  } catch {
    return null;
  }
}

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
  const path = pathOf(url);
  if (path === null) return { status: 400, message: 'The request path is not valid.' };
  const allowed = NOT_A_PAGE.test(path) ? ROUTE_METHODS : PAGE_METHODS;
  if (!allowed.includes(method ?? ''))
    return { status: 405, message: 'This method is not allowed here.', headers: { Allow: allowed.join(', ') } };
  if (byteLength(headers['user-agent']) > MAX_AGENT_HEADER_BYTES) return { status: 431, message: 'The User-Agent header is too long.' };
  if (byteLength(headers['accept-language']) > MAX_AGENT_HEADER_BYTES)
    return { status: 431, message: 'The Accept-Language header is too long.' };
  if (headers['x-forwarded-host'] !== undefined) return { status: 400, message: 'The X-Forwarded-Host header is not accepted.' };
  const forwarded = headers['x-forwarded-for'];
  if (!clientIpFrom(Array.isArray(forwarded) ? forwarded.join(', ') : forwarded, trustedHops)) {
    return { status: 400, message: 'The request has no valid client address.' };
  }
  const length = headers['content-length'];
  if (SANDBOX_API.test(path) && length !== undefined && !(/^\d{1,15}$/.test(length) && Number(length) <= SANDBOX_API_MAX_BODY_BYTES)) {
    return { status: 413, message: `The body is larger than ${SANDBOX_API_MAX_BODY_BYTES} bytes`, sandbox: true };
  }
  return checkPagePost(
    method,
    url,
    typeof headers.origin === 'string' ? headers.origin : null,
    length ?? null,
    postOrigins,
    headers.host,
    serverActionOf(headers),
  );
}

/** What makes Next.js take a post for a server action: a `Next-Action` header, or the form's content type. */
interface ServerActionSigns {
  /** A `Next-Action` header (a fetch action). */
  nextAction: boolean;
  /** The `Content-Type` header, if any. */
  contentType: string | undefined;
}

const serverActionOf = (headers: http.IncomingHttpHeaders): ServerActionSigns => ({
  nextAction: headers['next-action'] !== undefined,
  contentType: headers['content-type'],
});

/** Whether Next.js takes a post with `signs` for a server action and checks its Origin against its Host (a urlencoded form without `Next-Action` it never does). */
const checkedAsAction = (signs: ServerActionSigns | undefined): boolean =>
  !!signs && (signs.nextAction || (signs.contentType ?? '').startsWith('multipart/form-data'));

/**
 * Whether `origin` is the origin of the host the request was sent to (a same-origin post to one
 * instance directly). Compared as Next.js compares them for a server action: the origin's host
 * (lower case, without a default port) and the `Host` header exactly as sent.
 */
function isOwnHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && url.host === host;
  } catch {
    return false;
  }
}

/**
 * A post to a page is a server action: it must come from one of `postOrigins`, or from the very
 * host it was sent to (browsers send Origin with every POST; none, `null`, malformed or foreign
 * is 403: the check stops cross-site posts, which a browser cannot forge) and declare a length (411)
 * of at most MAX_ACTION_BODY_BYTES (413). One Next.js takes for a server action (`signs`: a
 * `Next-Action` header or a multipart form) must come from the very host it was sent to (403):
 * Next.js compares the two and fails with a 500 otherwise. Null for anything else, or a post
 * that passes.
 */
export function checkPagePost(
  method: string | undefined,
  url: string | undefined,
  origin: string | null,
  contentLength: string | null,
  postOrigins: () => Set<string> = allowedPostOrigins,
  host?: string,
  signs?: ServerActionSigns,
): Refusal | null {
  if (method !== 'POST') return null;
  // Dot segments resolved as Next.js resolves them: `/api/../payments/…` is a page.
  const path = pathOf(url);
  if (path === null) return { status: 400, message: 'The request path is not valid.' };
  if (NOT_A_PAGE.test(path)) return null;
  if (origin === null || !(postOrigins().has(origin) || isOwnHost(origin, host)))
    return { status: 403, message: 'A form post must come from the payment page.' };
  if (checkedAsAction(signs) && !isOwnHost(origin, host)) return { status: 403, message: 'A form post must come from the payment page.' };
  if (contentLength === null) return { status: 411, message: 'A form post must declare its length.' };
  if (!/^\d{1,15}$/.test(contentLength) || Number(contentLength) > MAX_ACTION_BODY_BYTES) {
    return { status: 413, message: 'The form is too large. Go back, check what you typed and try again.' };
  }
  return null;
}

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

/** The refusal of a server action's body that does not parse (400). */
const unparsable: Refusal = { status: 400, message: 'The form could not be read. Go back and try again.' };

/** Whether `text` is JSON nested at most MAX_ACTION_JSON_DEPTH deep. */
function isBoundedJson(text: string): boolean {
  if (jsonDepth(text) > MAX_ACTION_JSON_DEPTH) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** React's reply rows (`0`, `1`, … for a fetch action) and a no-JS form's bound action rows (`$ACTION_1:0`): JSON, parsed by Next.js. */
const JSON_ROW = /^(?:\d{1,10}|\$ACTION_\d{1,10}:\d{1,10})$/;

/**
 * The guard's decision on a server action's whole body (Buffer, at most MAX_ACTION_BODY_BYTES),
 * as Next.js will parse it: a Refusal (400) when it would not parse, or null. A fetch action's text
 * body (React's `encodeReply` of the arguments) must be UTF-8 JSON text of an array; a multipart
 * body must parse as FormData, its JSON rows JSON (and the row `0` of a fetch action an array);
 * every JSON nested at most MAX_ACTION_JSON_DEPTH deep. A urlencoded post is left to Next.js,
 * which takes none for an action.
 */
export async function checkActionBody(signs: ServerActionSigns, body: Buffer): Promise<Refusal | null> {
  const contentType = signs.contentType ?? '';
  if (contentType === 'application/x-www-form-urlencoded') return null;
  if (contentType.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType } }).formData();
    } catch {
      return unparsable;
    }
    for (const [name, value] of form) {
      if (JSON_ROW.test(name) && (typeof value !== 'string' || !isBoundedJson(value))) return unparsable;
    }
    if (signs.nextAction) {
      const root = form.get('0');
      if (typeof root !== 'string' || !root.trimStart().startsWith('[')) return unparsable;
    }
    return null;
  }
  if (!signs.nextAction) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return unparsable;
  }
  return isBoundedJson(text) && text.trimStart().startsWith('[') ? null : unparsable;
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
    const refusal = checkRequestHead(request.method, request.url, request.headers, appConfig().TRUSTED_PROXY_HOPS);
    if (refusal) {
      answerRefusal(response, refusal);
      return true;
    }
    const signs = serverActionOf(request.headers);
    if (request.method !== 'POST' || NOT_A_PAGE.test(pathOf(request.url) ?? '/') || !checkedAsAction(signs)) return false;
    // A server action's body: held (its declared length is capped above) and checked before Next.js parses it.
    const decide = (body: Buffer) =>
      void checkActionBody(signs, body)
        .catch(() => unparsable)
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
