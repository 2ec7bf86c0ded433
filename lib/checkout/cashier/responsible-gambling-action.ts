'use server';
/**
 * Server actions of the cashier's safer-gambling panel (docs/design.md, E23): the customer
 * changes their own deposit limits in two steps (review: what changes now and what from a later date; confirm: the
 * service applies it, authoritative), declines limits where the rules only ask, confirms raises
 * whose cooling-off is over (UKGC), and chooses the reality-check interval. Only the browser that
 * holds the session may. Amounts are read with the page's number format, in major units of
 * the session currency; the plan is lib/cashier/limit-changes.ts, the service's own.
 */
import { z } from 'zod';
import { paymentsApi } from '@/lib/payments-api/client';
import { isLimitProblem, planLimits, type PendingLimits } from '@/lib/cashier/limit-changes';
import { PERIODS, type Period, type PeriodLimitsMinor } from '@/lib/cashier/limits';
import type { ResponsibleGambling } from '@/lib/contract/responsible-gambling';
import { toMajor, toMinor } from '@/lib/money';
import { required } from '@/lib/required';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/i18n/locales';
import { parseAmount, MAX_AMOUNT_CHARS } from './cashier-amount';
import { PAYMENT_ID } from '@/lib/contract/ids';
import { runCashierAction } from './cashier-action-client';

const PERIOD_LIST = Object.keys(PERIODS) as Period[];

/** One period's change in major units (null: no limit); `effectiveAt` null: now. */
export interface ShownChange {
  period: Period;
  from: number | null;
  to: number | null;
  effectiveAt: string | null;
}

export interface LimitsState {
  step: 'edit' | 'review' | 'saved';
  /** What the customer typed, per period, kept across the steps (a round trip without JavaScript). */
  values?: Partial<Record<Period, string>>;
  changes?: ShownChange[];
  error?: 'invalid' | 'required' | 'ceiling' | 'unavailable' | 'rejected' | 'noChange';
  /** The period an error is about. */
  period?: Period;
}

const LimitsForm = z.object({
  sessionId: z.string().regex(PAYMENT_ID),
  intent: z.enum(['review', 'confirm', 'edit', 'decline', 'confirmReady']),
  numberLocale: z.enum(LOCALES).catch(DEFAULT_LOCALE),
  day: z.string().default(''),
  week: z.string().default(''),
  month: z.string().default(''),
});

const minorOf = (major: number | null | undefined, currency: string) =>
  major === null || major === undefined ? null : toMinor(major, currency);

/** The limits in force and the raises waiting, in minor units, from the session answer. */
function stateOf(rg: ResponsibleGambling, currency: string) {
  const limits: PeriodLimitsMinor = {};
  for (const p of PERIOD_LIST) {
    const major = rg.limits[p];
    if (major !== undefined) limits[p] = required(toMinor(major, currency), `the ${p} limit in force as an amount of ${currency}`);
  }
  // The raises not applied yet, waiting or ready to confirm, as the service plans with them.
  const waiting: PendingLimits = {};
  for (const p of rg.pending)
    waiting[p.period] = { limit: minorOf(p.limit, currency), effectiveAt: p.effectiveAt, ...(p.ready ? { confirm: true } : {}) };
  return { limits, waiting };
}

/**
 * What the customer asks (minor units; null: none), period by period, when it differs from what
 * the form showed (the raise not applied yet, else the limit in force: an untouched field keeps
 * its raise waiting); or the first field that is not an amount (or above the API's 1e12).
 */
function askedOf(
  values: Record<Period, string>,
  rg: ResponsibleGambling,
  currency: string,
  locale: string,
): { asked: Partial<Record<Period, number | null>> } | { invalid: Period } {
  const asked: Partial<Record<Period, number | null>> = {};
  for (const period of PERIOD_LIST) {
    const raw = values[period].trim();
    let minor: number | null = null;
    if (raw) {
      const major = parseAmount(raw, locale);
      minor = major === null || major <= 0 || major > 1e12 ? null : toMinor(major, currency);
      if (minor === null || minor <= 0) return { invalid: period };
    }
    const raise = rg.pending.find((p) => p.period === period);
    const shown = raise ? minorOf(raise.limit, currency) : minorOf(rg.limits[period], currency);
    if (minor !== shown) asked[period] = minor;
  }
  return { asked };
}

/** The cashier's limits form: review, confirm, back to edit, decline (ASK only), confirm ready raises. */
export async function changeLimits(previous: LimitsState, form: FormData): Promise<LimitsState> {
  const valuesOf = (data: { day: string; week: string; month: string }) => ({ day: data.day, week: data.week, month: data.month });
  return runCashierAction<typeof LimitsForm, LimitsState>(
    form,
    {
      action: 'change limits',
      schema: LimitsForm,
      limits: { day: MAX_AMOUNT_CHARS, week: MAX_AMOUNT_CHARS, month: MAX_AMOUNT_CHARS, numberLocale: 35 },
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
      const read = askedOf(values, rg, currency, numberLocale);
      if ('invalid' in read) return { step: 'edit', values, error: 'invalid', period: read.invalid };
      const { limits, waiting } = stateOf(rg, currency);
      const ceiling = rg.monthlyCeiling === undefined ? undefined : (toMinor(rg.monthlyCeiling, currency) ?? undefined);
      const plan = planLimits(limits, waiting, read.asked, { ...rg }, new Date(), ceiling);
      if (isLimitProblem(plan)) return { step: 'edit', values, error: plan.problem, period: plan.period };
      if (plan.changes.length === 0) return { step: 'edit', values, error: 'noChange' };
      const changes = plan.changes.map((c) => ({
        ...c,
        from: c.from === null ? null : toMajor(c.from, currency),
        to: c.to === null ? null : toMajor(c.to, currency),
      }));
      if (intent === 'review') return { step: 'review', values, changes };
      const depositLimits = Object.fromEntries(
        Object.entries(read.asked).map(([p, minor]) => [p, minor === null || minor === undefined ? null : toMajor(minor, currency)]),
      );
      const answer = await paymentsApi.setResponsibleGambling(sessionId, { depositLimits });
      // The service's answer is authoritative: each change's date as it recorded it.
      const dated = changes.map((c) => ({
        ...c,
        effectiveAt: c.effectiveAt === null ? null : (answer.pending.find((p) => p.period === c.period)?.effectiveAt ?? c.effectiveAt),
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
