/**
 * The question of limits before a first deposit (the rules ASK or REQUIRE them), in place of the
 * deposit form, with a Pay N Play deposit that awaits the answer (docs/design.md, E23 and E26).
 */
import { getTranslations } from 'next-intl/server';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { money } from '@/lib/checkout/cashier/format-money';
import { LimitsForm } from './limits-form';
import { initialOtherValues, initialValues, limitsFormText } from './limits-text';
import type { PanelProps, ResponsibleGamblingMessages } from './panel-text';
import { PanelSection } from './panel-section';

/**
 * The limits form where the limits are asked before a first deposit (ASK, REQUIRED), in place of
 * the deposit form; `depositAwaitingLimits` (formatted) names a Pay N Play deposit that awaits
 * them (docs/design.md, E26).
 */
export async function LimitsPrompt({ session, rg, locale, depositAwaitingLimits }: PanelProps & { depositAwaitingLimits?: string }) {
  const g = await getTranslations('responsibleGambling');
  return (
    <PanelSection headingId="limits-prompt" heading={g('limitsHeading')} className="space-y-3 rounded-theme border border-primary p-4">
      <p>{rg.limitsPrompt === 'REQUIRED' ? g('promptRequired') : g('promptAsk')}</p>
      {/* One period suffices (Denmark, Brazil): no field is required on its own, so say which answer is enough. */}
      {rg.limitsPrompt === 'REQUIRED' && rg.requiredOneOf ? <p data-testid="required-one-of">{g('requiredOneOf')}</p> : null}
      {depositAwaitingLimits ? (
        <p role="status" data-testid="deposit-awaiting-limits">
          {g('depositAwaitingLimits', { amount: depositAwaitingLimits })}
        </p>
      ) : null}
      <CoolingOffNote g={g} rg={rg} session={session} locale={locale} />
      <LimitsForm
        sessionId={session.sessionId}
        numberLocale={locale}
        currency={session.currency}
        mode={rg.limitsPrompt === 'REQUIRED' ? 'REQUIRED' : 'ASK'}
        initial={initialValues(rg, locale)}
        initialOther={initialOtherValues(rg, locale)}
        required={rg.requiredOneOf ? [] : rg.requiredPeriods}
        ready={[]}
        text={await limitsFormText(g, session.currency, rg, locale)}
      />
    </PanelSection>
  );
}

/** The rules of a change: the cooling-off of a raise, confirming it after, the monthly ceiling, the limit above which the merchant calls. */
export function CoolingOffNote({
  g,
  rg,
  session,
  locale,
}: {
  g: ResponsibleGamblingMessages;
  rg: ResponsibleGambling;
  session: CashierSession;
  locale: string;
}) {
  return (
    <ul className="list-disc space-y-1 ps-5 text-sm text-fg-muted">
      <li>
        {rg.coolingOffSpansPeriod ? g('coolingOffPeriod', { hours: rg.coolingOffHours }) : g('coolingOff', { hours: rg.coolingOffHours })}
      </li>
      {rg.confirmAfterCoolingOff ? <li>{g('confirmAfter')}</li> : null}
      {rg.monthlyCeiling !== undefined ? <li>{g('ceiling', { amount: money(rg.monthlyCeiling, session.currency, locale) })}</li> : null}
      {rg.limitContactAbove !== undefined ? (
        <li>{g('contactAbove', { amount: money(rg.limitContactAbove, session.currency, locale) })}</li>
      ) : null}
    </ul>
  );
}
