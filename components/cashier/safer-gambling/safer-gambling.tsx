/**
 * The cashier's safer-gambling parts, rendered on the server from the session's
 * `responsibleGambling`: the panel (the rules that apply, the limits in force and those waiting,
 * the limits form, the reality-check interval, help), the question of limits before a first
 * deposit, the notice of a time-out or self-exclusion (deposits closed, withdrawals open, help),
 * the reality-check reminder, the notices of a share of a limit reached (limit-notices.tsx), and
 * the widget's "deposit again". Texts are resolved here (the limits
 * form's: limits-text.ts); the client parts get them filled in.
 */
import { getTranslations } from 'next-intl/server';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { REALITY_CHECK_CHOICES } from '@hosted-checkout/contract/responsible-gambling/regulators';
import { LimitsForm } from './limits-form';
import { LimitNotices } from './limit-notices';
import { RealityCheck, RealityCheckSettings } from './reality-check';
import { initialOtherValues, initialValues, limitsFormText, OTHER_KINDS, PERIODS, setInNote, type Gambling } from './limits-text';
import { ReviewReminderForm } from './review-reminder';
import { DepositAgain } from '../deposit-recovery/deposit-again';
import { money } from '../format-money';

/** A date and time in words, in UTC and saying so (the server does not know the customer's zone; `dateStyle` cannot name a zone). */
const dateOf = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso));

interface PanelProps {
  session: CashierSession;
  rg: ResponsibleGambling;
  /** The page's language (numbers and dates). */
  locale: string;
  /** The merchant's safer-gambling page, when it has one. */
  merchantUrl?: string;
}

/**
 * The limits form where the limits are asked before a first deposit (ASK, REQUIRED), in place of
 * the deposit form; `depositAwaitingLimits` (formatted) names a Pay N Play deposit that awaits
 * them (docs/design.md, E26).
 */
