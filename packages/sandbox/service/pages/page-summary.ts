/**
 * What the sandbox's customer-facing stand-in pages (ACS, APM provider) show of a pay-in:
 * null when the sandbox is off, the id is malformed or no such pay-in exists (the page is 404).
 */
import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { SandboxApiError } from '../core/api-error';
import { challengeSummary } from '../payins/payin-decisions';
import { sandboxDb } from '../core/store';

export async function sandboxPageSummary(paymentId: string) {
  if (!sandboxEnabled() || !PAYMENT_ID.test(paymentId)) return null;
  const db = await sandboxDb();
  try {
    return await db.transaction((tx) => challengeSummary(tx, paymentId));
  } catch (error) {
    if (SandboxApiError.is(error)) return null;
    throw error;
  }
}
