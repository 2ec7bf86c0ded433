/**
 * The sandbox's regulated cashier (E23; docs/design.md, sections 3 and 8): the rules of the
 * merchant's licences that cover a customer (lib/cashier/regulators.ts), the customer's own
 * deposit limits with their cooling-off (lib/cashier/limit-changes.ts), the answer before a first
 * deposit, reality checks, and a time-out or self-exclusion set by the merchant. Deposits are
 * refused while an exclusion lasts (409 CUSTOMER_EXCLUDED) and until the limits the rules ask for
 * are answered (409 LIMITS_REQUIRED); withdrawals stay open. Minor units inside, major at the API.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { cashierSessions, customers, payins, payouts } from '@/lib/db/schema';
import type { Customer } from '@/lib/contract/common';
import type { ExclusionRequest, ResponsibleGambling, ResponsibleGamblingRequest } from '@/lib/contract/responsible-gambling';
import { PERIODS, type Period, type PeriodLimitsMinor } from '@/lib/cashier/limits';
import { rulesForCustomer, type RulesInForce } from '@/lib/cashier/regulators';
import { bindingLimits, isLimitProblem, planLimits, setOnlyIn, withoutEmpty, type PendingByCurrency } from '@/lib/cashier/limit-changes';
import { convertMinor, toMajor, toMinor } from '@/lib/money';
import type { SandboxMerchantConfig, StoredGambling } from '@/lib/db/stored-shapes';
import { SandboxApiError, invalid, notFound } from '../core/api-error';
import { canAccess, requireMerchant, type Principal } from '../core/auth';
import { isTerminal } from '../core/transitions';
import { activeExclusion, customerLimitsAcross } from '../core/deposit-rules';
import { PAYOUT_STATUSES } from '@/lib/contract/enums';

/** Payout statuses on their way (not final). */
const UNDER_WAY = PAYOUT_STATUSES.filter((status) => !isTerminal('payout', status));

type CustomerRow = typeof customers.$inferSelect;
const PERIOD_LIST = Object.keys(PERIODS) as Period[];

/** The rules in force for a customer (their billing country and province) at the merchant. */
export function rulesFor(config: SandboxMerchantConfig, data: Pick<Customer, 'billing'> | null | undefined): RulesInForce {
  return rulesForCustomer(config.settings.licences, data?.billing?.countryCode, data?.billing?.state);
}

export { activeExclusion };

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

/** Converts minor units between currencies at the merchant's rates (to EUR); null without a rate for one of them. */
const converterOf = (config: SandboxMerchantConfig) => (minor: number, from: string, to: string) =>
  from === to
    ? minor
    : config.ratesToEur[from] === undefined || config.ratesToEur[to] === undefined
      ? null
      : convertMinor(minor, from, to, config.ratesToEur);

/** What the rules ask before a deposit: the required periods without a limit, or an unanswered question (ASK). */
export function limitsPrompt(
  rules: RulesInForce,
  row: Pick<CustomerRow, 'depositLimits' | 'gambling'> | null | undefined,
  now = new Date(),
): ResponsibleGambling['limitsPrompt'] {
  // A limit in any currency binds every deposit (deposit-rules.ts, depositRoomMinor): it answers the question in all.
  const all = Object.values(customerLimitsAcross(row, now).limits);
  const has = (p: Period) => all.some((limits) => limits[p] !== undefined);
  if (rules.limitsBeforeFirstDeposit === 'required') return rules.requiredPeriods.some((p) => !has(p)) ? 'REQUIRED' : 'NONE';
  if (rules.limitsBeforeFirstDeposit === 'asked') return row?.gambling?.limitsAnsweredAt || PERIOD_LIST.some(has) ? 'NONE' : 'ASK';
  return 'NONE';
}

/**
 * Refuses a deposit of the customer the rules do not allow now: an active time-out or
 * self-exclusion (409 CUSTOMER_EXCLUDED, for every pay-in); with `cashier`, limits the rules ask
 * for before a deposit and not yet answered (409 LIMITS_REQUIRED).
 */
export function assertDepositRules(config: SandboxMerchantConfig, row: CustomerRow | undefined, options: { cashier: boolean }): void {
  const exclusion = activeExclusion(row?.gambling);
  if (exclusion) {
    throw new SandboxApiError(
      'CUSTOMER_EXCLUDED',
      exclusion.kind === 'TIME_OUT'
        ? `The customer is taking a break from gambling${exclusion.until ? ` until ${exclusion.until}` : ''}: no deposits`
        : 'The customer is self-excluded: no deposits',
    );
  }
  if (!options.cashier) return;
  const prompt = limitsPrompt(rulesFor(config, row?.data), row);
  if (prompt !== 'NONE')
    throw new SandboxApiError(
      'LIMITS_REQUIRED',
      prompt === 'REQUIRED'
        ? 'The rules in force require deposit limits before a deposit'
        : 'The customer must be asked for deposit limits before their first deposit',
    );
}

