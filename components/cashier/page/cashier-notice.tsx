/** The one-line notice the cashier and the widget show after a redirect (`?notice=`). */
import { getTranslations } from 'next-intl/server';
import { FocusHere } from '../flow/focus-here';

/**
 * The notice after a cancellation or a withdrawal by bank (`?notice=cancelled|cancelFailed|
 * cancelUnavailable|bankWithdrawal`), announced and focused; nothing for any other value.
 */
export async function CashierNotice({ notice }: { notice: string | undefined }) {
  if (notice !== 'cancelled' && notice !== 'cancelFailed' && notice !== 'cancelUnavailable' && notice !== 'bankWithdrawal') return null;
  const t = await getTranslations('cashier');
  return (
    <>
      <p id="cashier-notice" role="status" tabIndex={-1} className="rounded-theme border border-control bg-surface p-3 text-sm">
        {t(`notices.${notice}`)}
      </p>
      <FocusHere id="cashier-notice" />
    </>
  );
}
