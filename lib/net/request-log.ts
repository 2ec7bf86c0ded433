/**
 * One log line per request with its duration, and a request id that the call to the payments
 * service carries (`X-Request-Id`): the client's own id when it is a plain token of at most 64
 * characters, else a new one. Installed on every http.Server of the process at start, like the
 * peer address of packages/runtime/src/net/client-ip.ts. Paths are logged without their query; no body is read.
 * Each finished request is also observed in the request histogram (lib/metrics/metrics.ts).
 */
import { randomUUID } from 'node:crypto';
import { logger } from '@hosted-checkout/runtime/log';
import { observeHttpRequest } from '@/lib/metrics/metrics';
import { onEveryRequest } from '@hosted-checkout/runtime/net/request-hooks';

export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * A key of this request alone, always made here (whatever the client sent under this name): what
 * per-request caches are keyed by (lib/payments-api/request-memo.ts). The request id cannot be:
 * a client may send the same X-Request-Id on many requests.
 */
export const REQUEST_KEY_HEADER = 'x-checkout-request-key';

/** The request id to use for an incoming `X-Request-Id` value. */
export function requestIdFrom(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^[A-Za-z0-9._-]{1,64}$/.test(text) ? text : randomUUID();
}

/** Installs the request log (idempotent). */
export function logRequests(): void {
  onEveryRequest('request-log', (request, response) => {
    const started = performance.now();
    // As the client sent it: Next.js may rewrite `request.url` while it serves the request.
    const target = request.url;
    const id = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
    request.headers[REQUEST_ID_HEADER] = id;
    request.headers[REQUEST_KEY_HEADER] = randomUUID();
    response.setHeader('X-Request-Id', id);
    response.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      // The request histogram, by route pattern (lib/metrics/http-routes.ts), never by the path itself.
      observeHttpRequest(request.method, target, response.statusCode, seconds);
      const [pathname = ''] = (request.url ?? '').split('?');
      const path = pathname.slice(0, 256);
      logger.info(
        {
          requestId: id,
          method: request.method,
          path,
          status: response.statusCode,
          durationMs: Math.round(seconds * 10_000) / 10,
        },
        'request',
      );
    });
  });
}
