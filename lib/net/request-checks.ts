/**
 * The request guard's decisions on a request head (request-guard.ts installs the guard and has
 * the whole list of its rules): the methods a path takes, the sizes of `User-Agent` and
 * `Accept-Language` (bytes), `X-Forwarded-Host`, the client address, the sandbox API's declared
 * length, and a post to a page (a server action): its `Origin`, its host and its declared length
 * (bytes). Hosts and origins are compared in their canonical spellings (host-names.ts: case,
 * trailing dot, default port), those the guard hands Next.js (request-hosts.ts). Pure:
 * each answers a Refusal (an HTTP status, 400, 403, 405, 411, 413 or 431, with a short message
 * for a person) or null to go on; nothing is thrown, read or written here. Next.js's proxy
 * (proxy.ts) asks `checkProxiedPagePost` too.
 */
import type http from 'node:http';
import { appConfig, twinOrigin } from '@/lib/config';
import { MAX_ACTION_BODY_BYTES, sandboxApiMaxBodyBytes } from '@hosted-checkout/runtime/net/body-limits';
import { clientIpFrom } from '@hosted-checkout/runtime/net/client-ip';
import { canonicalHost, canonicalOrigin, type CanonicalOrigin } from './host-names';
import { effectiveHost, isPublicHost, requestScheme } from './request-hosts';

/** Largest `User-Agent` or `Accept-Language`, in bytes (real browsers send under 300). */
const MAX_AGENT_HEADER_BYTES = 512;

/** Methods a page answers. */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];
/** Methods a route handler may answer (the handler itself answers 405 for those it has not). */
export const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A refusal of the guard: HTTP status, a short message for a person, and any header it needs. */
export interface Refusal {
  status: 400 | 403 | 405 | 411 | 413 | 431;
  message: string;
  headers?: Record<string, string>;
  /** The answer as the sandbox API gives its errors (JSON ErrorResponse), not plain text. */
  sandbox?: boolean;
}

/** Paths whose posts are not server actions: route handlers with checks of their own. */
const NOT_A_PAGE = /^\/(?:api\/|sandbox\/api(?:\/|$)|sandbox\/src\/api\/|sandbox\/3ds\/[^/]+\/method\/?$|_next\/)/;
/** The sandbox's API (packages/sandbox/service/http.ts). */
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
  const forwardedHost = headers['x-forwarded-host'];
  if (
    forwardedHost !== undefined &&
    !(trustedHops >= 1 && isPublicHost(forwardedHost, requestScheme(headers['x-forwarded-proto'], trustedHops)))
  )
    return { status: 400, message: 'The X-Forwarded-Host header does not name this checkout.' };
  const forwarded = headers['x-forwarded-for'];
  if (!clientIpFrom(Array.isArray(forwarded) ? forwarded.join(', ') : forwarded, trustedHops)) {
    return { status: 400, message: 'The request has no valid client address.' };
  }
  const length = headers['content-length'];
  const sandboxMax = sandboxApiMaxBodyBytes(path);
  if (SANDBOX_API.test(path) && length !== undefined && !(/^\d{1,15}$/.test(length) && Number(length) <= sandboxMax)) {
    return { status: 413, message: `The body is larger than ${sandboxMax} bytes`, sandbox: true };
  }
  return checkPagePost(
    method,
    url,
    typeof headers.origin === 'string' ? headers.origin : null,
    length ?? null,
    postOrigins,
    // Behind the trusted proxy, the host Next.js takes for the request is the forwarded one (checked above).
    effectiveHost(headers.host, forwardedHost, trustedHops),
    serverActionOf(headers),
  );
}

/** What makes Next.js take a post for a server action: a `Next-Action` header, or the form's content type. */
export interface ServerActionSigns {
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
 * Whether `origin` is the origin of the host the request was sent to (`host`: a same-origin post
 * to one instance directly, or through the trusted proxies): the two compared canonical, the
 * host on the origin's scheme (its default port), as Next.js compares the origin's host with the
 * host header, after the request guard has handed it both canonical (`canonicalSpellings`).
 */
const isOwnHost = (origin: CanonicalOrigin, host: string | undefined): boolean => canonicalHost(host, origin.scheme) === origin.host;

/** Whether `origin` is one of `postOrigins`, in any spelling of it. */
const isPostOrigin = (origin: CanonicalOrigin, postOrigins: () => Set<string>): boolean => {
  for (const allowed of postOrigins()) if (canonicalOrigin(allowed)?.origin === origin.origin) return true;
  return false;
};

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
  const from = canonicalOrigin(origin);
  const own = from !== null && isOwnHost(from, host);
  if (from === null || !(own || isPostOrigin(from, postOrigins)))
    return { status: 403, message: 'A form post must come from the payment page.' };
  if (checkedAsAction(signs) && !own) return { status: 403, message: 'A form post must come from the payment page.' };
  if (contentLength === null) return { status: 411, message: 'A form post must declare its length.' };
  if (!/^\d{1,15}$/.test(contentLength) || Number(contentLength) > MAX_ACTION_BODY_BYTES) {
    return { status: 413, message: 'The form is too large. Go back, check what you typed and try again.' };
  }
  return null;
}

/**
 * The signs of a request whose body the guard holds and checks before Next.js reads it (a post
 * to a page that Next.js takes for a server action: `checkActionBody`, action-body-check.ts);
 * null for any other request.
 */
export function heldActionSigns(request: Pick<http.IncomingMessage, 'method' | 'url' | 'headers'>): ServerActionSigns | null {
  const signs = serverActionOf(request.headers);
  if (request.method !== 'POST' || NOT_A_PAGE.test(pathOf(request.url) ?? '/') || !checkedAsAction(signs)) return null;
  return signs;
}

/** Whether a request is a post to a page (a server action's path, not a route handler's). */
export const isPagePost = (method: string | undefined, url: string | undefined): boolean => {
  const path = pathOf(url);
  return method === 'POST' && path !== null && !NOT_A_PAGE.test(path);
};

/**
 * `checkPagePost` for Next.js's proxy (proxy.ts), on any runtime: `header` reads the request's
 * headers as the proxy has them, where Next.js has already set `X-Forwarded-Host` to `Host` when
 * none came. The Origin is compared with the host Next.js will compare it with: the forwarded
 * host behind the trusted proxies (TRUSTED_PROXY_HOPS ≥ 1), else `Host`; without a trusted proxy
 * an `X-Forwarded-Host` that names another host than `Host` is 400 (on a Node server the request
 * guard refused it first). Null for anything but a refused post to a page.
 */
export function checkProxiedPagePost(
  method: string | undefined,
  path: string,
  header: (name: string) => string | null,
  trustedHops: number,
): Refusal | null {
  if (!isPagePost(method, path)) return null;
  const host = header('host');
  const forwardedHost = header('x-forwarded-host');
  if (trustedHops === 0 && forwardedHost !== null) {
    const scheme = requestScheme(null, trustedHops);
    if (canonicalHost(forwardedHost, scheme) !== canonicalHost(host, scheme))
      return { status: 400, message: 'The X-Forwarded-Host header does not name this checkout.' };
  }
  return checkPagePost(
    method,
    path,
    header('origin'),
    header('content-length'),
    undefined,
    effectiveHost(host, forwardedHost, trustedHops),
    { nextAction: header('next-action') !== null, contentType: header('content-type') ?? undefined },
  );
}
