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
