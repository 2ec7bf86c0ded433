/**
 * Server-only typed client of the payments service (`PAYMENTS_API_BASE_URL`, bearer
 * `PAYMENTS_API_TOKEN`; the embedded sandbox when unset), derived from the operations table
 * (`lib/contract/operations.ts`): `callOperation(id, …)` knows each operation's method, path,
 * body and answer types, and parses the answer with the contract's zod schema. Every failure
 * becomes a PaymentsApiError whose message never holds request data (card data travels in
 * request bodies only).
 */
import type { ResponsibleGamblingRequest } from '@/lib/contract/responsible-gambling';
import 'server-only';
import { LRUCache } from 'lru-cache';
import { Agent } from 'undici';
import { context, propagation } from '@opentelemetry/api';
import { paymentsApiConfig } from '@/lib/config';
import { brandError, hasErrorBrand } from '@/lib/error-brand';
import type { Span } from '@opentelemetry/api';
import { tracedCall } from '@/lib/tracing';
import { REQUEST_ID_HEADER, REQUEST_KEY_HEADER } from '@/lib/net/request-log';
import { memoized, scopedRequest } from './request-memo';
import { ErrorResponse } from '@/lib/contract/errors';
import type { CheckoutSettings } from '@/lib/contract/merchant';
import {
  HOLDER_PROOF_HEADER,
  OPERATIONS,
  type AnswerOf,
  type Operation,
  type OperationId,
  type OperationSpec,
  type PathParams,
  type RequestOf,
} from '@/lib/contract/operations';
import { fillPath } from '@/lib/contract/operation-paths';
import { holderProof, requestHolderSecret } from './holder-proof';
import type {
  ApplePaySessionRequest,
  ProcessCardRequest,
  ProcessDirectLinkRequest,
  ProcessSavedCardRequest,
  ProcessWalletRequest,
  SpcAssertionReport,
  ThreeDSMethodResult,
} from '@/lib/contract/payin';
import type { PayoutCardRequest, PayoutDirectLinkRequest } from '@/lib/contract/payout';
import type { CheckoutTransactionType } from '@/lib/contract/enums';
import type { BinLookup } from '@/lib/contract/bin';

type PaymentsApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid-response';

/** A failed call: an ErrorResponse (`kind` http), no answer in time, or an answer off the contract. */
export class PaymentsApiError extends Error {
  constructor(
    readonly reason: PaymentsApiErrorKind,
    readonly operation: string,
    readonly status?: number,
    readonly errorKey?: string,
    detail?: string,
  ) {
    super(`${operation} failed: ${reason}${status ? ` ${status}` : ''}${errorKey ? ` ${errorKey}` : ''}${detail ? ` (${detail})` : ''}`);
    this.name = 'PaymentsApiError';
    brandError(this, 'PaymentsApiError');
  }

  /** Whether `value` is a failed call, made by any bundle's copy of this module. */
  static is(value: unknown): value is PaymentsApiError {
    return hasErrorBrand(value, 'PaymentsApiError');
  }

  /** Whether trying again with the same Idempotency-Key is safe and may succeed. */
  get retryable(): boolean {
    return this.reason === 'timeout' || this.reason === 'network' || (this.status ?? 0) >= 500;
  }
}

