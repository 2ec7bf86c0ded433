/** GET /public/merchant/{merchantId}/checkout-settings (E12). */
import type { Db } from '@/lib/db/client';
import type { CheckoutSettings } from '@/lib/contract/merchant';
import { notFound } from './api-error';
import { canAccess, type Principal } from './auth';
import { findMerchant } from './store';

/** The merchant's checkout settings. Throws 404 for an unknown or another merchant. */
export async function getCheckoutSettings(tx: Db, principal: Principal, merchantId: string): Promise<CheckoutSettings> {
  const merchant = canAccess(principal, merchantId) ? await findMerchant(tx, merchantId) : null;
  if (!merchant) throw notFound('Merchant');
  return merchant.config.settings;
}
