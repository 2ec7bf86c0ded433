/**
 * A customer's deposit limits, owned here (docs/design.md, sections 3 and 8): how they are stored
 * (per currency they were set in, with the customer's raises still waiting their cooling-off),
 * what they leave of a deposit now, what the session answer shows of them, and the two ways they
 * change: the merchant's `PUT /public/customer/{id}/limits` (`setCustomerLimits`) and the
 * customer's own change in the cashier (`customerLimitChange`, stored by
 * merchant/responsible-gambling.ts with the rest of the customer's answer). In the core layer
 * because the check when a deposit is paid (deposit-rules.ts, called by changePayin) reads them.
 * ISO 4217 minor units inside; major units only where an API request or answer carries them.
 */
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { customers, payins } from '@/lib/db/schema';
import type { DepositRoom } from '@/lib/contract/cashier';
import type { CustomerLimitsRequest } from '@/lib/contract/customer';
import type { ResponsibleGambling, ResponsibleGamblingRequest } from '@/lib/contract/responsible-gambling';
import { exceededPeriod, PERIODS, roomFromUsed, type Period, type PeriodLimitsMinor } from '@/lib/cashier/limits';
import {
  bindingLimits,
  isLimitProblem,
  limitsAcross,
  planLimits,
  raisesAfterMerchantLimits,
  setOnlyIn,
  withoutEmpty,
  type LimitsByCurrency,
  type PendingByCurrency,
  type RaiseNote,
} from '@/lib/cashier/limit-changes';
import type { RulesInForce } from '@/lib/cashier/regulators';
import { convertMinor, formatMinor, isKnownCurrency, toMajor, toMinor } from '@/lib/money';
import { logger } from '@/lib/log';
import type { SandboxMerchantConfig } from '@/lib/db/stored-shapes';
import { SandboxApiError, invalid, notFound } from './api-error';
import { canAccess, requireMerchant, type Principal } from './auth';
import { rulesFor } from './merchant-config';

type CustomerRow = typeof customers.$inferSelect;
type LimitsRow = Pick<CustomerRow, 'depositLimits' | 'gambling'>;
const PERIOD_LIST = Object.keys(PERIODS) as Period[];