/** What a call of operation K needs: its path parameters, its body, and an Idempotency-Key. */
type CallInput<K extends OperationId> = (keyof PathParams<Operation<K>['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<Operation<K>['path']> }) &
  (RequestOf<K> extends undefined ? { body?: undefined } : { body: RequestOf<K> }) & {
    idempotencyKey?: string;
    /** Ends the call early (a long poll nobody needs any more); it then fails as `timeout`. */
    signal?: AbortSignal;
    /** Instead of PAYMENTS_API_TIMEOUT_MS (ms): a long poll (E18) waits up to 25 s by design. */
    timeoutMs?: number;
    /** A call of background work (the live-balance hub): it carries no request's X-Request-Id. */
    background?: boolean;
    /**
     * The holder's proof for an operation marked `holder` (E22, lib/payments-api/holder-proof.ts).
     * Unset: the proof of the request's own browser (its cookie), for the session or payout the
     * call names; null: none (the service then refuses what needs one).
     */
    holderProof?: string | null;
  };

/**
 * The connection pool to the payments service: undici's own `request` (the engine under Node's
 * fetch, without its WHATWG streams and without Next's fetch patching), keep-alive, one per
 * process (globalThis: every bundle shares it). Measured on the card page: the calls' share of
 * the render fell (README "Performance").
 */
const agentKey = Symbol.for('hosted-checkout.payments-api-agent');
function serviceAgent(): Agent {
  const g = globalThis as typeof globalThis & { [agentKey]?: Agent };
  g[agentKey] ??= new Agent({ keepAliveTimeout: 30_000, connections: 128 });
  return g[agentKey];
}
/** The service's base URL split into undici's origin and path prefix, parsed once per base URL (not per call). */
let parsedBase: { url: string; origin: string; path: string } | null = null;
function splitBase(baseUrl: string): { origin: string; path: string } {
  if (parsedBase?.url !== baseUrl) {
    const url = new URL(baseUrl);
    parsedBase = { url: baseUrl, origin: url.origin, path: url.pathname.replace(/\/$/, '') };
  }
  return parsedBase;
}

/** `headers` with the active trace's context (W3C traceparent), so the service's spans join the page's trace; unchanged without tracing. */
function withTraceContext(headers: Record<string, string>): Record<string, string> {
  propagation.inject(context.active(), headers);
  return headers;
}

/** The id and the key of the request being served (lib/net/request-log.ts), when there is one. */
async function currentRequest(): Promise<{ id: string | null; key: string | null }> {
  try {
    const { headers } = await import('next/headers');
    const h = await headers();
    return { id: h.get(REQUEST_ID_HEADER), key: h.get(REQUEST_KEY_HEADER) };
  } catch {
    return { id: null, key: null };
  }
}

/**
 * Calls operation `id` of the payments service. Throws PaymentsApiError: `http` with the
 * ErrorResponse's errorKey, `timeout` after PAYMENTS_API_TIMEOUT_MS, `network`, or
 * `invalid-response` when the answer is not the table's.
 */
export async function callOperation<K extends OperationId>(id: K, input: CallInput<K>): Promise<AnswerOf<K>> {
  const request = input.background ? { id: null, key: null } : (scopedRequest() ?? (await currentRequest()));
  const op: OperationSpec = OPERATIONS[id];
  const params = (input as { params?: Record<string, string> }).params ?? {};
  const path = fillPath(op.path, params);
  const proof =
    input.holderProof !== undefined
      ? input.holderProof
      : op.holder && !input.background
        ? await browserProof(op.holder.scope, params)
        : null;
  const call = () => tracedCall(id, op.method, op.path, (span) => sendOperation(id, input, request.id, span, proof));
  return memoized(request.key, op.method, `${id} ${path}${proof ? ` ${proof}` : ''}`, call);
}

/**
 * The proof of the request's browser for the session or payout an operation names (E22), or
 * null without a cookie or outside a request. The merchant comes from the locator (ids only,
 * remembered); a locator that fails gives null, and the service refuses.
 */
async function browserProof(scope: 'session' | 'payout' | 'customer', params: Record<string, string>): Promise<string | null> {
  if (scope === 'customer') return null;
  const secret = await requestHolderSecret();
  if (!secret) return null;
  try {
    const merchantId =
      scope === 'session'
        ? await paymentsApi.merchantOf('session', params.sessionId ?? '')
        : await paymentsApi.merchantOf('payout', params.payoutId ?? '');
    return holderProof(secret, merchantId);
  } catch {
    return null;
  }
}

async function sendOperation<K extends OperationId>(
  id: K,
  input: CallInput<K>,
  requestId: string | null,
  span: Span,
  holderProofValue: string | null,
): Promise<AnswerOf<K>> {
  const op: OperationSpec = OPERATIONS[id];
  const { baseUrl, token, timeoutMs } = paymentsApiConfig();
  // The answers are small JSON (under a few KB): compressing them costs both ends more CPU than
  // it saves on the wire (measured: 4 % of the card page's busy time was gzip), so none is asked.
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Encoding': 'identity' };
  if (requestId) headers['X-Request-Id'] = requestId;
  const body = (input as { body?: unknown }).body;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (input.idempotencyKey && op.idempotent) headers['Idempotency-Key'] = input.idempotencyKey;
  if (holderProofValue) headers[HOLDER_PROOF_HEADER] = holderProofValue;
  const path = fillPath(op.path, (input as { params?: Record<string, string> }).params ?? {});

  // One controller, aborted by our own timer or by the caller's signal, both released at the end
  // (no AbortSignal.any: Node 20 may collect its timeout signal before it fires).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), input.timeoutMs ?? timeoutMs);
  const forward = () => controller.abort();
  input.signal?.addEventListener('abort', forward, { once: true });
  if (input.signal?.aborted) controller.abort();
  let status: number;
  let text: string;
  try {
    try {
      const answer = await serviceAgent().request({
        origin: splitBase(baseUrl).origin,
        path: `${splitBase(baseUrl).path}${path}`,
        method: op.method,
        headers: withTraceContext(headers),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      status = answer.statusCode;
      span.setAttribute('http.response.status_code', status);
      text = await answer.body.text();
    } catch (error) {
      const timedOut =
        controller.signal.aborted || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));
      throw new PaymentsApiError(timedOut ? 'timeout' : 'network', id);
    }
  } finally {
    clearTimeout(timer);
    input.signal?.removeEventListener('abort', forward);
  }

  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      throw new PaymentsApiError('invalid-response', id, status, undefined, 'not JSON');
    }
  }
  if (status < 200 || status > 299) {
    const parsed = ErrorResponse.safeParse(payload);
    throw new PaymentsApiError('http', id, status, parsed.success ? parsed.data.errorKey : undefined);
  }
  if (op.answer === null) {
    if (status !== 204 && payload !== undefined) throw new PaymentsApiError('invalid-response', id, status, undefined, 'unexpected body');
    return undefined as AnswerOf<K>;
  }
  const parsed = op.answer.safeParse(payload);
  if (!parsed.success) {
    throw new PaymentsApiError('invalid-response', id, status, undefined, parsed.error.issues[0]?.path.join('.'));
  }
  return parsed.data as AnswerOf<K>;
}

