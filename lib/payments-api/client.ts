/**
 * Server-only typed client of the payments service (`PAYMENTS_API_BASE_URL`, bearer
 * `PAYMENTS_API_TOKEN`; the embedded sandbox when unset). Answers are parsed with the
 * contract's zod schemas; every failure becomes a PaymentsApiError whose message never
 * holds request data (card data travels in request bodies only).
 */
import 'server-only';
import { z } from 'zod';
import { paymentsApiConfig } from '@/lib/config';
import { ErrorResponse } from '@/lib/contract/errors';
import { CheckoutSettings } from '@/lib/contract/merchant';
import {
  PayinCreateResponse,
  PayinProcessingResponse,
  PayinTransaction,
  type ProcessCardRequest,
  type ProcessDirectLinkRequest,
  type ProcessSavedCardRequest,
} from '@/lib/contract/payin';
import {
  PayoutCreateResponse,
  PayoutProcessingResponse,
  PayoutTransaction,
  type PayoutCardRequest,
  type PayoutDirectLinkRequest,
} from '@/lib/contract/payout';
import { SavedCardList } from '@/lib/contract/customer';
import { MethodList } from '@/lib/contract/methods';
import { CashierSession, SessionTransactionList } from '@/lib/contract/cashier';

export type PaymentsApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid-response';

/** A failed call: an ErrorResponse (`kind` http), no answer in time, or an answer off the contract. */
export class PaymentsApiError extends Error {
  constructor(
    readonly kind: PaymentsApiErrorKind,
    readonly operation: string,
    readonly status?: number,
    readonly errorKey?: string,
    detail?: string,
  ) {
    super(`${operation} failed: ${kind}${status ? ` ${status}` : ''}${errorKey ? ` ${errorKey}` : ''}${detail ? ` (${detail})` : ''}`);
    this.name = 'PaymentsApiError';
  }

  /** Whether trying again with the same Idempotency-Key is safe and may succeed. */
  get retryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || (this.status ?? 0) >= 500;
  }
}

interface CallOptions<S extends z.ZodType> {
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  schema: S;
  body?: unknown;
  idempotencyKey?: string;
}

async function call<S extends z.ZodType>(options: CallOptions<S>): Promise<z.infer<S>> {
  const { baseUrl, token, timeoutMs } = paymentsApiConfig();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(`${baseUrl}${options.path}`, {
      method: options.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new PaymentsApiError(timedOut ? 'timeout' : 'network', options.operation);
  }

  const text = await response.text();
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      throw new PaymentsApiError('invalid-response', options.operation, response.status, undefined, 'not JSON');
    }
  }
  if (!response.ok) {
    const parsed = ErrorResponse.safeParse(payload);
    throw new PaymentsApiError('http', options.operation, response.status, parsed.success ? parsed.data.errorKey : undefined);
  }
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) {
    throw new PaymentsApiError('invalid-response', options.operation, response.status, undefined, parsed.error.issues[0]?.path.join('.'));
  }
  return parsed.data;
}

const segment = (id: string) => encodeURIComponent(id);

/**
 * Checkout settings (E12) change rarely and every page view needs them twice (proxy.ts for
 * frame-ancestors, then the page): kept per merchant for SETTINGS_TTL_MS, on globalThis so the
 * proxy's and the pages' module instances share them. They hold no card or customer data.
 */
const SETTINGS_TTL_MS = 30_000;
const settingsKey = Symbol.for('hosted-checkout.settings-cache');
type SettingsCache = Map<string, { at: number; value: Promise<z.infer<typeof CheckoutSettings>> }>;
function settingsCache(): SettingsCache {
  const g = globalThis as typeof globalThis & { [settingsKey]?: SettingsCache };
  g[settingsKey] ??= new Map();
  return g[settingsKey];
}

/**
 * The merchant of each pay-in, payout and cashier session seen: it never changes, so proxy.ts
 * (frame-ancestors, default locale) need not fetch the record again on every request of a
 * flow. Kept on globalThis like the settings, bounded; ids and merchant ids only.
 */
const merchantKey = Symbol.for('hosted-checkout.merchant-of');
function merchantCache(): Map<string, string> {
  const g = globalThis as typeof globalThis & { [merchantKey]?: Map<string, string> };
  g[merchantKey] ??= new Map();
  return g[merchantKey];
}
function remember<T extends { merchantId: string }>(key: string): (record: T) => T {
  return (record) => {
    const cache = merchantCache();
    if (cache.size > 10_000) cache.clear();
    cache.set(key, record.merchantId);
    return record;
  };
}

/**
 * Drops a merchant's cached settings, so the next page view reads them again (the sandbox
 * console calls it after editing a theme, the change being visible at once).
 */
export function forgetCheckoutSettings(merchantId: string): void {
  settingsCache().delete(merchantId);
}

