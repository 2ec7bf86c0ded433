/**
 * What the sandbox bank's pages load: the view of the payment a token opens (bank-view.ts), in
 * its own transaction; null when the sandbox is off, the pay-in id is malformed or the token opens
 * nothing. Also the addresses of the bank's pages, with the page's locale carried along.
 */
import { checkoutUrl, sandboxEnabled, sandboxPublicUrl } from '@hosted-checkout/runtime/config';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { SandboxApiError } from '../core/api-error';
import { sandboxDb } from '../core/store';
import type { BankActor } from '../bank/bank-payments';
import { bankPageView, type BankPageView } from '../bank/bank-view';

/** The request context of the bank's pages: the checkout's and the sandbox's public URLs. */
export const bankPagesContext = () => ({ checkoutUrl: checkoutUrl(), sandboxUrl: sandboxPublicUrl() });

/** The view of the bank payment `actor` opens, or null (see the module's note). */
export async function loadBankPage(actor: BankActor): Promise<BankPageView | null> {
  if (!sandboxEnabled() || (actor.as === 'browser' && !PAYMENT_ID.test(actor.payinId))) return null;
  const db = await sandboxDb();
  try {
    return await db.transaction((tx) => bankPageView(tx, actor, bankPagesContext()));
  } catch (error) {
    if (SandboxApiError.is(error)) return null;
    throw error;
  }
}

/** `?locale=` of a page address, when the page had one. */
const localeQuery = (locale: string | undefined) => (locale ? `&locale=${encodeURIComponent(locale)}` : '');

/** The browser's bank page of a pay-in (a path on the sandbox's origin), with an error to show. */
export const browserPagePath = (payinId: string, token: string, options: { error?: string; locale?: string } = {}) =>
  `/sandbox/bank/payin/${encodeURIComponent(payinId)}?t=${encodeURIComponent(token)}${options.error ? `&e=${options.error}` : ''}${localeQuery(options.locale)}`;

/** The app's page of a token (a path on the sandbox's origin), with an error to show. */
export const appPagePath = (token: string, options: { error?: string; locale?: string } = {}) =>
  `/sandbox/bank/app/${encodeURIComponent(token)}?${options.error ? `e=${options.error}` : ''}${localeQuery(options.locale)}`;

/** Where a waiting page stands (decoupled flow): where to go once the bank is done, and whether the QR code is still on offer. */
export interface WaitState {
  next: string | null;
  qrShown: boolean;
}

/** The waiting page's state of a view: done (or no longer waiting) goes to the status page. */
export const waitStateOf = (view: BankPageView): WaitState => ({
  next: view.step === 'DONE' || !view.open ? view.next : null,
  qrShown: view.appUrl !== null,
});