export async function LimitsPrompt({ session, rg, locale, depositAwaitingLimits }: PanelProps & { depositAwaitingLimits?: string }) {
  const g = await getTranslations('gambling');
  return (
    <section aria-labelledby="limits-prompt" className="space-y-3 rounded-theme border border-primary p-4">
      <h2 id="limits-prompt" className="text-base font-semibold">
        {g('limitsHeading')}
      </h2>
      <p>{rg.limitsPrompt === 'REQUIRED' ? g('promptRequired') : g('promptAsk')}</p>
      {depositAwaitingLimits ? (
        <p role="status" data-testid="deposit-held">
          {g('depositHeld', { amount: depositAwaitingLimits })}
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
        required={rg.requiredPeriods}
        ready={[]}
        text={await limitsFormText(g, session.currency, rg, locale)}
      />
    </section>
  );
}

function CoolingOffNote({ g, rg, session, locale }: { g: Gambling; rg: ResponsibleGambling; session: CashierSession; locale: string }) {
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

/** The safer-gambling panel of the cashier: rules, limits, waiting raises, the limits form, reality checks, help. */
export async function SaferGambling({ session, rg, locale, merchantUrl }: PanelProps) {
  const g = await getTranslations('gambling');
  const currency = session.currency;
  const names = rg.regulators.map((r) => g(`regulators.${r}`));
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  // Each limit in the session currency, and where it was set when that was another currency.
  const withSetIn = (text: string, note: string) => (note ? `${text} ${note}` : text);
  const limits = PERIODS.flatMap((p) =>
    rg.limits[p] === undefined
      ? []
      : [
          withSetIn(
            g('limitLine', { period: p, amount: money(rg.limits[p]!, currency, locale) }),
            setInNote(g, rg.limitsSetIn?.[p], currency, locale),
          ),
        ],
  );
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
        ? g('kindPendingRemoval', { kind, period: p.period, date: dateOf(p.effectiveAt, locale) })
        : g('kindPending', { kind, period: p.period, amount: money(p.limit, currency, locale), date: dateOf(p.effectiveAt, locale) });
  const pendingText = (p: ResponsibleGambling['pending'][number]) =>
    p.kind && p.kind !== 'deposit'
      ? otherPendingText(p, p.kind)
      : p.ready
        ? p.limit === null
          ? g('readyRemoval', { period: p.period })
          : g('readyLine', { period: p.period, amount: money(p.limit, currency, locale) })
        : p.limit === null
          ? g('pendingRemoval', { period: p.period, date: dateOf(p.effectiveAt, locale) })
          : g('pendingLine', { period: p.period, amount: money(p.limit, currency, locale), date: dateOf(p.effectiveAt, locale) });
  const line = (p: ResponsibleGambling['pending'][number]) => withSetIn(pendingText(p), setInNote(g, p.setIn, currency, locale));
  const choices = REALITY_CHECK_CHOICES.filter((m) => m <= rg.realityCheck.maxMinutes);
  return (
    <section aria-labelledby="safer-heading" className="space-y-4 rounded-theme border border-line p-4" data-testid="safer-gambling">
      <h2 id="safer-heading" className="text-base font-semibold">
        {g('heading')}
      </h2>
      {names.length ? <p className="text-sm">{g('rulesOf', { regulators: list.format(names) })}</p> : null}
      <LimitNotices session={session} rg={rg} locale={locale} nested />
      <div className="space-y-2" id="safer-limits" tabIndex={-1}>
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
                required={rg.requiredPeriods}
                ready={rg.pending.filter((p) => p.ready).map(line)}
                text={await limitsFormText(g, currency, rg, locale)}
              />
            </div>
          </details>
        )}
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
    </section>
  );
}

function HelpLinks({ g, rg, merchantUrl }: { g: Gambling; rg: ResponsibleGambling; merchantUrl?: string }) {
  const link = 'text-primary underline';
  return (
    <ul className="space-y-1 text-sm">
      <li>
        <a href={rg.help.url} target="_blank" rel="noopener noreferrer" className={link}>
          {g('helpLink', { name: rg.help.name })}
        </a>
      </li>
      {rg.selfExclusionScheme.url !== rg.help.url ? (
        <li>
          <a href={rg.selfExclusionScheme.url} target="_blank" rel="noopener noreferrer" className={link}>
            {g('schemeLink', { name: rg.selfExclusionScheme.name })}
          </a>
        </li>
      ) : null}
      {merchantUrl ? (
        <li>
          <a href={merchantUrl} target="_blank" rel="noopener noreferrer" className={link}>
            {g('heading')}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** A time-out or self-exclusion: deposits closed (said, with its end), withdrawals open, help. */
export async function ExclusionNotice({ rg, locale }: { rg: ResponsibleGambling; locale: string }) {
  const exclusion = rg.exclusion;
  if (!exclusion) return null;
  const g = await getTranslations('gambling');
  const until = exclusion.until ? dateOf(exclusion.until, locale) : null;
  const sentence =
    exclusion.kind === 'TIME_OUT'
      ? g('excludedTimeOut', { date: until ?? '' })
      : until
        ? g('excludedSelfUntil', { date: until })
        : g('excludedSelf');
  return (
    <section
      role="alert"
      aria-labelledby="excluded-heading"
      className="space-y-2 rounded-theme border border-danger p-4"
      data-testid="excluded"
    >
      <h2 id="excluded-heading" className="text-base font-semibold">
        {g('excludedHeading')}
      </h2>
      <p>{sentence}</p>
      <p>{g('withdrawalsOpen')}</p>
      <HelpLinks g={g} rg={rg} />
    </section>
  );
}

/** The reality-check reminder of the session, when its interval is on. */
export async function RealityReminder({ session, rg, locale, merchantUrl }: PanelProps) {
  if (!rg.realityCheck.intervalMinutes) return null;
  const g = await getTranslations('gambling');
  const { deposited, withdrawn } = rg.realityCheck;
  return (
    <RealityCheck
      startedAt={rg.realityCheck.startedAt}
      intervalMinutes={rg.realityCheck.intervalMinutes}
      locale={locale}
      breakHref={merchantUrl ?? rg.help.url}
      text={{
        title: g('realityTitle'),
        time: g('realityTime', { duration: '{duration}' }),
        money: g('realityMoney', {
          deposited: money(deposited, session.currency, locale),
          withdrawn: money(withdrawn, session.currency, locale),
          net: money(deposited - withdrawn, session.currency, locale),
        }),
        continue: g('realityContinue'),
        takeBreak: g('realityBreak'),
      }}
    />
  );
}

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
  if (!offer || rg?.exclusion || (rg && rg.limitsPrompt !== 'NONE')) return null;
  const [g, t] = await Promise.all([getTranslations('gambling'), getTranslations('cashier')]);
  const amount = money(offer.amount, session.currency, uiLocale);
  const errorKeys = ['unavailable', 'rejected', 'rateLimited', 'excluded', 'limitsRequired', 'kyc', 'expired'] as const;
  return (
    <DepositAgain
      sessionId={session.sessionId}
      payinId={offer.payinId}
      locale={locale}
      text={{
        heading: g('depositAgainHeading'),
        button: g('depositAgainButton', { amount }),
        card: g('depositAgainCard', { brand: offer.cardBrand, last4: offer.cardMask.slice(-4) }),
        processing: t('processing'),
        frameTitle: t('frameTitle'),
        cancel: t('cancel'),
        done: { success: t('done.success'), failed: t('done.failed'), other: t('done.other') },
        errors: {
          ...Object.fromEntries(errorKeys.map((k) => [k, t(`errors.${k}`, { merchant })])),
          aboveLimit: t('errors.aboveLimitNow'),
          conflict: g('recoveryConflict'),
          rejected: t('errors.rejected'),
        },
      }}
    />
  );
}

/**
 * The six-monthly reminder to review one's limits and account history (UKGC RTS 12), when due:
 * links to the limits and to the history on this page, and a button that dismisses it until the
 * next six months (a server action: works without JavaScript).
 */
export async function ReviewReminder({ session, rg }: { session: CashierSession; rg: ResponsibleGambling }) {
  if (!rg.review) return null;
  const g = await getTranslations('gambling');
  return (
    <ReviewReminderForm
      sessionId={session.sessionId}
      text={{
        heading: g('reviewReminderHeading'),
        body: g('reviewReminderBody'),
        limits: g('reviewReminderLimits'),
        history: g('reviewReminderHistory'),
        dismiss: g('reviewReminderDismiss'),
        done: g('reviewReminderDone'),
        errors: { unavailable: g('errors.unavailable'), rejected: g('errors.rejected') },
      }}
    />
  );
}