/**
 * Checkout settings (E12) change rarely and every page view needs them twice (proxy.ts for
 * frame-ancestors, then the page): kept per merchant for SETTINGS_TTL_MS, on globalThis so the
 * proxy's and the pages' module instances share them. A merchant's edit shows within that
 * time on every instance. They hold no card or customer data.
 */
const SETTINGS_TTL_MS = 5_000;

/**
 * BIN facts (E17) are the issuers' reference data: a BIN's brands and funding type change with
 * the scheme's tables, not per request. Kept BIN_TTL_MS per BIN (6 to 8 digits: PCI DSS allows
 * the BIN to be shown and kept; it is not the PAN), so the card page's lookups as a customer
 * types, and the no-JavaScript post's co-badge check, cost the service one call per BIN.
 */
const BIN_TTL_MS = 10 * 60_000;

interface Caches {
  settings: LRUCache<string, Promise<CheckoutSettings>>;
  /** BIN → its facts, or null for a BIN of no known brand (404). */
  bins: LRUCache<string, Promise<BinLookup | null>>;
  /** The merchant of each pay-in, payout and session seen: ids only; it never changes. */
  merchantOf: LRUCache<string, string>;
}
const cachesKey = Symbol.for('hosted-checkout.payments-api-caches');
function caches(): Caches {
  const g = globalThis as typeof globalThis & { [cachesKey]?: Caches };
  g[cachesKey] ??= {
    settings: new LRUCache({ max: 1000, ttl: SETTINGS_TTL_MS }),
    bins: new LRUCache({ max: 20_000, ttl: BIN_TTL_MS }),
    merchantOf: new LRUCache({ max: 10_000 }),
  };
  return g[cachesKey];
}

