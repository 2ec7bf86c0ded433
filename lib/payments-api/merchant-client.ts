/**
 * The typed client of the payments service for merchant servers, the sandbox console, the
 * browser tests and the benchmarks: openapi-fetch over the types openapi-typescript generates
 * from the OpenAPI document (lib/contract/generated/payments-api.ts). Every POST gets an
 * Idempotency-Key (a new UUID unless the call sets one). A failed call answers `{ error }`
 * typed as the reference's ErrorResponse, and `response` for the status.
 *
 *   const api = createPaymentsClient({ baseUrl: 'http://localhost:3000/sandbox/api', token: 'sbx_demo_merchant' });
 *   const { data, error } = await api.POST('/public/payin', { body: { … } });
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from '../contract/generated/payments-api';

export type { components, paths };
export type ErrorResponse = components['schemas']['ErrorResponse'];
type PaymentsClient = Client<paths>;

const idempotency: Middleware = {
  onRequest({ request }) {
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', crypto.randomUUID());
    return request;
  },
};

/** A client for `baseUrl` (the service's API root, e.g. …/sandbox/api) with a bearer `token`. */
export function createPaymentsClient(options: { baseUrl: string; token: string; fetch?: typeof fetch }): PaymentsClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: { Authorization: `Bearer ${options.token}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(idempotency);
  return client;
}

/** The answer's data (undefined for a 204), or throws an Error naming the operation, the status and the errorKey. */
export function must<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (result.error !== undefined || !result.response.ok) {
    const key = (result.error as Partial<ErrorResponse> | undefined)?.errorKey ?? '';
    throw new Error(`${what}: ${result.response.status} ${key}`.trim());
  }
  return result.data as T;
}

/** A hosted page a merchant launches: a cashier session's cashier or widget, or a payout's destination pages. */
export type LaunchTarget = { sessionId: string; page: 'cashier' | 'widget' } | { payoutId: string; page: 'card' | 'apm' };

/**
 * A new one-time launch address of a hosted page (docs/design.md, E22): `POST
 * /public/cashier/session/{id}/launch` or `POST /public/payout/{id}/launch`, whose secrets not yet
 * spent stop working. `query` (e.g. `{ locale: 'de' }`) is added to it. Throws as `must` (404, 409
 * for an expired session or a payout of a session).
 */
export async function launchAddress(api: PaymentsClient, target: LaunchTarget, query: Record<string, string> = {}): Promise<string> {
  let address: string;
  if ('sessionId' in target) {
    const launched = must(
      await api.POST('/public/cashier/session/{sessionId}/launch', { params: { path: { sessionId: target.sessionId } } }),
      'launch the cashier session',
    );
    address = target.page === 'widget' ? launched.widgetUrl : launched.checkoutUrl;
  } else {
    const launched = must(
      await api.POST('/public/payout/{payoutId}/launch', { params: { path: { payoutId: target.payoutId } } }),
      'launch the payout',
    );
    address = launched.iframeUrls[target.page];
  }
  const url = new URL(address);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The answer of a merchant's own launch redirect, the address its iframe's `src` names instead of
 * a launch address: 303 to a new one (`launchAddress`), not stored (`Cache-Control: no-store`), no
 * Referer. The secret then appears only in a cross-origin `Location` that no script of the
 * merchant's page can read, so a third-party tag that copies the `src` copies nothing it can
 * spend. Answer it only to the customer your own login says owns `target` (your session cookie),
 * never to a bare GET: whoever follows it holds the page. Throws as `launchAddress`.
 */
export async function launchRedirect(api: PaymentsClient, target: LaunchTarget, query: Record<string, string> = {}): Promise<Response> {
  return new Response(null, {
    status: 303,
    headers: { Location: await launchAddress(api, target, query), 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}
