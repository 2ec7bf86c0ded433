/**
 * The text and starting values of the responsible gambling limits form (limits-form.tsx), resolved on
 * the server from the session's `responsibleGambling`: per period (day, week, month), amounts in
 * major units of the session's currency, in the page's language.
 */
import type { LimitKind, ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { limitField } from '@/lib/checkout/cashier/responsible-gambling/limit-fields';
import type { Period } from '@hosted-checkout/contract/responsible-gambling/limits';
import { formatAmountInput } from '@/lib/checkout/cashier/cashier-amount';
import type { LimitsFormText } from './limits-form';
import { money } from '@/lib/checkout/cashier/format-money';
import type { ResponsibleGamblingMessages } from './panel-text';

/** The periods a limit is set for, in the order they are shown. */
export const PERIODS: Period[] = ['day', 'week', 'month'];
/** The kinds of limit besides deposit limits, in the order they are shown. */
export const OTHER_KINDS = ['loss', 'netDeposit'] as const;

/**
 * " (set in GBP: £50.00)" for a limit set in another currency than the session's (one limit
 * per period, shown converted in every session); '' for one set in the session currency.
 */
export function setInNote(
  g: ResponsibleGamblingMessages,
  setIn: { currency: string; amount: number | null } | undefined,
  currency: string,
  locale: string,
): string {
  if (!setIn || setIn.currency === currency || setIn.amount === null) return '';
  return g('setIn', { currency: setIn.currency, amount: money(setIn.amount, setIn.currency, locale) });
}

/**
 * The limits form's text in the session's `currency` (ISO 4217) and the page's `locale`: labels,
 * notes of limits set in another currency, review lines, errors (the monthly ceiling in words).
 */
export async function limitsFormText(
  g: ResponsibleGamblingMessages,
  currency: string,
  rg: ResponsibleGambling,
  locale: string,
): Promise<LimitsFormText> {
  const per = <T>(f: (p: Period) => T) => Object.fromEntries(PERIODS.map((p) => [p, f(p)])) as Record<Period, T>;
  return {
    labels: per((p) => g('periodLabel', { period: p, currency })),
    setIn: per((p) => setInNote(g, rg.limitsSetIn?.[p], currency, locale)),
    emptyHint: g('emptyHint'),
    requiredHint: g('requiredHint'),
    review: g('review'),
    reviewHeading: g('reviewHeading'),
    changeNow: per((p) => g('changeNow', { period: p, from: '{from}', to: '{to}' })),
    changeLater: per((p) => g('changeLater', { period: p, from: '{from}', to: '{to}', date: '{date}' })),
    none: g('none'),
    confirm: g('confirm'),
    edit: g('edit'),
    saved: g('saved'),
    decline: g('decline'),
    confirmReady: g('confirmReady'),
    errors: {
      invalid: g('errors.invalid'),
      ceiling: g('errors.ceiling', { amount: rg.monthlyCeiling === undefined ? '' : money(rg.monthlyCeiling, currency, locale) }),
      unavailable: g('errors.unavailable'),
      rejected: g('errors.rejected'),
      noChange: g('noChange'),
      // Where one period suffices (Denmark, Brazil), the refusal asks for any one of them.
      required: per((p) => (rg.requiredOneOf ? g('errors.requiredOneOf') : g('errors.required', { period: p }))),
    },
    kinds: {
      deposit: { heading: g('kindHeading', { kind: 'deposit' }), hint: g('kindHint', { kind: 'deposit' }) },
      ...(Object.fromEntries(
        OTHER_KINDS.map((kind) => [
          kind,
          {
            heading: g('kindHeading', { kind }),
            hint: g('kindHint', { kind }),
            labels: per((p) => g('kindLabel', { period: p, kind, currency })),
            changeNow: per((p) => g('kindChangeNow', { period: p, kind, from: '{from}', to: '{to}' })),
            changeLater: per((p) => g('kindChangeLater', { period: p, kind, from: '{from}', to: '{to}', date: '{date}' })),
          },
        ]),
      ) as Record<(typeof OTHER_KINDS)[number], LimitsFormText['kinds']['loss']>),
    },
  };
}

/** The loss and net deposit limits the form shows, per field (`lossDay`…): the raise not applied yet, else the limit in force; '' for none. */
export function initialOtherValues(rg: ResponsibleGambling, locale: string): Record<string, string> {
  const of = (kind: LimitKind, p: Period) => {
    const raise = rg.pending.find((r) => r.kind === kind && r.period === p);
    const value = raise ? raise.limit : ((kind === 'loss' ? rg.lossLimits : rg.netDepositLimits)?.[p] ?? null);
    return value === null ? '' : formatAmountInput(value, locale);
  };
  return Object.fromEntries(OTHER_KINDS.flatMap((k) => PERIODS.map((p) => [limitField(k, p), of(k, p)])));
}

/** What the form shows per period: the raise not applied yet (so an untouched field keeps it), else the limit in force; '' for none (amounts as typed in `locale`). */
export function initialValues(rg: ResponsibleGambling, locale: string): Record<Period, string> {
  const shown = (p: Period) => {
    const raise = rg.pending.find((r) => (r.kind ?? 'deposit') === 'deposit' && r.period === p);
    const value = raise ? raise.limit : (rg.limits[p] ?? null);
    return value === null ? '' : formatAmountInput(value, locale);
  };
  return Object.fromEntries(PERIODS.map((p) => [p, shown(p)])) as Record<Period, string>;
}
