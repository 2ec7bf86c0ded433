/**
 * The merchant of a pay-in, payout or cashier session, which the holder's proof (docs/design.md,
 * E22) and the pages need: remembered from any fetch of the record (lookup-caches.ts), else asked of a
 * session's or payout's locator. A locator is read with the proof it is given (none by
 * default), never the browser's own, so finding a merchant never needs a merchant.
 */
import 'server-only';
import { caches } from './lookup-caches';
import { callInRequest } from './request-scoped-call';

/** A record's owner as `type` and id, e.g. `payin`, `payout`, `session`. */
type RecordType = 'payin' | 'payout' | 'session';

/** Passes `record` through, remembering its merchant under `type:id`. */
export function rememberMerchant<T extends { merchantId: string }>(type: RecordType, id: string): (record: T) => T {
  return (record) => {
    caches().merchantOf.set(`${type}:${id}`, record.merchantId);
    return record;
  };
}

/** The merchant of a record fetched before in this process, if any. */
export const knownMerchant = (type: RecordType, id: string): string | undefined => caches().merchantOf.get(`${type}:${id}`);

/**
 * The locator of a session or payout: its merchant, a payout's session, with a holder's proof
 * whether that browser holds it, and whether any browser holds the page (`opened`: a session's
 * `page`, either without it; a payout's pages). Throws PaymentsApiError (404).
 */
export async function locate(type: 'payout' | 'session', id: string, holderProofValue: string | null = null, page?: 'cashier' | 'widget') {
  // A session's or payout's locator: readable before its holder is known, nothing of the customer in it.
  const located =
    type === 'payout'
      ? await callInRequest('locatePayout', { params: { payoutId: id } }, holderProofValue)
      : await callInRequest('locateCashierSession', { params: { sessionId: id }, ...(page ? { query: { page } } : {}) }, holderProofValue);
  return rememberMerchant<typeof located>(type, id)(located);
}

/** The merchant of a session or payout: remembered, else its locator's. Throws PaymentsApiError. */
export async function merchantOfHeld(type: 'payout' | 'session', id: string): Promise<string> {
  return knownMerchant(type, id) ?? (await locate(type, id)).merchantId;
}
