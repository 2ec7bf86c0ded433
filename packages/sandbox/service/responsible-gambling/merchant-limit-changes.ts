/**
 * The merchant's change of a customer's financial limits: `PUT /public/customer/{id}/limits`
 * (`setCustomerLimits`), for the three kinds the cashier offers (deposit, loss, net deposit;
 * financial-limits.ts), by the rules the customer's own change follows (deposit-limit-changes.ts;
 * docs/design.md, section 8): a lower or new limit applies at once, a higher one or a removal
 * waits the cooling-off of the rules in force (and under UKGC the customer's confirmation), the
 * rules' required deposit limits and monthly ceiling hold. The merchant sets limits per currency
 * (each binds, the tightest shown), so its waiting raises change their own currency only
 * (`currencyOnly`). Requests carry ISO 4217 major units; what is stored is in minor units.
 * Errors are SandboxApiError: 400 VALIDATION_ERROR, 403 FORBIDDEN without a merchant token, 404
 * NOT_FOUND for another merchant's customer.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers } from '@sandbox/db/schema';
import type { CustomerLimitsRequest } from '@hosted-checkout/contract/customer';
import type { LimitKind } from '@hosted-checkout/contract/responsible-gambling/schemas';
import {
  raisesAfterMerchantLimits,
  withoutEmpty,
  type LimitsByCurrency,
  type PendingByCurrency,
  type RaiseNote,
} from '@hosted-checkout/contract/responsible-gambling/limit-changes';
import { coolingOffHours, missingRequired, type RulesInForce } from '@hosted-checkout/contract/responsible-gambling/regulators';
import { isKnownCurrency, toMinor } from '@hosted-checkout/contract/money';
import { logger } from '@hosted-checkout/runtime/log';
import type { SandboxMerchantConfig, StoredResponsibleGambling } from '@sandbox/db/stored-shapes';
import { invalid, notFound } from '../core/api-error';
import { canAccess, requireMerchant, type Principal } from '../core/auth';
import { rulesFor } from '../core/merchant-config';
import { lockDepositsAwaitingLimits, payAnsweredDeposits } from './deposits-awaiting-limits';
import { ceilingMinor, converterOf, moneyText, PERIOD_LIST, withApprovedCeiling } from './deposit-limits';
import { kindLimitsAcross, kindText, LIMIT_KINDS } from './financial-limits';

/** A raise noted for the log and the answer: its kind beside RaiseNote's currency, period, limit (minor units) and date. */
export type KindRaiseNote = RaiseNote & { kind: LimitKind };

/**
 * One kind's limits as the request names them (`asked`: major units per currency and period), in
 * minor units per currency. Throws 400 naming the field for an unknown currency, an amount the
 * currency cannot hold, a monthly deposit limit above the rules' ceiling (in that currency, at the
 * sandbox's rates) or a deposit limit the rules require left out in every currency.
 */
export function askedLimits(
  asked: NonNullable<CustomerLimitsRequest['deposit']>,
  kind: LimitKind,
  rules: RulesInForce,
  merchant: SandboxMerchantConfig,
): LimitsByCurrency {
  const entries = Object.entries(asked);
  if (entries.length > 50) throw invalid(`${kind} names more than 50 currencies`);
  const target: LimitsByCurrency = {};
  for (const [currency, limits] of entries) {
    if (!isKnownCurrency(currency)) throw invalid(`${kind}.${currency} is not an ISO 4217 currency`);
    target[currency] = {};
    for (const period of PERIOD_LIST) {
      const major = limits[period];
      if (major === undefined) continue;
      const minor = toMinor(major, currency);
      if (minor === null || minor <= 0) throw invalid(`${kind}.${currency}.${period} is not an amount of ${currency}`);
      const ceiling = kind === 'deposit' && period === 'month' ? ceilingMinor(rules, merchant, currency) : undefined;
      if (ceiling !== undefined && minor > ceiling)
        throw invalid(`${kind}.${currency}.month is above the monthly ceiling of the rules in force (${moneyText(ceiling, currency)})`);
      target[currency][period] = minor;
    }
  }
  // Each required period, or one of them where one suffices (Denmark, Brazil: `requiredOneOf`).
  const missing = kind === 'deposit' ? missingRequired(rules, (p) => Object.values(target).some((l) => l[p] !== undefined)) : null;
  if (missing)
    throw invalid(
      rules.requiredOneOf
        ? `deposit: the rules in force require a daily, weekly or monthly ${kindText('deposit')}`
        : `deposit: the rules in force require a ${missing} ${kindText('deposit')}`,
    );
  return withoutEmpty(target);
}

/**
 * What the merchant's `target` (minor units per currency) does to one kind's limits in force
 * (`current`, per currency they were set in), currency by currency and period by period: a lower
 * or new limit applies at once; a higher one, or a removal, waits `coolingOffHours` of `rules`
 * from `now` (confirmed again where the rules ask), in its own currency only. Answers the limits
 * in force after it and the merchant's raises waiting, both minor units per currency.
 */
