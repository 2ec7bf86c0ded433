/** Cancelling a pending withdrawal from the cashier or the widget: the confirmation step. */
import { getLocale, getTranslations } from 'next-intl/server';
import type { CashierTransaction } from '@/lib/checkout/cashier/load-cashier';
import { CANCELLABLE } from '@/lib/checkout/cashier/cashier-terms';
import { cancelWithdrawal } from '@/lib/checkout/cashier/cashier-action';
import { FocusHere } from '../flow/focus-here';
import { money } from '@/lib/checkout/cashier/format-money';

/**
 * The confirmation step of cancelling a pending withdrawal, shown for `?cancel={payoutId}`:
 * a form to the `cancelWithdrawal` action and a link back; nothing when the payout is not one the
 * customer may cancel now. Works without JavaScript.
 */
export async function CancelWithdrawal(props: {
  sessionId: string;
  payoutId: string;
  view: 'cashier' | 'widget';
  locale: string;
  transactions: CashierTransaction[];
  allowed: boolean;
  backHref: string;
}) {
  const payout = props.transactions.find((x) => x.id === props.payoutId && x.type === 'payout');
  if (!props.allowed || !payout || !CANCELLABLE.has(payout.status)) return null;
  const t = await getTranslations('cashier');
  const uiLocale = await getLocale();
  return (
    <section aria-labelledby="cancel-heading" className="space-y-3 rounded-theme border border-danger p-4">
      <h2 id="cancel-heading" tabIndex={-1} className="text-base font-semibold">
        {t('cancelHeading')}
      </h2>
      <FocusHere id="cancel-heading" />
      <p>{t('cancelBody', { amount: money(payout.amount, payout.currency, uiLocale) })}</p>
      <form action={cancelWithdrawal} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="sessionId" value={props.sessionId} />
        <input type="hidden" name="payoutId" value={props.payoutId} />
        <input type="hidden" name="view" value={props.view} />
        <input type="hidden" name="locale" value={props.locale} />
        <button className="min-h-6 rounded-theme border border-danger px-4 py-2 font-semibold text-danger">{t('cancelYes')}</button>
        <a href={props.backHref} className="min-h-6 px-2 py-2 text-primary underline">
          {t('cancelNo')}
        </a>
      </form>
    </section>
  );
}
