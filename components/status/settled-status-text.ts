/**
 * The status texts a settled status page sends (docs/design.md, "Status"). A final view
 * (success, failed, rejected) does not poll and never becomes another view, so it needs only
 * its own words, its reason, the return link's two wordings and, for a timed-out pay-in or
 * payout, the timeout help: about 2 KB of the page's flight data less than the whole table of
 * views and reasons. Any other view polls and may become any view: it gets every text.
 */
import { isFinalView, viewOf } from '@/lib/checkout/shared/payment-state';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';
import type { PaymentStatusText } from './payment-status';
import type { PaymentSnapshot } from './status-snapshot';

/** `text` as the view of `snapshot` needs it: whole while it may change, else only its own texts. */
export function settledStatusText(text: PaymentStatusText, type: CheckoutTransactionType, snapshot: PaymentSnapshot): PaymentStatusText {
  const view = viewOf(type, snapshot.status, snapshot.attemptsRemaining);
  if (!isFinalView(view)) return text;
  const reason = snapshot.reason;
  return {
    views: { [view]: text.views[view] },
    reasons: reason ? { [reason]: text.reasons[reason] ?? text.reasons.generic ?? '' } : {},
    timeoutHelp: snapshot.status === 'TIMEOUT' ? text.timeoutHelp : '',
    stillWaiting: '',
    returnToMerchant: text.returnToMerchant,
    tryAnotherCard: '',
    redirecting: text.redirecting,
    continueChallenge: '',
    authentication: snapshot.authentication ? { [snapshot.authentication]: text.authentication[snapshot.authentication] } : {},
  };
}