/** The customer row, locked for the rest of the transaction when `lock`. */
export async function customerRow(tx: Db, customerId: string, lock = false): Promise<CustomerRow | undefined> {
  const query = tx.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The limits in force for deposits in `currency` (E23): per period, the one that binds (every
 * currency's limit converted at the sandbox's rates, the smallest), in major units of `currency`,
 * and the currency and amount it was set in (`limitsSetIn`). A limit in a currency without a rate
 * binds deposits in that currency only, so it is not shown elsewhere.
 */
function limitsFor(
  row: Pick<CustomerRow, 'depositLimits' | 'gambling'> | null | undefined,
  config: SandboxMerchantConfig,
  currency: string,
  now: Date,
) {
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

/** The raises waiting and ready to confirm, whatever currency they were asked in, converted into `currency` (those without a rate left out). */
function pendingList(
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

/** The reality check's interval for the customer (minutes; 0: off): their choice within the rules, else the rules' default. */
function realityCheckMinutes(rules: RulesInForce, gambling: StoredGambling | null | undefined): number {
  const chosen = gambling?.realityCheckMinutes;
  if (chosen === undefined) return rules.realityCheck.defaultMinutes;
  if (chosen === 0) return rules.realityCheck.mandatory ? rules.realityCheck.defaultMinutes : 0;
  return Math.min(chosen, rules.realityCheck.maxMinutes);
}

/** What the session's customer paid in (deposits paid, fee included) and took out (withdrawals paid or on their way), minor units. */
async function sessionMoney(tx: Db, sessionId: string): Promise<{ deposited: number; withdrawn: number }> {
  const [ins] = await tx
    .select({ total: sql<string>`coalesce(sum(${payins.initialAmountMinor}), 0)` })
    .from(payins)
    .where(
      and(eq(payins.sessionId, sessionId), inArray(payins.status, ['SUCCESS', 'REFUND_PENDING', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'])),
    );
  const [outs] = await tx
    .select({ total: sql<string>`coalesce(sum(${payouts.initialValueMinor} + coalesce(${payouts.feeMinor}, 0)), 0)` })
    .from(payouts)
    .where(and(eq(payouts.sessionId, sessionId), inArray(payouts.status, ['PROCESSED', ...UNDER_WAY])));
  return { deposited: Number(ins?.total ?? 0), withdrawn: Number(outs?.total ?? 0) };
}

/** The session answer's `responsibleGambling` (E23) for the session's customer. */
export async function responsibleGamblingOf(
  tx: Db,
  config: SandboxMerchantConfig,
  session: typeof cashierSessions.$inferSelect,
  row: CustomerRow | undefined,
  now = new Date(),
): Promise<ResponsibleGambling> {
  const currency = session.currency;
  const rules = rulesFor(config, row?.data);
  const { limits, setIn, waiting, ready } = limitsFor(row, config, currency, now);
  const ceiling = ceilingMinor(rules, config, currency);
  const money = await sessionMoney(tx, session.id);
  const exclusion = activeExclusion(row?.gambling, now);
  return {
    regulators: rules.regulators,
    limits,
    limitsSetIn: setIn,
    pending: pendingList(waiting, ready, config, currency),
    limitsPrompt: limitsPrompt(rules, row, now),
    requiredPeriods: rules.requiredPeriods,
    coolingOffHours: rules.coolingOffHours,
    coolingOffSpansPeriod: rules.coolingOffSpansPeriod,
    confirmAfterCoolingOff: rules.confirmAfterCoolingOff,
    ...(ceiling !== undefined ? { monthlyCeiling: toMajor(ceiling, currency) } : {}),
    withdrawalReversal: rules.withdrawalReversal,
    realityCheck: {
      intervalMinutes: realityCheckMinutes(rules, row?.gambling),
      mandatory: rules.realityCheck.mandatory,
      maxMinutes: rules.realityCheck.maxMinutes,
      startedAt: session.createdAt.toISOString(),
      deposited: toMajor(money.deposited, currency),
      withdrawn: toMajor(money.withdrawn, currency),
    },
    ...(exclusion ? { exclusion: { kind: exclusion.kind, ...(exclusion.until ? { until: exclusion.until } : {}) } } : {}),
    help: rules.help,
    selfExclusionScheme: rules.selfExclusionScheme,
  };
}

/** `major` as minor units of `currency`, or a 400 naming the field. */
function limitMinor(major: number, currency: string, field: string): number {
  const minor = toMinor(major, currency);
  if (minor === null || minor <= 0) throw invalid(`${field} is not an amount of ${currency}`);
  return minor;
}

/**
 * PUT /public/cashier/session/{sessionId}/responsible-gambling (E23, pages' credential): the
 * customer's own limits, asked in the session currency, their answer before a first deposit, the
 * confirmation of raises whose wait is over, and the reality-check interval. The customer row is
 * locked: two changes apply one after the other. Throws 404, 409 (expired session), 400 (a
 * required limit removed, a ceiling passed, an interval the rules do not allow).
 *
 * One limit per period: a change is a change of the limit in force for that period, wherever it
 * was set. It is compared with that limit converted into the session currency at the sandbox's
 * rates (a limit of GBP 50 is EUR 58.50 in a EUR session): lower (or new) applies at once and
 * becomes the period's one limit, stored in the session currency (the limit set in GBP is
 * replaced); higher, or none, waits the cooling-off of the rules in force (and under UKGC their
 * confirmation), recorded in the session currency, while the limit in force stays as it was set.
 * A change drops any raise of that period still waiting, in whatever currency it was asked. A
 * merchant's `PUT /public/customer/{id}/limits` (E19) may still set limits per currency: then each
 * binds, the tightest shown.
 */
export async function setResponsibleGambling(
  tx: Db,
  principal: Principal,
  sessionId: string,
  request: ResponsibleGamblingRequest,
  config: (merchantId: string) => Promise<SandboxMerchantConfig>,
): Promise<ResponsibleGambling> {
  const [session] = await tx.select().from(cashierSessions).where(eq(cashierSessions.id, sessionId)).limit(1);
  if (!session || !canAccess(principal, session.merchantId)) throw notFound('Cashier session');
  if (session.expiresAt.getTime() <= Date.now()) throw new SandboxApiError('INVALID_STATE', 'The cashier session has expired');
  const merchant = await config(session.merchantId);
  const row = await customerRow(tx, session.customerId, true);
  if (!row) throw notFound('Customer');
  const currency = session.currency;
  const rules = rulesFor(merchant, row.data);
  const now = new Date();
  const across = customerLimitsAcross(row, now);
  // Limits in force per currency they were set in, and the raises not applied yet (waiting, or ready to confirm: UKGC).
  const stored = Object.fromEntries(Object.entries(across.limits).map(([c, l]) => [c, { ...l }]));
  const pending: PendingByCurrency = {};
  for (const source of [across.waiting, across.ready])
    for (const [c, periods] of Object.entries(source)) pending[c] = { ...(pending[c] ?? {}), ...periods };
  const gambling: StoredGambling = { ...(row.gambling ?? {}) };
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
    gambling.limitsAnsweredAt = now.toISOString();
  }
  if (request.noLimits) {
    if (rules.limitsBeforeFirstDeposit === 'required') throw invalid('The rules in force require deposit limits: they cannot be declined');
    gambling.limitsAnsweredAt = now.toISOString();
  }
  if (request.realityCheckMinutes !== undefined) {
    const minutes = request.realityCheckMinutes;
    if (minutes === 0 && rules.realityCheck.mandatory) throw invalid('The rules in force keep reality checks on');
    if (minutes !== 0 && (minutes < 5 || minutes > rules.realityCheck.maxMinutes))
      throw invalid(`realityCheckMinutes must be between 5 and ${rules.realityCheck.maxMinutes}`);
    gambling.realityCheckMinutes = minutes;
  }
  gambling.pending = withoutEmpty(pending);
  await tx
    .update(customers)
    .set({ depositLimits: withoutEmpty(stored), gambling, updatedAt: now })
    .where(eq(customers.id, row.id));
  const updated = await customerRow(tx, row.id);
  return responsibleGamblingOf(tx, merchant, session, updated, now);
}

/** PUT /public/customer/{customerId}/exclusion (E23, merchant only): records or lifts a time-out or self-exclusion. 404, 400. */
export async function setCustomerExclusion(tx: Db, principal: Principal, customerId: string, request: ExclusionRequest): Promise<void> {
  requireMerchant(principal);
  const row = await customerRow(tx, customerId, true);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Customer');
  const gambling: StoredGambling = { ...(row.gambling ?? {}) };
  if (request.kind === 'NONE') delete gambling.exclusion;
  else {
    if (request.kind === 'TIME_OUT' && !request.until) throw invalid('A time-out needs `until`');
    if (request.until && new Date(request.until).getTime() <= Date.now()) throw invalid('`until` is in the past');
    gambling.exclusion = { kind: request.kind, ...(request.until ? { until: new Date(request.until).toISOString() } : {}) };
  }
  await tx.update(customers).set({ gambling, updatedAt: new Date() }).where(eq(customers.id, row.id));
}
