/**
 * @hosted-checkout/client: what a merchant's server needs of the payments service and its hosted
 * checkout, as one ES module with type declarations.
 *
 * - The typed client: openapi-fetch over the types openapi-typescript generates from the service's
 *   OpenAPI document (./generated/payments-api.ts, written by the project's `npm run openapi`).
 *   Every POST gets an Idempotency-Key (a new UUID unless the call sets one); a failed call answers
 *   `{ error }` typed as the reference's ErrorResponse, and `response` for the status.
 * - Launch addresses and the merchant's own launch redirect of the cashier, the widget and a
 *   payout's pages.
 * - Webhook verification: Standard Webhooks (`webhook-signature`) and the legacy `X-Signature`.
 * - The hosted pages' messages to the merchant's page (`isCheckoutMessage`).
 *
 *   const api = createPaymentsClient({ baseUrl: 'http://localhost:3000/sandbox/api', token: 'sbx_demo_merchant' });
 *   const { data, error } = await api.POST('/public/payin', { body: { … } });
 *
 * The runtime code is this one module (the other files hold types only): inside the project that
 * makes this package, the Next.js build reads the source, and its bundler does not map a
 * relative `./x.js` to `x.ts`; type-only imports are erased before it resolves anything.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import type { components, paths } from './generated/payments-api.js';
import type { CheckoutMessage } from './checkout-messages.js';
import type { WebhookHeaders, WebhookPayload } from './webhook-types.js';

export type { components, operations, paths, webhooks } from './generated/payments-api.js';
export type {
  CheckoutMessage,
  CheckoutMessageBase,
  CheckoutMessageFields,
  CheckoutMessageType,
  CheckoutTimingMetric,
} from './checkout-messages.js';
export type { H2hWebhook, WebhookEvent, WebhookEventType, WebhookHeaders, WebhookPayload } from './webhook-types.js';

/** The reference's error answer: `errorKey` (e.g. `VALIDATION_ERROR`), `errorMessage`, `errorCode`. */
export type ErrorResponse = components['schemas']['ErrorResponse'];
/** The typed client `createPaymentsClient` answers: `GET`, `POST`, `PUT`, `DELETE` on every path of the API. */
export type PaymentsClient = Client<paths>;

const idempotency: Middleware = {
  onRequest({ request }) {
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', crypto.randomUUID());
    return request;
  },
};

/**
 * A client for `baseUrl` (the service's API root, e.g. `…/sandbox/api`; a trailing slash is
 * dropped) with the merchant's bearer `token`; `fetch` replaces the global one (a test's, a proxy's).
 */
