/**
 * The customer's own change of their limits in the cashier (`customerLimitChange`,
 * `otherLimitChanges`, stored by merchant/responsible-gambling.ts with the rest of the customer's
 * answer; deposit-limits.ts stores them). The merchant's `PUT /public/customer/{id}/limits`
 * (`setCustomerLimits`) is merchant-limit-changes.ts's, by the same rules. Requests carry ISO 4217 major units; what is stored is in minor units.
 * Errors are SandboxApiError: 400 VALIDATION_ERROR for an amount or currency that cannot be a
 * limit or a rule in force broken.
 */
import type { LimitKind, ResponsibleGamblingRequest } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { kindLimitsAcross, OTHER_KINDS, type OtherKind } from './financial-limits';
import type { Period, PeriodLimitsMinor } from '@hosted-checkout/contract/responsible-gambling/limits';
import {
  applyRaise,
  bindingLimits,
  isLimitProblem,
  planLimits,
  setOnlyIn,
  withoutEmpty,
  type LimitsByCurrency,
  type PendingByCurrency,
} from '@hosted-checkout/contract/responsible-gambling/limit-changes';
import type { RulesInForce } from '@hosted-checkout/contract/responsible-gambling/regulators';
import { toMajor, toMinor } from '@hosted-checkout/contract/money';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';
import { invalid } from '../core/api-error';
import { required } from '@hosted-checkout/contract/required';
import { ceilingMinor, converterOf, customerLimitsAcross, withApprovedCeiling, type LimitsRow } from './deposit-limits';

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
  const change = kindLimitChange(
    customerLimitsAcross(row, now),
    merchant,
    // The merchant's approved ceiling replaces the rules' only once approved (limit-raise.ts).
    withApprovedCeiling(rules, row.gambling),
    currency,
    request.depositLimits,
    request.confirmReady,
    now,
    'deposit',
  );
  return { depositLimits: change.limits, pending: change.pending };
}

/**
 * The customer's change of their loss and net deposit limits (`lossLimits`, `netDepositLimits`
 * in major units of the session's `currency`; `confirmReady`), by the very path of their deposit
 * limits (`kindLimitChange`: lower at once, higher or none after the cooling-off and, under UKGC,
 * a confirmation): per kind, the limits and raises not applied yet it leaves, minor units per
 * currency, for the caller to store in `gambling.otherLimits` and `gambling.otherPending`. The
 * rules' required periods and monthly ceiling concern deposit limits only.
 */
export function otherLimitChanges(
  row: LimitsRow,
  merchant: SandboxMerchantConfig,
  rules: RulesInForce,
  currency: string,
  request: Pick<ResponsibleGamblingRequest, 'lossLimits' | 'netDepositLimits' | 'confirmReady'>,
  now: Date,
): { limits: Partial<Record<OtherKind, LimitsByCurrency>>; pending: Partial<Record<OtherKind, PendingByCurrency>> } {
  const limits: Partial<Record<OtherKind, LimitsByCurrency>> = {};
  const pending: Partial<Record<OtherKind, PendingByCurrency>> = {};
  for (const kind of OTHER_KINDS) {
    const asked = kind === 'loss' ? request.lossLimits : request.netDepositLimits;
    const change = kindLimitChange(kindLimitsAcross(row, kind, now), merchant, rules, currency, asked, request.confirmReady, now, kind);
    if (Object.keys(change.limits).length) limits[kind] = change.limits;
    if (Object.keys(change.pending).length) pending[kind] = change.pending;
  }
  return { limits, pending };
}

/**
 * One kind's change (the limits `across` currencies as limitsAcross reads them; `asked` in major
 * units of `currency`, null: none, absent: unchanged; `confirmReady`), planned by planLimits as
 * customerLimitChange describes: the limits per currency and the raises not applied yet it leaves,
 * minor units. Throws 400 naming the field for an amount the currency cannot hold, a required
 * deposit-limit period left without one, or the monthly ceiling passed (deposit limits only).
 */
export function kindLimitChange(
  across: ReturnType<typeof customerLimitsAcross>,
  merchant: SandboxMerchantConfig,
  rules: RulesInForce,
  currency: string,
  askedMajor: Partial<Record<Period, number | null>> | undefined,
  confirmReady: boolean | undefined,
  now: Date,
  kind: LimitKind,
): { limits: LimitsByCurrency; pending: PendingByCurrency } {
  const field = kind === 'deposit' ? 'depositLimits' : `${kind}Limits`;
  // Limits in force per currency they were set in, and the raises not applied yet (waiting, or ready to confirm: UKGC).
  const stored = Object.fromEntries(Object.entries(across.limits).map(([c, l]) => [c, { ...l }]));
  const pending: PendingByCurrency = {};
  for (const source of [across.waiting, across.ready])
    for (const [c, periods] of Object.entries(source)) pending[c] = { ...(pending[c] ?? {}), ...periods };
  if (confirmReady) {
    for (const [c, periods] of Object.entries(across.ready)) {
      for (const [p, raise] of Object.entries(periods)) {
        if (!raise) continue;
        applyRaise(stored, p as Period, c, raise);
        delete pending[c]?.[p as Period];
      }
    }
  }
  if (askedMajor) {
    const asked = Object.fromEntries(
      Object.entries(askedMajor).map(([period, major]) => [
        period,
        major === null || major === undefined ? null : limitMinor(major, currency, `${field}.${period}`),
      ]),
    );
    // The limits in force, converted into the session currency: what a change is lower or higher than.
    const inForce = Object.fromEntries(
      Object.entries(bindingLimits(stored, currency, converterOf(merchant))).flatMap(([p, b]): [string, number][] =>
        b ? [[p, b.minor]] : [],
      ),
    ) as PeriodLimitsMinor;
    const deposit = kind === 'deposit';
    const plan = planLimits(
      inForce,
      {},
      asked,
      deposit ? rules : { ...rules, requiredPeriods: [] },
      now,
      deposit ? ceilingMinor(rules, merchant, currency) : undefined,
    );
    if (isLimitProblem(plan)) {
      throw invalid(
        plan.problem === 'required'
          ? rules.requiredOneOf
            ? 'The rules in force require a daily, weekly or monthly deposit limit: keep one'
            : `The rules in force require a ${plan.period} deposit limit`
          : `The monthly deposit limit cannot pass ${toMajor(plan.ceilingMinor, currency)} ${currency} under the rules in force`,
      );
    }
    for (const period of Object.keys(asked) as Period[]) {
      // The change replaces any raise of the period still waiting, in any currency.
      for (const periods of Object.values(pending)) delete periods[period];
      const change = plan.changes.find((c) => c.period === period);
      if (!change) continue;
      if (change.effectiveAt === null) setOnlyIn(stored, period, currency, change.to);
      else (pending[currency] ??= {})[period] = required(plan.pending[period], `the planned raise of the ${period} ${kind} limit`);
    }
  }
  return { limits: withoutEmpty(stored), pending: withoutEmpty(pending) };
}