/** Pay-in statuses that count against a deposit limit: paid, or on their way to being paid. */
const COUNTED = ['SUCCESS', 'PENDING', 'PENDING_3DS', 'REFUND_PENDING', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'] as const;

const money = (minor: number, currency: string) => formatMinor(minor, currency, 'en');

/**
 * A customer's limits at `now` across currencies (limitsAcross): those in force per currency they
 * were set in, the raises waiting and those ready to confirm (minor units of each currency).
 */
export const customerLimitsAcross = (row: LimitsRow | null | undefined, now = new Date()) =>
  limitsAcross(row?.depositLimits ?? {}, row?.gambling?.pending ?? {}, now);

/** Converts minor units between currencies at the merchant's rates (to EUR); null without a rate for one of them. */
const converterOf = (config: SandboxMerchantConfig) => (minor: number, from: string, to: string) =>
  from === to
    ? minor
    : config.ratesToEur[from] === undefined || config.ratesToEur[to] === undefined
      ? null
      : convertMinor(minor, from, to, config.ratesToEur);

/**
 * The rules' monthly ceiling in `currency` (minor units), converted at the sandbox's rates;
 * undefined without one. Without a rate it is 0 (fails closed: no month limit can be set, so no
 * deposit is made, rather than one above the ceiling).
 */
export function ceilingMinor(rules: RulesInForce, config: SandboxMerchantConfig, currency: string): number | undefined {
  const ceiling = rules.monthlyCeiling;
  if (!ceiling) return undefined;
  if (ceiling.currency === currency) return ceiling.minor;
  if (config.ratesToEur[ceiling.currency] === undefined || config.ratesToEur[currency] === undefined) return 0;
  return convertMinor(ceiling.minor, ceiling.currency, currency, config.ratesToEur);
}

/**
 * What the customer's deposit limits leave now, per period, in `currency` (minor units): every
 * limit binds every deposit, whatever their currencies (a limit set in GBP cannot be escaped
 * by a session in EUR), so each limit in force (in the currency it was set in; a raise counts once
 * its cooling-off is over) is compared with all counted pay-ins of the last 30 days converted at
 * `rates` (the sandbox's rates to EUR), and the tightest is answered, converted into `currency`.
 * With `lock`, the customer row is locked first, so two deposits of one customer are counted one
 * after the other; `row` is the customer's row when the caller has read it already; `except`: a
 * pay-in not to count (the one being paid, itself on its way).
 */
export async function depositRoomMinor(
  tx: Db,
  customerId: string,
  currency: string,
  options: { lock?: boolean; row?: LimitsRow | null; rates: Record<string, number>; except?: string },
) {
  let customer = options.row;
  if (customer === undefined) {
    const query = tx
      .select({ depositLimits: customers.depositLimits, gambling: customers.gambling })
      .from(customers)
      .where(eq(customers.id, customerId))
      .limit(1);
    [customer] = options.lock ? await query.for('update') : await query;
  }
  const limited = Object.entries(customerLimitsAcross(customer).limits).map(([c, limits]) => ({ currency: c, limits }));
  if (limited.length === 0) return {};
  const now = Date.now();
  const since = (period: Period) => new Date(now - PERIODS[period]).toISOString();
  // What the customer deposited (the amount without its fee), summed in SQL per currency and window of payment time.
  const used = (period: Period) =>
    sql<string>`coalesce(sum(${payins.initialAmountMinor} - coalesce(${payins.feeMinor}, 0)) filter (where ${payins.processedAt} > ${since(period)}::timestamptz), 0)`;
  const rows = await tx
    .select({ currency: payins.initialCurrency, day: used('day'), week: used('week'), month: used('month') })
    .from(payins)
    .where(
      and(
        eq(payins.customerId, customerId),
        inArray(payins.status, [...COUNTED]),
        gt(payins.processedAt, new Date(now - PERIODS.month)),
        ...(options.except ? [ne(payins.id, options.except)] : []),
      ),
    )
    .groupBy(payins.initialCurrency);
  const convert = (minor: number, from: string, to: string) => (from === to ? minor : convertMinor(minor, from, to, options.rates));
  const room: Partial<Record<Period, { limit: number; remaining: number }>> = {};
  for (const { currency: limitCurrency, limits } of limited) {
    // A currency without a rate cannot be compared: its limit then binds deposits in its own currency only.
    const comparable = (c: string) => c === limitCurrency || (options.rates[c] !== undefined && options.rates[limitCurrency] !== undefined);
    if (!comparable(currency)) continue;
    const usedIn = (period: Period) =>
      rows.reduce((sum, r) => (comparable(r.currency) ? sum + convert(Number(r[period]), r.currency, limitCurrency) : sum), 0);
    const own = roomFromUsed(limits, { day: usedIn('day'), week: usedIn('week'), month: usedIn('month') });
    for (const [period, r] of Object.entries(own) as [Period, { limit: number; remaining: number }][]) {
      const here = {
        limit: convert(r.limit, limitCurrency, currency),
        remaining: Math.max(0, convert(r.remaining, limitCurrency, currency)),
      };
      if (!room[period] || here.remaining < room[period]!.remaining) room[period] = here;
    }
  }
  return room;
}

/** The session answer's `depositLimits` (per period: limit and what is left) in major units of `currency`, from `depositRoomMinor`; undefined without limits. */
export function depositRoomMajor(room: Awaited<ReturnType<typeof depositRoomMinor>>, currency: string): DepositRoom | undefined {
  const entries = Object.entries(room).map(([period, r]) => [
    period,
    { limit: toMajor(r.limit, currency), remaining: toMajor(r.remaining, currency) },
  ]);
  return entries.length ? (Object.fromEntries(entries) as DepositRoom) : undefined;
}

/**
 * Refuses (400 LIMIT_EXCEEDED) a deposit of `amountMinor` (minor units of `currency`, without its
 * fee) above what the customer's limits leave (in any currency, at `rates`), naming the limit.
 * Locks the customer, unless the caller passes its `row`, read locked already.
 */
export async function assertDepositLimits(
  tx: Db,
  customerId: string,
  currency: string,
  amountMinor: number,
  rates: Record<string, number>,
  row?: LimitsRow,
): Promise<void> {
  const over = exceededPeriod(await depositRoomMinor(tx, customerId, currency, row ? { row, rates } : { lock: true, rates }), amountMinor);
  if (over)
    throw new SandboxApiError(
      'LIMIT_EXCEEDED',
      `Your deposit limit is ${money(over.limit, currency)} a ${over.period}; ${money(over.remaining, currency)} is left`,
    );
}

/**
 * The session answer's limits in force for deposits in `currency`: per period, the one that binds
 * (every currency's limit converted at the sandbox's rates, the smallest), in major units of
 * `currency`, with the currency and amount (major units of it) it was set in (`setIn`); and the
 * raises waiting and ready to confirm (minor units, per currency asked in). A limit in a currency
 * without a rate binds deposits in that currency only, so it is not shown elsewhere.
 */
export function limitsInForce(row: LimitsRow | null | undefined, config: SandboxMerchantConfig, currency: string, now: Date) {
  const across = customerLimitsAcross(row, now);
  const binding = bindingLimits(across.limits, currency, converterOf(config));
  const limits: ResponsibleGambling['limits'] = {};
  const setIn: NonNullable<ResponsibleGambling['limitsSetIn']> = {};
  for (const p of PERIOD_LIST) {
    const b = binding[p];
    if (!b) continue;
    limits[p] = toMajor(b.minor, currency);
    setIn[p] = { currency: b.setIn, amount: toMajor(b.setMinor, b.setIn) };
  }
  return { limits, setIn, waiting: across.waiting, ready: across.ready };
}

/** The session answer's `pending`: the raises waiting and ready to confirm, whatever currency they were asked in, in major units of `currency` (those without a rate left out), each with the amount it was asked in. */
export function pendingRaises(
  waiting: PendingByCurrency,
  ready: PendingByCurrency,
  config: SandboxMerchantConfig,
  currency: string,
): ResponsibleGambling['pending'] {
  const convert = converterOf(config);
  const entries = [
    ...Object.entries(waiting).flatMap(([c, periods]) =>
      Object.entries(periods).map(([p, v]) => ({ c, p: p as Period, v: v!, ready: false })),
    ),
    ...Object.entries(ready).flatMap(([c, periods]) =>
      Object.entries(periods).map(([p, v]) => ({ c, p: p as Period, v: v!, ready: true })),
    ),
  ];
  return entries.flatMap(({ c, p, v, ready: isReady }) => {
    const minor = v.limit === null ? null : convert(v.limit, c, currency);
    if (v.limit !== null && minor === null) return [];
    return [
      {
        period: p,
        limit: minor === null ? null : toMajor(minor, currency),
        effectiveAt: v.effectiveAt,
        ready: isReady,
        setIn: { currency: c, amount: v.limit === null ? null : toMajor(v.limit, c) },
      },
    ];
  });
}

/**
 * PUT /public/customer/{customerId}/limits (merchant only): replaces the customer's deposit limits
 * in every currency with the request's (major units at the API, stored in minor units). Under a
 * monthly ceiling of the rules in force (GGL), a higher month limit is 400; 404 for another
 * merchant's customer.
 *
 * The customer's own raises not applied yet (waiting their cooling-off, or ready to confirm) are
 * never dropped silently. A raise the merchant's new limits already give is moot and dropped: the
 * period has no limit left, or its new limit (the tightest, converted into the raise's currency)
 * is at or above the raise. Any other raise is kept as it was: it still applies when its wait is
 * over (and, where the rules ask, once the customer confirms it), as the customer asked, and it
 * shows in the session answer's `responsibleGambling.pending` meanwhile. A raise whose wait is
 * over without a confirmation to wait for is a limit in force, so the merchant's limits replace
 * it. What became of each raise is logged (customer id, currency, period, minor units) and
 * answered: `kept` and `dropped` (the operation itself answers 204).
 */
export async function setCustomerLimits(
  tx: Db,
  principal: Principal,
  customerId: string,
  request: CustomerLimitsRequest,
  config: (merchantId: string) => Promise<SandboxMerchantConfig>,
): Promise<{ kept: RaiseNote[]; dropped: RaiseNote[] }> {
  requireMerchant(principal);
  const [row] = await tx.select().from(customers).where(eq(customers.id, customerId)).limit(1).for('update');
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Customer');
  const merchant = await config(row.merchantId);
  const rules = rulesFor(merchant, row.data);
  const stored: LimitsByCurrency = {};
  const entries = Object.entries(request.deposit);
  if (entries.length > 50) throw invalid('deposit names more than 50 currencies');
  for (const [currency, limits] of entries) {
    if (!isKnownCurrency(currency)) throw invalid(`deposit.${currency} is not an ISO 4217 currency`);
    stored[currency] = {};
    for (const period of PERIOD_LIST) {
      const major = limits[period];
      if (major === undefined) continue;
      const minor = toMinor(major, currency);
      if (minor === null || minor <= 0) throw invalid(`deposit.${currency}.${period} is not an amount of ${currency}`);
      const ceiling = period === 'month' ? ceilingMinor(rules, merchant, currency) : undefined;
      if (ceiling !== undefined && minor > ceiling)
        throw invalid(`deposit.${currency}.month is above the monthly ceiling of the rules in force (${money(ceiling, currency)})`);
      stored[currency][period] = minor;
    }
  }
  const across = customerLimitsAcross(row);
  const raises: PendingByCurrency = {};
  for (const source of [across.waiting, across.ready])
    for (const [c, periods] of Object.entries(source)) raises[c] = { ...(raises[c] ?? {}), ...periods };
  const { pending, kept, dropped } = raisesAfterMerchantLimits(stored, raises, converterOf(merchant));
  const gambling = { ...(row.gambling ?? {}), pending };
  await tx.update(customers).set({ depositLimits: stored, gambling, updatedAt: new Date() }).where(eq(customers.id, customerId));
  if (kept.length > 0 || dropped.length > 0)
    logger.info(
      { customerId, kept, dropped },
      "sandbox: the merchant set a customer's deposit limits; their raises not applied yet are kept, unless the new limits give them (dropped)",
    );
  return { kept, dropped };
}

/** `major` (major units of `currency`) as minor units, or a 400 naming the field. */
function limitMinor(major: number, currency: string, field: string): number {
  const minor = toMinor(major, currency);
  if (minor === null || minor <= 0) throw invalid(`${field} is not an amount of ${currency}`);
  return minor;
}

/**
 * The customer's own change of their limits in the cashier, asked in the session's `currency`
 * (`depositLimits` in major units; `confirmReady`), on their row read locked: the limits per
 * currency and the raises not applied yet it leaves, both in minor units, for the caller to store.
 * Without either field, it still applies the raises whose wait is over. Throws 400 for an amount
 * the currency cannot hold, a required period left without a limit, or a ceiling passed.
 *
 * One limit per period: a change is a change of the limit in force for that period, wherever it
 * was set. It is compared with that limit converted into the session currency at the sandbox's
 * rates (a limit of GBP 50 is EUR 58.50 in a EUR session): lower (or new) applies at once and
 * becomes the period's one limit, stored in the session currency (the limit set in GBP is
 * replaced); higher, or none, waits the cooling-off of the rules in force (and under UKGC their
 * confirmation), recorded in the session currency, while the limit in force stays as it was set.
 * A change drops any raise of that period still waiting, in whatever currency it was asked. The
 * merchant's `setCustomerLimits` may still set limits per currency: then each binds, the tightest
 * shown.
 */
export function customerLimitChange(
  row: LimitsRow,
  merchant: SandboxMerchantConfig,
  rules: RulesInForce,
  currency: string,
  request: Pick<ResponsibleGamblingRequest, 'depositLimits' | 'confirmReady'>,
  now: Date,
): { depositLimits: LimitsByCurrency; pending: PendingByCurrency } {
  const across = customerLimitsAcross(row, now);
  // Limits in force per currency they were set in, and the raises not applied yet (waiting, or ready to confirm: UKGC).
  const stored = Object.fromEntries(Object.entries(across.limits).map(([c, l]) => [c, { ...l }]));
  const pending: PendingByCurrency = {};
  for (const source of [across.waiting, across.ready])
    for (const [c, periods] of Object.entries(source)) pending[c] = { ...(pending[c] ?? {}), ...periods };
  if (request.confirmReady) {
    for (const [c, periods] of Object.entries(across.ready)) {
      for (const [p, raise] of Object.entries(periods)) {
        setOnlyIn(stored, p as Period, c, raise!.limit);
        delete pending[c]![p as Period];
      }
    }
  }
  if (request.depositLimits) {
    const asked = Object.fromEntries(
      Object.entries(request.depositLimits).map(([period, major]) => [
        period,
        major === null || major === undefined ? null : limitMinor(major, currency, `depositLimits.${period}`),
      ]),
    );
    // The limits in force, converted into the session currency: what a change is lower or higher than.
    const inForce = Object.fromEntries(
      Object.entries(bindingLimits(stored, currency, converterOf(merchant))).map(([p, b]) => [p, b!.minor]),
    ) as PeriodLimitsMinor;
    const plan = planLimits(inForce, {}, asked, rules, now, ceilingMinor(rules, merchant, currency));
    if (isLimitProblem(plan)) {
      throw invalid(
        plan.problem === 'required'
          ? `The rules in force require a ${plan.period} deposit limit`
          : `The monthly deposit limit cannot pass ${toMajor(plan.ceilingMinor, currency)} ${currency} under the rules in force`,
      );
    }
    for (const period of Object.keys(asked) as Period[]) {
      // The change replaces any raise of the period still waiting, in any currency.
      for (const c of Object.keys(pending)) delete pending[c]![period];
      const change = plan.changes.find((c) => c.period === period);
      if (!change) continue;
      if (change.effectiveAt === null) setOnlyIn(stored, period, currency, change.to);
      else (pending[currency] ??= {})[period] = plan.pending[period]!;
    }
  }
  return { depositLimits: withoutEmpty(stored), pending: withoutEmpty(pending) };
}
