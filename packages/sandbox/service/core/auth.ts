/**
 * Bearer authentication of the sandbox (reference, "Authentication"): a merchant token acts
 * for that merchant; the checkout's token `sbx_checkout` acts for the merchant of whichever
 * transaction it names. Another merchant's data answers 404, never 403, so ids do not leak.
 */
import type { Db } from '@sandbox/db/client';
import { SandboxApiError } from './api-error';
import { CHECKOUT_TOKEN } from './merchant-config';
import { findMerchantByToken } from './store';

export type Principal = { role: 'merchant'; merchantId: string } | { role: 'checkout' };

/** The caller of an `Authorization: Bearer …` header. Throws 401 UNAUTHORIZED. */
export async function authenticate(db: Db, authorization: string | null): Promise<Principal> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) throw new SandboxApiError('UNAUTHORIZED', 'A bearer token is required');
  if (match[1] === CHECKOUT_TOKEN) return { role: 'checkout' };
  const merchant = await findMerchantByToken(db, match[1]);
  if (!merchant) throw new SandboxApiError('UNAUTHORIZED', 'The bearer token is not valid');
  return { role: 'merchant', merchantId: merchant.id };
}

/** Whether `principal` may see a resource of `merchantId`. */
export function canAccess(principal: Principal, merchantId: string): boolean {
  return principal.role === 'checkout' || principal.merchantId === merchantId;
}

/** The merchant a merchant-only operation acts for. Throws 403 FORBIDDEN for the checkout token. */
export function requireMerchant(principal: Principal): string {
  if (principal.role !== 'merchant') throw new SandboxApiError('FORBIDDEN', 'This operation needs a merchant token');
  return principal.merchantId;
}