function remember<T extends { merchantId: string }>(key: string): (record: T) => T {
  return (record) => {
    caches().merchantOf.set(key, record.merchantId);
    return record;
  };
}

/** The operations the hosted pages use. Amounts in major units, as the API has them. */
export const paymentsApi = {
  getPayin: (payinId: string) => callOperation('getPayin', { params: { payinId } }).then(remember(`payin:${payinId}`)),
  /** One Idempotency-Key per customer attempt. */
  processCard: (payinId: string, body: ProcessCardRequest, idempotencyKey: string) =>
    callOperation('processCard', { params: { payinId }, body, idempotencyKey }),
  processSavedCard: (payinId: string, body: ProcessSavedCardRequest, idempotencyKey: string) =>
    callOperation('processSavedCard', { params: { payinId }, body, idempotencyKey }),
  /** E16: the 3DS Method's indicator; the answer is the next step, as a processing answer. */
  completeThreeDSMethod: (payinId: string, body: ThreeDSMethodResult, idempotencyKey: string) =>
    callOperation('completeThreeDSMethod', { params: { payinId }, body, idempotencyKey }),
  /** E20: the Secure Payment Confirmation assertion; the answer is the next step, as a processing answer. */
  completeSpc: (payinId: string, body: SpcAssertionReport, idempotencyKey: string) =>
    callOperation('completeSpc', { params: { payinId }, body, idempotencyKey }),
  /** E21: a wallet's token; answered as process/card. */
  processWallet: (payinId: string, body: ProcessWalletRequest, idempotencyKey: string) =>
    callOperation('processWallet', { params: { payinId }, body, idempotencyKey }),
  /** E21: Apple Pay's merchant validation through the service; answers Apple's merchant session (creates nothing: no idempotency key). */
  startApplePaySession: (payinId: string, body: ApplePaySessionRequest) =>
    callOperation('startApplePaySession', { params: { payinId }, body }),
  processPayinDirectLink: (payinId: string, body: ProcessDirectLinkRequest, idempotencyKey: string) =>
    callOperation('processPayinDirectLink', { params: { payinId }, body, idempotencyKey }),
  getMethods: (type: CheckoutTransactionType, id: string) =>
    type === 'payin'
      ? callOperation('getPayinMethods', { params: { payinId: id } })
      : callOperation('getPayoutMethods', { params: { payoutId: id } }),
  listCards: (customerId: string) => callOperation('listSavedCards', { params: { customerId } }),
  /** E7: removes a saved card; the pages' credential needs the proof of a browser holding one of the customer's sessions (E22). */
  deleteCard: (customerId: string, cardId: string, holderProofValue: string | null) =>
    callOperation('deleteSavedCard', { params: { customerId, cardId }, holderProof: holderProofValue }),
  getPayout: (payoutId: string) => callOperation('getPayout', { params: { payoutId } }).then(remember(`payout:${payoutId}`)),
  processPayoutCard: (payoutId: string, body: PayoutCardRequest, idempotencyKey: string) =>
    callOperation('processPayoutCard', { params: { payoutId }, body, idempotencyKey }),
  processPayoutDirectLink: (payoutId: string, body: PayoutDirectLinkRequest, idempotencyKey: string) =>
    callOperation('processPayoutDirectLink', { params: { payoutId }, body, idempotencyKey }),
  getSession: (sessionId: string) => callOperation('getCashierSession', { params: { sessionId } }).then(remember(`session:${sessionId}`)),
  sessionTransactions: (sessionId: string) => callOperation('listSessionTransactions', { params: { sessionId } }),
  /** E9: `amount` in major units of the session currency; `method` (E19) chooses the fee the service adds; `replaces` (E23) an unpaid pay-in of the session this one retries. */
  createSessionPayin: (sessionId: string, amount: number, idempotencyKey: string, method?: string, replaces?: string) =>
    callOperation('createSessionPayin', {
      params: { sessionId },
      body: { amount, ...(method ? { method } : {}), ...(replaces ? { replaces } : {}) },
      idempotencyKey,
    }),
  /** E23: the customer's own deposit limits, answer before a first deposit, confirmation of raises, reality-check interval; answers the rules and limits now. */
  setResponsibleGambling: (sessionId: string, body: ResponsibleGamblingRequest) =>
    callOperation('setResponsibleGambling', { params: { sessionId }, body }),
  /** `value` in major units of the session currency. */
  createSessionPayout: (sessionId: string, value: number, idempotencyKey: string, method?: string) =>
    callOperation('createSessionPayout', { params: { sessionId }, body: { value, ...(method ? { method } : {}) }, idempotencyKey }),
  /** E19: the customer cancels their pending withdrawal (204). */
  cancelPayout: (payoutId: string) => callOperation('cancelPayout', { params: { payoutId } }),
  /** E22: the browser of `holderProof` spends a launch secret of the session (204) and holds that page; 403 for a spent, replaced or unknown secret. */
  bindSession: (sessionId: string, launchToken: string, holderProofValue: string) =>
    callOperation('bindCashierSession', { params: { sessionId }, body: { launchToken, holderProof: holderProofValue } }),
  /** E22: as bindSession, for a payout's destination pages. */
  bindPayout: (payoutId: string, launchToken: string, holderProofValue: string) =>
    callOperation('bindPayout', { params: { payoutId }, body: { launchToken, holderProof: holderProofValue } }),

  /**
   * The merchant id of a pay-in, payout or cashier session: remembered from any earlier fetch
   * of it, else fetched (a pay-in's GET, a session's or payout's locator). Throws PaymentsApiError.
   */
  merchantOf: async (type: CheckoutTransactionType | 'session', id: string): Promise<string> => {
    const known = caches().merchantOf.get(`${type}:${id}`);
    if (known) return known;
    if (type === 'payin') return (await paymentsApi.getPayin(id)).merchantId;
    return (await paymentsApi.locate(type, id)).merchantId;
  },

  /**
   * The locator of a session or payout (E22): its merchant, a payout's session, and with a
   * holder's proof whether that browser holds it. Throws PaymentsApiError (404).
   */
  locate: async (type: 'payout' | 'session', id: string, holderProofValue: string | null = null) => {
    // A session's or payout's locator (E22): readable before its holder is known, nothing of the customer in it.
    const located =
      type === 'payout'
        ? await callOperation('locatePayout', { params: { payoutId: id }, holderProof: holderProofValue })
        : await callOperation('locateCashierSession', { params: { sessionId: id }, holderProof: holderProofValue });
    caches().merchantOf.set(`${type}:${id}`, located.merchantId);
    return located;
  },

  /** GET /public/bin/{bin} (E17), kept BIN_TTL_MS per BIN; null for an unknown BIN (404). A failed fetch is not kept. Throws PaymentsApiError. */
  lookupBin: (bin: string): Promise<BinLookup | null> => {
    const cache = caches().bins;
    const hit = cache.get(bin);
    if (hit) return hit;
    const value = callOperation('lookupBin', { params: { bin } }).catch((error: unknown) => {
      if (PaymentsApiError.is(error) && error.status === 404) return null;
      throw error;
    });
    cache.set(bin, value);
    value.catch(() => cache.delete(bin));
    return value;
  },

  /** GET checkout settings (E12), kept SETTINGS_TTL_MS per merchant; a failed fetch is not kept. */
  getCheckoutSettings: (merchantId: string): Promise<CheckoutSettings> => {
    const cache = caches().settings;
    const hit = cache.get(merchantId);
    if (hit) return hit;
    const value = callOperation('getCheckoutSettings', { params: { merchantId } });
    cache.set(merchantId, value);
    value.catch(() => cache.delete(merchantId));
    return value;
  },
};
