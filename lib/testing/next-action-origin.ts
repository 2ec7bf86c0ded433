/**
 * What Next.js answers to a request the request guard let through, as far as its hosts and
 * origins go: a stand-in for the tests, built on Next.js's own functions where it exports them.
 * Next.js first sets `X-Forwarded-Host` to `Host` when none came (base-server.js,
 * `handleRequestImpl`), then takes a post for a server action by its headers
 * (`getServerActionRequestMetadata`: a `Next-Action` header, or a multipart form; an urlencoded
 * form it never checks) and compares the host of its `Origin` (`new URL(origin).host`) with the
 * first `X-Forwarded-Host` value, else `Host`, byte for byte (`parseHostHeader`): a mismatch, or
 * an `Origin` the URL parser refuses, fails the action with a 500 ('Invalid Server Actions
 * request.', app-render/action-handler.js). No Origin passes there (Next.js only warns).
 */
import type http from 'node:http';

interface NextActionModules {
  parseHostHeader: (headers: http.IncomingHttpHeaders) => { type: string; value: string } | undefined;
  getServerActionRequestMetadata: (request: { method?: string; headers: http.IncomingHttpHeaders }) => {
    isPossibleServerAction: boolean;
    isURLEncodedAction: boolean;
  };
}

const { parseHostHeader } = (await import('next/dist/server/app-render/action-handler.js')) as unknown as Pick<
  NextActionModules,
  'parseHostHeader'
>;
const { getServerActionRequestMetadata } = (await import('next/dist/server/lib/server-action-request-meta.js')) as unknown as Pick<
  NextActionModules,
  'getServerActionRequestMetadata'
>;

/**
 * The status Next.js's server-action host check gives a request with `method` and Node's
 * `headers` (lower-case names), as they reach it: 500 where it fails the action, else 200 (the
 * rest of the page is not modelled). The headers are not changed.
 */
export function nextActionStatus(method: string | undefined, headers: http.IncomingHttpHeaders): 200 | 500 {
  const seen: http.IncomingHttpHeaders = { ...headers };
  seen['x-forwarded-host'] ??= seen.host;
  const meta = getServerActionRequestMetadata({ method, headers: seen });
  if (!meta.isPossibleServerAction || meta.isURLEncodedAction) return 200;
  const origin = seen.origin;
  let originHost: string | undefined;
  try {
    originHost = typeof origin === 'string' ? (origin === 'null' ? 'null' : new URL(origin).host) : undefined;
  } catch {
    return 500;
  }
  if (!originHost) return 200;
  const host = parseHostHeader(seen);
  return host && host.value === originHost ? 200 : 500;
}
