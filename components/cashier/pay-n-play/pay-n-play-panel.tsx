/**
 * The cashier of a Pay N Play session whose player is not allowed yet (docs/design.md, E26): the
 * bank login form (deposit by bank, or log in without depositing); "checking your details" while
 * the merchant decides (the deposit awaiting), followed live or on reload; the merchant's refusal,
 * with the deposit returned. An allowed player gets the ordinary cashier instead (the page's).
 */
import { randomUUID } from 'node:crypto';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import type { PayNPlayState } from '@hosted-checkout/contract/pay-n-play';
import { startPayNPlay } from '@/lib/checkout/cashier/pay-n-play-action';
import type { CashierFlowText } from '../flow/cashier-text';
import { PayNPlayForm } from './pay-n-play-form';
import { PayNPlayRefresh } from './pay-n-play-refresh';
import { payNPlayFormText } from './pay-n-play-text';

interface PanelProps {
  state: PayNPlayState;
  sessionId: string;
  locale: string;
  numberLocale: string;
  merchant: string;
  /** Where "Back to the merchant" goes after a refusal (the session's failure return URL). */
  backUrl: string;
  /** This page's address, for "Check again" without JavaScript. */
  selfHref: string;
  flowText: CashierFlowText;
}

/** The panel's one section, named by its h2 (`pnp-heading`): whichever step the login is at. */
function PanelSection(props: { heading: string; testId?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="pnp-heading" className="space-y-3" data-testid={props.testId}>
      <h2 id="pnp-heading" className="text-lg font-semibold">
        {props.heading}
      </h2>
      {props.children}
    </section>
  );
}

export async function PayNPlayPanel(props: PanelProps) {
  const t = await getTranslations('payNPlay');
  const { state, merchant } = props;
  if (state.status === 'AWAITING_DECISION') {
    return (
      <PanelSection heading={t('checkingHeading')} testId="pay-n-play-checking">
        <PayNPlayRefresh />
        <p role="status" className="rounded-theme border border-control p-3 text-sm">
          {t('checkingText', { merchant })}
        </p>
        <a href={props.selfHref} className="inline-block min-h-6 py-2 text-primary underline">
          {t('checkAgain')}
        </a>
      </PanelSection>
    );
  }
  if (state.status === 'DENIED') {
    return (
      <PanelSection heading={t('deniedHeading', { merchant })} testId="pay-n-play-denied">
        <div role="alert" className="space-y-2 rounded-theme border border-danger p-3 text-sm">
          <p>{t(`denied.${state.denyReason ?? 'OTHER'}`, { merchant })}</p>
          <p>{t('deniedReturned')}</p>
        </div>
        <a href={props.backUrl} target="_top" className="inline-block min-h-6 py-2 text-primary underline">
          {t('back', { merchant })}
        </a>
      </PanelSection>
    );
  }
  // What the form is told of the session and the page.
  const formPage = { sessionId: props.sessionId, locale: props.locale, numberLocale: props.numberLocale };
  return (
    <PanelSection heading={t('heading')}>
      <p className="text-sm text-fg-muted">{t('intro', { merchant })}</p>
      {state.lastAttemptFailed ? (
        <p role="alert" className="rounded-theme border border-danger p-3 text-sm text-danger">
          {t('failed')}
        </p>
      ) : null}
      <PayNPlayForm
        {...formPage}
        action={startPayNPlay}
        banks={state.banks}
        initialAttemptKey={randomUUID()}
        text={await payNPlayFormText(props.flowText)}
      />
    </PanelSection>
  );
}