/** The operations the hosted pages use. */
export const paymentsApi = {
  /** GET /public/payin/{payinId}. */
  getPayin: (payinId: string) =>
    call({ operation: 'getPayin', method: 'GET', path: `/public/payin/${segment(payinId)}`, schema: PayinTransaction }).then(remember(`payin:${payinId}`)),

  /** POST /public/payin/{payinId}/process/card (E1); one Idempotency-Key per customer attempt. */
  processCard: (payinId: string, body: ProcessCardRequest, idempotencyKey: string) =>
    call({
      operation: 'processCard',
      method: 'POST',
      path: `/public/payin/${segment(payinId)}/process/card`,
      schema: PayinProcessingResponse,
      body,
      idempotencyKey,
    }),

  /** POST /public/payin/{payinId}/process/saved-card (E2). */
  processSavedCard: (payinId: string, body: ProcessSavedCardRequest, idempotencyKey: string) =>
    call({
      operation: 'processSavedCard',
      method: 'POST',
      path: `/public/payin/${segment(payinId)}/process/saved-card`,
      schema: PayinProcessingResponse,
      body,
      idempotencyKey,
    }),

  /** POST /public/payin/{payinId}/process/direct-link. */
  processPayinDirectLink: (payinId: string, body: ProcessDirectLinkRequest, idempotencyKey: string) =>
    call({
      operation: 'processPayinDirectLink',
      method: 'POST',
      path: `/public/payin/${segment(payinId)}/process/direct-link`,
      schema: PayinProcessingResponse,
      body,
      idempotencyKey,
    }),

  /** GET /public/{payin|payout}/{id}/methods (E6). */
  getMethods: (kind: 'payin' | 'payout', id: string) =>
    call({ operation: 'getMethods', method: 'GET', path: `/public/${kind}/${segment(id)}/methods`, schema: MethodList }),

  /** GET /public/customer/{customerId}/cards (E7). */
  listCards: (customerId: string) =>
    call({ operation: 'listCards', method: 'GET', path: `/public/customer/${segment(customerId)}/cards`, schema: SavedCardList }),

  /** DELETE /public/customer/{customerId}/cards/{cardId} (E7). */
  deleteCard: (customerId: string, cardId: string) =>
    call({
      operation: 'deleteCard',
      method: 'DELETE',
      path: `/public/customer/${segment(customerId)}/cards/${segment(cardId)}`,
      schema: z.undefined(),
    }),

  /** GET /public/payout/{payoutId} (E3). */
  getPayout: (payoutId: string) =>
    call({ operation: 'getPayout', method: 'GET', path: `/public/payout/${segment(payoutId)}`, schema: PayoutTransaction }).then(remember(`payout:${payoutId}`)),

  /** POST /public/payout/{payoutId}/process/card (E5). */
  processPayoutCard: (payoutId: string, body: PayoutCardRequest, idempotencyKey: string) =>
    call({
      operation: 'processPayoutCard',
      method: 'POST',
      path: `/public/payout/${segment(payoutId)}/process/card`,
      schema: PayoutProcessingResponse,
      body,
      idempotencyKey,
    }),

  /** POST /public/payout/{payoutId}/process/direct-link (E4). */
  processPayoutDirectLink: (payoutId: string, body: PayoutDirectLinkRequest, idempotencyKey: string) =>
    call({
      operation: 'processPayoutDirectLink',
      method: 'POST',
      path: `/public/payout/${segment(payoutId)}/process/direct-link`,
      schema: PayoutProcessingResponse,
      body,
      idempotencyKey,
    }),

  /** GET /public/cashier/session/{id} (E8). */
  getSession: (sessionId: string) =>
    call({ operation: 'getSession', method: 'GET', path: `/public/cashier/session/${segment(sessionId)}`, schema: CashierSession }).then(
      remember(`session:${sessionId}`),
    ),

  /**
   * The merchant id of a pay-in, payout or cashier session: remembered from any earlier fetch
   * of it, else fetched (GET). Throws PaymentsApiError.
   */
  merchantOf: async (kind: 'payin' | 'payout' | 'session', id: string): Promise<string> => {
    const known = merchantCache().get(`${kind}:${id}`);
    if (known) return known;
    const record = kind === 'payin' ? await paymentsApi.getPayin(id) : kind === 'payout' ? await paymentsApi.getPayout(id) : await paymentsApi.getSession(id);
    return record.merchantId;
  },

  /** GET /public/cashier/session/{id}/transactions (E10). */
  sessionTransactions: (sessionId: string) =>
    call({ operation: 'sessionTransactions', method: 'GET', path: `/public/cashier/session/${segment(sessionId)}/transactions`, schema: SessionTransactionList }),

  /** POST /public/cashier/session/{id}/payin (E9); amount in major units. */
  createSessionPayin: (sessionId: string, amount: number, idempotencyKey: string) =>
    call({
      operation: 'createSessionPayin',
      method: 'POST',
      path: `/public/cashier/session/${segment(sessionId)}/payin`,
      schema: PayinCreateResponse,
      body: { amount },
      idempotencyKey,
    }),

  /** POST /public/cashier/session/{id}/payout (E9); value in major units. */
  createSessionPayout: (sessionId: string, value: number, idempotencyKey: string) =>
    call({
      operation: 'createSessionPayout',
      method: 'POST',
      path: `/public/cashier/session/${segment(sessionId)}/payout`,
      schema: PayoutCreateResponse,
      body: { value },
      idempotencyKey,
    }),

  /** GET /public/merchant/{merchantId}/checkout-settings (E12), kept for 30 s per merchant. */
  getCheckoutSettings: (merchantId: string) => {
    const cache = settingsCache();
    const hit = cache.get(merchantId);
    if (hit && Date.now() - hit.at < SETTINGS_TTL_MS) return hit.value;
    const value = call({
      operation: 'getCheckoutSettings',
      method: 'GET',
      path: `/public/merchant/${segment(merchantId)}/checkout-settings`,
      schema: CheckoutSettings,
    });
    if (cache.size > 1000) cache.clear();
    cache.set(merchantId, { at: Date.now(), value });
    value.catch(() => cache.delete(merchantId));
    return value;
  },
};