export function createPaymentsClient(options: { baseUrl: string; token: string; fetch?: typeof fetch }): PaymentsClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: { Authorization: `Bearer ${options.token}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(idempotency);
  return client;
}

/**
 * The answer's data (undefined for a 204), or throws an Error naming `what`, the HTTP status and
 * the errorKey (`create the pay-in: 400 VALIDATION_ERROR`).
 */
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
 * A new one-time launch address of a hosted page: `POST /public/cashier/session/{id}/page-launch`
 * (that page's secret alone: the session's other page, framed beside it, still opens by its own
 * address) or `POST /public/payout/{id}/launch`; the page's secret not yet spent stops working.
 * `query` (e.g. `{ locale: 'de' }`) is added to it. Throws as `must` (404; 409 for an expired
 * session or a payout of a session).
 */
export async function launchAddress(api: PaymentsClient, target: LaunchTarget, query: Record<string, string> = {}): Promise<string> {
  let address: string;
  if ('sessionId' in target) {
    const launched = must(
      await api.POST('/public/cashier/session/{sessionId}/page-launch', {
        params: { path: { sessionId: target.sessionId } },
        body: { page: target.page },
      }),
      'launch the cashier session',
    );
    address = launched.url;
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

/** A webhook delivery that failed verification: a missing or wrong signature, an old timestamp, a body that is not JSON. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

const utf8 = new TextEncoder();

/** The body as text (UTF-8); throws WebhookVerificationError on bytes that are not UTF-8. */
function textOf(rawBody: string | Uint8Array): string {
  if (typeof rawBody === 'string') return rawBody;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(rawBody);
  } catch {
    throw new WebhookVerificationError('the body is not UTF-8');
  }
}

/** The headers as a plain object with lower-case names (repeated values joined by ", "). */
function headerRecord(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const entries: Iterable<[string, string | string[] | undefined]> =
    typeof Headers !== 'undefined' && headers instanceof Headers ? headers.entries() : Object.entries(headers);
  for (const [name, value] of entries) if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/** The JSON of a verified body. */
function parsed<T>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new WebhookVerificationError('the body is not JSON');
  }
}

/**
 * Verifies a delivery's Standard Webhooks signature (standardwebhooks.com, v1) and answers its
 * parsed body. `rawBody`: the body exactly as received (before any JSON parsing); `secret`: the
 * merchant's webhook secret as the console shows it, `whsec_` followed by base64. As Standard
 * Webhooks defines it, the HMAC-SHA256 key is the base64-decoded part after `whsec_`, over
 * `{webhook-id}.{webhook-timestamp}.{body}`; the signature is compared in constant time (the
 * `standardwebhooks` package). Throws WebhookVerificationError when a header is missing, no `v1`
 * signature matches, or `webhook-timestamp` is more than 5 minutes from this clock (a captured
 * delivery cannot be replayed later); throws Error when the secret is not base64. Deduplicate on
 * `webhook-id`: it is the same on every retry and resend.
 */
export function verifyWebhook<T extends WebhookPayload = WebhookPayload>(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
): T {
  const text = textOf(rawBody);
  try {
    new Webhook(secret).verify(text, headerRecord(headers), { jsonParse: false });
  } catch (error) {
    if (error instanceof Error && error.name === 'WebhookVerificationError') throw new WebhookVerificationError(error.message);
    throw error;
  }
  return parsed<T>(text);
}

const X_SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

/**
 * Verifies a delivery's legacy `X-Signature: sha256=<hex>` and answers its parsed body. The key is
 * the whole secret as text: the UTF-8 bytes of `whsec_…`, the prefix included and nothing decoded
 * (unlike `webhook-signature`); the HMAC-SHA256 is over the raw body alone, so nothing stops a
 * replay: prefer `verifyWebhook`. The comparison is the platform's constant-time HMAC verify
 * (Web Crypto `crypto.subtle.verify`). Throws WebhookVerificationError when the header is missing
 * or malformed or the signature does not match, Error on an empty secret.
 */
export async function verifyXSignature<T extends WebhookPayload = WebhookPayload>(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
): Promise<T> {
  if (!secret) throw new Error('verifyXSignature: the webhook secret is empty');
  const match = X_SIGNATURE.exec((headerRecord(headers)['x-signature'] ?? '').trim());
  if (!match?.[1]) throw new WebhookVerificationError('missing or malformed X-Signature');
  const hex = match[1];
  const signature = new Uint8Array(32);
  for (let i = 0; i < 32; i += 1) signature[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  const text = textOf(rawBody);
  const key = await crypto.subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  if (!(await crypto.subtle.verify('HMAC', key, signature, utf8.encode(text))))
    throw new WebhookVerificationError('X-Signature does not match');
  return parsed<T>(text);
}

/**
 * Whether a `message` event's data is a hosted page's message (`source: "checkout"`, `version: 1`,
 * a string `type`). Check `event.origin` (the checkout's) and `event.source` (your iframe) first;
 * a type this version does not list may come from a later release of the pages: ignore it.
 */
export function isCheckoutMessage(data: unknown): data is CheckoutMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { source?: unknown; version?: unknown; type?: unknown };
  return message.source === 'checkout' && message.version === 1 && typeof message.type === 'string';
}
