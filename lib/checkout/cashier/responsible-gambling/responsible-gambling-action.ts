'use server';
/**
 * Server actions of the cashier's responsible gambling panel (docs/design.md, E23): the customer
 * changes their own deposit limits in two steps (review: what changes now and what from a later date; confirm: the
 * service applies it, authoritative), declines limits where the rules only ask, confirms raises
 * whose cooling-off is over (UKGC), and chooses the reality-check interval. Only the browser that
 * holds the session may. Amounts are read with the page's number format, in major units of
 * the session currency; the plan is packages/contract/src/responsible-gambling/limit-changes.ts, the service's own.
 */
import { z } from 'zod';
import { paymentsApi } from '@/lib/payments-api/client';
import { isLimitProblem, planLimits, type PendingLimits } from '@hosted-checkout/contract/responsible-gambling/limit-changes';
import { PERIODS, type Period, type PeriodLimitsMinor } from '@hosted-checkout/contract/responsible-gambling/limits';
import type { LimitKind, ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { toMajor, toMinor } from '@hosted-checkout/contract/money';
import { required } from '@hosted-checkout/contract/required';
import { DEFAULT_LOCALE, LOCALES } from '@hosted-checkout/contract/locales';
import { parseAmount, MAX_AMOUNT_CHARS } from '../cashier-amount';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { runCashierAction } from '../cashier-action-client';
import { LIMIT_KINDS, limitField } from './limit-fields';

const PERIOD_LIST = Object.keys(PERIODS) as Period[];
const KIND_LIST = LIMIT_KINDS;

/** One period's change in major units (null: no limit); `effectiveAt` null: now. */
export interface ShownChange {
  kind: LimitKind;
  period: Period;
  from: number | null;
  to: number | null;
  effectiveAt: string | null;
}

export interface LimitsState {
  step: 'edit' | 'review' | 'saved';
  /** What the customer typed, per field (`limitField`), kept across the steps (a round trip without JavaScript). */
  values?: Partial<Record<string, string>>;
  changes?: ShownChange[];
  error?: 'invalid' | 'required' | 'ceiling' | 'unavailable' | 'rejected' | 'noChange';
  /** The period an error is about, and its kind (absent: a deposit limit). */
  period?: Period;
  kind?: LimitKind;
}

const LimitsForm = z.object({
  sessionId: z.string().regex(PAYMENT_ID),
  intent: z.enum(['review', 'confirm', 'edit', 'decline', 'confirmReady']),
  numberLocale: z.enum(LOCALES).catch(DEFAULT_LOCALE),
  day: z.string().default(''),
  week: z.string().default(''),
  month: z.string().default(''),
  lossDay: z.string().default(''),
  lossWeek: z.string().default(''),
  lossMonth: z.string().default(''),
  netDepositDay: z.string().default(''),
  netDepositWeek: z.string().default(''),
  netDepositMonth: z.string().default(''),
});
type LimitsFormData = z.infer<typeof LimitsForm>;

const minorOf = (major: number | null | undefined, currency: string) =>
  major === null || major === undefined ? null : toMinor(major, currency);

/** One kind's limits in force (major units of the session currency), from the session answer. */
const limitsOfKind = (rg: ResponsibleGambling, kind: LimitKind) =>
  (kind === 'deposit' ? rg.limits : kind === 'loss' ? rg.lossLimits : rg.netDepositLimits) ?? {};
/** One kind's raises not applied yet, from the session answer (a raise without a kind is a deposit limit's). */
const pendingOfKind = (rg: ResponsibleGambling, kind: LimitKind) => rg.pending.filter((p) => (p.kind ?? 'deposit') === kind);

/** One kind's limits in force and the raises waiting, in minor units, from the session answer. */
function stateOf(rg: ResponsibleGambling, currency: string, kind: LimitKind) {
  const limits: PeriodLimitsMinor = {};
  for (const p of PERIOD_LIST) {
    const major = limitsOfKind(rg, kind)[p];
    if (major !== undefined) limits[p] = required(toMinor(major, currency), `the ${p} limit in force as an amount of ${currency}`);
  }
  // The raises not applied yet, waiting or ready to confirm, as the service plans with them.
  const waiting: PendingLimits = {};
  for (const p of pendingOfKind(rg, kind))
    waiting[p.period] = { limit: minorOf(p.limit, currency), effectiveAt: p.effectiveAt, ...(p.ready ? { confirm: true } : {}) };
  return { limits, waiting };
}

/**
 * What the customer asks (minor units; null: none), period by period, when it differs from what
 * the form showed (the raise not applied yet, else the limit in force: an untouched field keeps
 * its raise waiting); or the first field that is not an amount (or above the API's 1e12).
 */
function askedOf(
  values: Record<string, string>,
  rg: ResponsibleGambling,
  currency: string,
  locale: string,
  kind: LimitKind,
): { asked: Partial<Record<Period, number | null>> } | { invalid: Period } {
  const asked: Partial<Record<Period, number | null>> = {};
  for (const period of PERIOD_LIST) {
    const raw = (values[limitField(kind, period)] ?? '').trim();
    let minor: number | null = null;
    if (raw) {
      const major = parseAmount(raw, locale);
      minor = major === null || major <= 0 || major > 1e12 ? null : toMinor(major, currency);
      if (minor === null || minor <= 0) return { invalid: period };
    }
    const raise = pendingOfKind(rg, kind).find((p) => p.period === period);
    const shown = raise ? minorOf(raise.limit, currency) : minorOf(limitsOfKind(rg, kind)[period], currency);
    if (minor !== shown) asked[period] = minor;
  }
  return { asked };
}

/** The cashier's limits form (deposit, loss and net deposit limits): review, confirm, back to edit, decline (ASK only), confirm ready raises. */
export async function changeLimits(previous: LimitsState, form: FormData): Promise<LimitsState> {
  const valuesOf = (data: LimitsFormData): Record<string, string> =>
    Object.fromEntries(
      KIND_LIST.flatMap((k) => PERIOD_LIST.map((p) => [limitField(k, p), data[limitField(k, p) as keyof LimitsFormData] as string])),
    );
  return runCashierAction<typeof LimitsForm, LimitsState>(
    form,
    {
      action: 'change limits',
      schema: LimitsForm,
      limits: {
        ...Object.fromEntries(KIND_LIST.flatMap((k) => PERIOD_LIST.map((p) => [limitField(k, p), MAX_AMOUNT_CHARS]))),
        numberLocale: 35,
      },
      // Back to edit needs no call: the page only shows the form again.
      local: (data) => (data.intent === 'edit' ? { step: 'edit', values: valuesOf(data) } : undefined),
      badForm: (bad) => ({ step: 'edit', values: previous.values, error: bad.problem === 'tooLong' ? 'invalid' : 'rejected' }),
      failed: ({ error }, data) => ({ step: 'edit', values: valuesOf(data), error: error === 'unavailable' ? 'unavailable' : 'rejected' }),
    },
    async ({ sessionId, session }, data) => {
      const { intent, numberLocale } = data;
      const values = valuesOf(data);
      const rg = session.responsibleGambling;
      if (!rg) return { step: 'edit', values, error: 'rejected' };
      const currency = session.currency;
      if (intent === 'decline' || intent === 'confirmReady') {
        await paymentsApi.setResponsibleGambling(sessionId, intent === 'decline' ? { noLimits: true } : { confirmReady: true });
        return { step: 'saved' };
      }
      // Each kind planned by the service's own plan (packages/contract/src/responsible-gambling/limit-changes.ts); the rules' required periods and ceiling are deposit limits'.
      const asked: Partial<Record<LimitKind, Partial<Record<Period, number | null>>>> = {};
      const changes: ShownChange[] = [];
      for (const kind of KIND_LIST) {
        const read = askedOf(values, rg, currency, numberLocale, kind);
        if ('invalid' in read) return { step: 'edit', values, error: 'invalid', period: read.invalid, kind };
        const { limits, waiting } = stateOf(rg, currency, kind);
        const deposit = kind === 'deposit';
        const ceiling = deposit && rg.monthlyCeiling !== undefined ? (toMinor(rg.monthlyCeiling, currency) ?? undefined) : undefined;
        const plan = planLimits(limits, waiting, read.asked, deposit ? { ...rg } : { ...rg, requiredPeriods: [] }, new Date(), ceiling);
        if (isLimitProblem(plan)) return { step: 'edit', values, error: plan.problem, period: plan.period, kind };
        if (Object.keys(read.asked).length) asked[kind] = read.asked;
        for (const c of plan.changes)
          changes.push({
            ...c,
            kind,
            from: c.from === null ? null : toMajor(c.from, currency),
            to: c.to === null ? null : toMajor(c.to, currency),
          });
      }
      if (changes.length === 0) return { step: 'edit', values, error: 'noChange' };
      if (intent === 'review') return { step: 'review', values, changes };
      const majorOf = (minors: Partial<Record<Period, number | null>> | undefined) =>
        minors &&
        Object.fromEntries(
          Object.entries(minors).map(([p, minor]) => [p, minor === null || minor === undefined ? null : toMajor(minor, currency)]),
        );
      const body = {
        ...(asked.deposit ? { depositLimits: majorOf(asked.deposit) } : {}),
        ...(asked.loss ? { lossLimits: majorOf(asked.loss) } : {}),
        ...(asked.netDeposit ? { netDepositLimits: majorOf(asked.netDeposit) } : {}),
      };
      const answer = await paymentsApi.setResponsibleGambling(sessionId, body);
      // The service's answer is authoritative: each change's date as it recorded it.
      const dated = changes.map((c) => ({
        ...c,
        effectiveAt:
          c.effectiveAt === null
            ? null
            : (answer.pending.find((p) => p.period === c.period && (p.kind ?? 'deposit') === c.kind)?.effectiveAt ?? c.effectiveAt),
      }));
      return { step: 'saved', changes: dated };
    },
  );
}

export interface RealityCheckState {
  saved?: number;
  error?: 'unavailable' | 'rejected';
}

const RealityForm = z.object({ sessionId: z.string().regex(PAYMENT_ID), minutes: z.coerce.number().int().min(0).max(1440) });

/** The customer's reality-check interval (minutes; 0: off where the rules allow). */
export async function setRealityCheck(_previous: RealityCheckState, form: FormData): Promise<RealityCheckState> {
  return runCashierAction<typeof RealityForm, RealityCheckState>(
    form,
    {
      action: 'reality check',
      schema: RealityForm,
      limits: { minutes: 8 },
      badForm: () => ({ error: 'rejected' }),
      failed: ({ error }) => ({ error: error === 'unavailable' ? 'unavailable' : 'rejected' }),
    },
    async ({ sessionId, session }, { minutes }) => {
      if (!session.responsibleGambling) return { error: 'rejected' };
      const answer = await paymentsApi.setResponsibleGambling(sessionId, { realityCheckMinutes: minutes });
      return { saved: answer.realityCheck.intervalMinutes };
    },
  );
}

export interface ReviewState {
  dismissed?: boolean;
  error?: 'unavailable' | 'rejected';
}

const ReviewForm = z.object({ sessionId: z.string().regex(PAYMENT_ID) });

/** The customer read the six-monthly reminder to review their limits and history (UKGC RTS 12): not shown again for six months. */
export async function dismissReview(_previous: ReviewState, form: FormData): Promise<ReviewState> {
  return runCashierAction<typeof ReviewForm, ReviewState>(
    form,
    {
      action: 'dismiss review',
      schema: ReviewForm,
      limits: {},
      badForm: () => ({ error: 'rejected' }),
      failed: ({ error }) => ({ error: error === 'unavailable' ? 'unavailable' : 'rejected' }),
    },
    async ({ sessionId, session }) => {
      if (!session.responsibleGambling) return { error: 'rejected' };
      await paymentsApi.setResponsibleGambling(sessionId, { reviewDismissed: true });
      return { dismissed: true };
    },
  );
}
