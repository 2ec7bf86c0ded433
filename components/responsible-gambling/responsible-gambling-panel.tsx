/**
 * The cashier's responsible gambling panel, rendered on the server from the session's
 * `responsibleGambling`: the rules that apply, the notices of a share of a limit reached
 * (limit-notices.tsx), the limits in force and those waiting, the limits form, Germany's request
 * for a higher ceiling (limit-raise.tsx), the reality-check
 * interval, help. The other parts: the limits asked before a first deposit (limits-prompt.tsx),
 * the exclusion notice (exclusion-notice.tsx), the reminders (reminders.tsx). Texts are resolved
 * on the server (the limits form's: limits-text.ts); the client parts get them filled in.
 */
import { getTranslations } from 'next-intl/server';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { REALITY_CHECK_CHOICES } from '@hosted-checkout/contract/responsible-gambling/regulators';
import { money } from '@/lib/checkout/cashier/format-money';
import { LimitsForm } from './limits-form';
import { LimitNotices } from './limit-notices';
import { RealityCheckSettings } from './reality-check';
import { initialOtherValues, initialValues, limitsFormText, OTHER_KINDS, PERIODS, setInNote } from './limits-text';
import { CoolingOffNote } from './limits-prompt';
import { HelpLinks } from './exclusion-notice';
import { dateText, type PanelProps } from './panel-text';
import { PanelSection } from './panel-section';
import { LimitRaise, limitRaiseErrorOf } from './limit-raise';

/** The responsible gambling panel of the cashier: rules, limits, waiting raises, the limits form, reality checks, help. */
export async function ResponsibleGamblingPanel({
  session,
  rg,
  locale,
  merchantUrl,
  limitRaiseError,
}: PanelProps & { limitRaiseError?: string | string[] }) {
  const g = await getTranslations('responsibleGambling');
  const currency = session.currency;
  const names = rg.regulators.map((r) => g(`regulators.${r}`));
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  // Each limit in the session currency, and where it was set when that was another currency.
  const withSetIn = (text: string, note: string) => (note ? `${text} ${note}` : text);
  const limits = PERIODS.flatMap((p) => {
    const amount = rg.limits[p];
    return amount === undefined
      ? []
      : [
          withSetIn(
            g('limitLine', { period: p, amount: money(amount, currency, locale) }),
            setInNote(g, rg.limitsSetIn?.[p], currency, locale),
          ),
        ];
  });
  // Loss and net deposit limits in force, beside the deposit limits (one list, one level).
  const others = OTHER_KINDS.flatMap((kind) => {
    const inForce = kind === 'loss' ? rg.lossLimits : rg.netDepositLimits;
    return PERIODS.flatMap((p) => {
      const amount = inForce?.[p];
      return amount === undefined ? [] : [g('kindLine', { kind, period: p, amount: money(amount, currency, locale) })];
    });
  });
  const otherPendingText = (p: ResponsibleGambling['pending'][number], kind: 'loss' | 'netDeposit') =>
    p.ready
      ? p.limit === null
        ? g('kindReadyRemoval', { kind, period: p.period })
        : g('kindReady', { kind, period: p.period, amount: money(p.limit, currency, locale) })
      : p.limit === null
        ? g('kindPendingRemoval', { kind, period: p.period, date: dateText(p.effectiveAt, locale) })
        : g('kindPending', { kind, period: p.period, amount: money(p.limit, currency, locale), date: dateText(p.effectiveAt, locale) });
  const pendingText = (p: ResponsibleGambling['pending'][number]) =>
    p.kind && p.kind !== 'deposit'
      ? otherPendingText(p, p.kind)
      : p.ready
        ? p.limit === null
          ? g('readyRemoval', { period: p.period })
          : g('readyLine', { period: p.period, amount: money(p.limit, currency, locale) })
        : p.limit === null
          ? g('pendingRemoval', { period: p.period, date: dateText(p.effectiveAt, locale) })
          : g('pendingLine', { period: p.period, amount: money(p.limit, currency, locale), date: dateText(p.effectiveAt, locale) });
  const line = (p: ResponsibleGambling['pending'][number]) => withSetIn(pendingText(p), setInNote(g, p.setIn, currency, locale));
  const choices = REALITY_CHECK_CHOICES.filter((m) => m <= rg.realityCheck.maxMinutes);
  return (
    <PanelSection
      headingId="responsible-gambling-heading"
      heading={g('heading')}
      className="space-y-4 rounded-theme border border-line p-4"
      testId="responsible-gambling"
    >
      {names.length ? <p className="text-sm">{g('rulesOf', { regulators: list.format(names) })}</p> : null}
      <LimitNotices session={session} rg={rg} locale={locale} nested />
      <div className="space-y-2" id="responsible-gambling-limits" tabIndex={-1}>
        <h3 className="font-semibold">{g('limitsHeading')}</h3>
        <ul data-testid="limits-in-force" className="text-sm">
          {limits.length ? limits.map((l) => <li key={l}>{l}</li>) : <li>{g('noLimits')}</li>}
          {others.map((l) => (
            <li key={l} data-testid="other-limit">
              {l}
            </li>
          ))}
          {rg.pending
            .filter((p) => !p.ready)
            .map((p) => (
              <li key={`${p.kind ?? 'deposit'}-${p.period}`} data-testid="limit-waiting">
                {line(p)}
              </li>
            ))}
        </ul>
        {/* While the limits are asked before a first deposit, that form is the one on the page. */}
        {rg.limitsPrompt !== 'NONE' ? null : (
          <details open={rg.pending.some((p) => p.ready)} className="rounded-theme border border-control p-3">
            <summary className="min-h-6 cursor-pointer font-medium text-primary">{g('change')}</summary>
            <div className="mt-3 space-y-3">
              <CoolingOffNote g={g} rg={rg} session={session} locale={locale} />
              <LimitsForm
                sessionId={session.sessionId}
                numberLocale={locale}
                currency={currency}
                mode="manage"
                initial={initialValues(rg, locale)}
                initialOther={initialOtherValues(rg, locale)}
                required={rg.requiredOneOf ? [] : rg.requiredPeriods}
                ready={rg.pending.filter((p) => p.ready).map(line)}
                text={await limitsFormText(g, currency, rg, locale)}
              />
            </div>
          </details>
        )}
        {/* Germany: a monthly limit above the ceiling, asked of the merchant (limit-raise.tsx). */}
        <LimitRaise g={g} session={session} rg={rg} locale={locale} error={limitRaiseErrorOf(limitRaiseError)} />
      </div>
      <div className="space-y-2">
        <h3 className="font-semibold">{g('realityHeading')}</h3>
        <RealityCheckSettings
          sessionId={session.sessionId}
          current={rg.realityCheck.intervalMinutes}
          choices={choices}
          allowOff={!rg.realityCheck.mandatory}
          text={{
            label: g('realityLabel'),
            off: g('realityOff'),
            every: Object.fromEntries(choices.map((m) => [m, g('realityEvery', { minutes: m })])),
            save: g('realitySave'),
            saved: g('realitySaved', { minutes: '{minutes}' }),
            savedOff: g('realitySavedOff'),
            errors: { unavailable: g('errors.unavailable'), rejected: g('errors.rejected') },
          }}
        />
      </div>
      <HelpLinks g={g} rg={rg} merchantUrl={merchantUrl} />
    </PanelSection>
  );
}