export function planMerchantLimits(
  current: LimitsByCurrency,
  target: LimitsByCurrency,
  rules: Pick<RulesInForce, 'coolingOffHours' | 'coolingOffSpansPeriod' | 'confirmAfterCoolingOff'>,
  now: Date,
): { limits: LimitsByCurrency; pending: PendingByCurrency } {
  const limits: LimitsByCurrency = Object.fromEntries(Object.entries(current).map(([c, l]) => [c, { ...l }]));
  const pending: PendingByCurrency = {};
  for (const currency of new Set([...Object.keys(current), ...Object.keys(target)])) {
    for (const period of PERIOD_LIST) {
      const from = current[currency]?.[period] ?? null;
      const to = target[currency]?.[period] ?? null;
      if (from === to) continue;
      if (to !== null && (from === null || to < from)) (limits[currency] ??= {})[period] = to;
      else
        (pending[currency] ??= {})[period] = {
          limit: to,
          effectiveAt: new Date(now.getTime() + coolingOffHours(rules, period) * 3600_000).toISOString(),
          ...(rules.confirmAfterCoolingOff ? { confirm: true } : {}),
          currencyOnly: true,
        };
    }
  }
  return { limits: withoutEmpty(limits), pending };
}

/**
 * PUT /public/customer/{customerId}/limits (merchant only): per kind named (`deposit`, `loss`,
 * `netDeposit`; major units per currency and period), replaces that kind's limits by the rules of
 * planMerchantLimits; kinds not named stay. 400 for what askedLimits refuses; 404 for another
 * merchant's customer.
 *
 * The customer's own raises not applied yet (waiting their cooling-off, or ready to confirm) are
 * never dropped silently. A raise the merchant's new limits already give is moot and dropped: the
 * period has no limit left, or its new limit (the tightest, converted into the raise's currency)
 * is at or above the raise; so is one the merchant's own waiting change of that currency and
 * period replaces. Any other raise is kept as it was: it still applies when its wait is over (and,
 * where the rules ask, once the customer confirms it), and shows in the session answer's
 * `responsibleGambling.pending` meanwhile. What became of each raise is logged (customer id, kind,
 * currency, period, minor units) and answered: `kept`, `dropped`, and the merchant's own `deferred`
 * (the operation itself answers 204).
 */
export async function setCustomerLimits(
  tx: Db,
  principal: Principal,
  customerId: string,
  request: CustomerLimitsRequest,
  config: (merchantId: string) => Promise<SandboxMerchantConfig>,
  now = new Date(),
): Promise<{ kept: KindRaiseNote[]; dropped: KindRaiseNote[]; deferred: KindRaiseNote[] }> {
  requireMerchant(principal);
  // The merchant's limits may answer the question a Pay N Play deposit awaits: locked first, paid once they are written.
  const awaiting = await lockDepositsAwaitingLimits(tx, customerId);
  const [row] = await tx.select().from(customers).where(eq(customers.id, customerId)).limit(1).for('update');
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Customer');
  const merchant = await config(row.merchantId);
  const rules = withApprovedCeiling(rulesFor(merchant, row.data), row.gambling);
  const notes = { kept: [] as KindRaiseNote[], dropped: [] as KindRaiseNote[], deferred: [] as KindRaiseNote[] };
  let depositLimits = row.depositLimits;
  const gambling: StoredResponsibleGambling = { ...(row.gambling ?? {}) };
  for (const kind of LIMIT_KINDS) {
    const asked = request[kind];
    if (!asked) continue;
    const target = askedLimits(asked, kind, rules, merchant);
    const across = kindLimitsAcross(row, kind, now);
    const plan = planMerchantLimits(across.limits, target, rules, now);
    const raises: PendingByCurrency = {};
    for (const source of [across.waiting, across.ready])
      for (const [c, periods] of Object.entries(source)) raises[c] = { ...(raises[c] ?? {}), ...periods };
    const after = raisesAfterMerchantLimits(target, raises, converterOf(merchant));
    const replaced = (n: RaiseNote) => plan.pending[n.currency]?.[n.period] !== undefined;
    notes.kept.push(...after.kept.filter((n) => !replaced(n)).map((n) => ({ kind, ...n })));
    notes.dropped.push(...[...after.dropped, ...after.kept.filter(replaced)].map((n) => ({ kind, ...n })));
    const pending: PendingByCurrency = { ...after.pending };
    for (const [c, periods] of Object.entries(plan.pending)) {
      pending[c] = { ...(pending[c] ?? {}), ...periods };
      for (const [period, raise] of Object.entries(periods))
        if (raise)
          notes.deferred.push({
            kind,
            currency: c,
            period: period as RaiseNote['period'],
            limitMinor: raise.limit,
            effectiveAt: raise.effectiveAt,
          });
    }
    if (kind === 'deposit') {
      depositLimits = plan.limits;
      gambling.pending = withoutEmpty(pending);
    } else {
      gambling.otherLimits = { ...(gambling.otherLimits ?? {}), [kind]: plan.limits };
      gambling.otherPending = { ...(gambling.otherPending ?? {}), [kind]: withoutEmpty(pending) };
    }
  }
  await tx.update(customers).set({ depositLimits, gambling, updatedAt: new Date() }).where(eq(customers.id, customerId));
  await payAnsweredDeposits(tx, awaiting);
  if (notes.kept.length > 0 || notes.dropped.length > 0 || notes.deferred.length > 0)
    logger.info(
      { customerId, ...notes },
      "sandbox: the merchant set a customer's limits; its raises wait their cooling-off (deferred); the customer's raises not applied yet are kept, unless the new limits give or replace them (dropped)",
    );
  return notes;
}
