/**
 * The widget's "deposit again" offer (the session's `depositAgain`: the customer's last paid card
 * deposit, the same amount with the same saved card), its text resolved on the server for the
 * client form (deposit-again.tsx). Not offered while deposits are closed or limits are asked.
 */
import { getTranslations } from 'next-intl/server';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import { money } from '@/lib/checkout/cashier/format-money';
import { DepositAgain } from './deposit-again';

/** The widget's "deposit again", when the session offers it and deposits are open. */
export async function DepositAgainOffer({
  session,
  locale,
  uiLocale,
  merchant,
}: {
  session: CashierSession;
  locale: string;
  uiLocale: string;
  merchant: string;
}) {
  const offer = session.depositAgain;
  const rg = session.responsibleGambling;
  if (!offer || rg?.exclusion || rg?.nationalRegister || (rg && rg.limitsPrompt !== 'NONE')) return null;
  const t = await getTranslations('cashier');
  const card = await getTranslations('card');
  const amount = money(offer.amount, session.currency, uiLocale);
  const errorKeys = ['unavailable', 'rejected', 'rateLimited', 'excluded', 'limitsRequired', 'kyc', 'expired'] as const;
  return (
    <DepositAgain
      sessionId={session.sessionId}
      payinId={offer.payinId}
      locale={locale}
      text={{
        heading: t('depositAgain.heading'),
        button: t('depositAgain.button', { amount }),
        card: t('depositAgain.card', { brand: offer.cardBrand, last4: offer.cardMask.slice(-4) }),
        processing: t('processing'),
        frameTitle: t('frameTitle'),
        cancel: t('cancel'),
        challenge: { title: card('challengeTitle'), intro: card('challengeIntro') },
        done: { success: t('done.success'), failed: t('done.failed'), other: t('done.other') },
        errors: {
          ...Object.fromEntries(errorKeys.map((k) => [k, t(`errors.${k}`, { merchant })])),
          aboveLimit: t('errors.aboveLimitNow'),
          conflict: t('errors.conflict'),
          rejected: t('errors.rejected'),
        },
      }}
    />
  );
}
