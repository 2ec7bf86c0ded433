/**
 * The withdrawal by bank of the withdraw tab and the withdrawal widget (docs/design.md, E25): shown when the service offers it for
 * the session (a deposit account, or another account allowed by the merchant). The destinations are
 * read through the API client with the holder's proof; a failed read leaves the section out (the
 * card and APM withdrawals above still work).
 */
import { randomUUID } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { bankWithdrawal } from '@/lib/checkout/cashier/bank-withdrawal-action';
import type { WithdrawalDestinations } from '@hosted-checkout/contract/bank-withdrawals';
import { BankWithdrawal } from './bank-withdrawal';
import { bankWithdrawalText } from './bank-withdrawal-text';
import type { CashierFlowText } from '../flow/cashier-text';

interface SectionProps {
  sessionId: string;
  /** The cashier's withdraw tab, or the withdrawal widget (compact: a smaller heading, no rule above). */
  view: 'cashier' | 'widget';
  locale: string;
  numberLocale: string;
  currency: string;
  /** The cashier flow's text, for the amount's errors. */
  flowText: CashierFlowText;
}

export async function BankWithdrawalSection(props: SectionProps) {
  let destinations: WithdrawalDestinations | null = null;
  try {
    destinations = await paymentsApi.withdrawalDestinations(props.sessionId);
  } catch (error) {
    logger.warn({ sessionId: props.sessionId, err: error }, 'the withdrawal destinations could not be read');
  }
  if (!destinations?.bank.offered) return null;
  const t = await getTranslations('bankWithdrawal');
  return (
    <section
      aria-labelledby="bank-withdrawal-heading"
      className={props.view === 'widget' ? 'space-y-3 border-t border-line pt-3' : 'mt-6 space-y-3 border-t border-line pt-4'}
    >
      <h2 id="bank-withdrawal-heading" className={props.view === 'widget' ? 'text-base font-semibold' : 'text-lg font-semibold'}>
        {t('heading')}
      </h2>
      <BankWithdrawal
        action={bankWithdrawal}
        sessionId={props.sessionId}
        view={props.view}
        locale={props.locale}
        numberLocale={props.numberLocale}
        accounts={destinations.bank.accounts}
        otherAccountAllowed={destinations.bank.otherAccountAllowed}
        initialAttemptKey={randomUUID()}
        text={await bankWithdrawalText(props.currency, props.flowText.errors)}
      />
    </section>
  );
}
