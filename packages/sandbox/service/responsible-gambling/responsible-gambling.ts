/**
 * The sandbox's regulated cashier (docs/design.md, sections 3 and 8): the rules of the merchant's
 * licences that cover a customer (packages/contract/src/responsible-gambling/regulators.ts), the customer's answer in the cashier
 * (their own deposit limits, owned by deposit-limits.ts; the answer before a first deposit;
 * reality checks), and a time-out or self-exclusion set by the merchant. Deposits are refused
 * while an exclusion lasts (409 CUSTOMER_EXCLUDED) and until the limits the rules ask for are
 * answered (409 LIMITS_REQUIRED); withdrawals stay open. Minor units inside, major at the API.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cashierSessions, customers, payins, payouts } from '@sandbox/db/schema';
import type {
  ExclusionRequest,
  ResponsibleGambling,
  ResponsibleGamblingRequest,
  ReviewRequest,
} from '@hosted-checkout/contract/responsible-gambling/schemas';
import { RULES, type RulesInForce } from '@hosted-checkout/contract/responsible-gambling/regulators';
import {
  NATIONAL_REGISTERS,
  registerRefusal,
  type RegisterRefusal,
} from '@hosted-checkout/contract/responsible-gambling/national-registers';
import { toMajor } from '@hosted-checkout/contract/money';
import type { SandboxMerchantConfig, StoredResponsibleGambling } from '@sandbox/db/stored-shapes';
import { SandboxApiError, invalid, notFound } from '../core/api-error';
import { canAccess, requireMerchant, type Principal } from '../core/auth';
import { reservationMinor, RESERVING } from '../core/records';
import { activeExclusion } from './deposit-rules';
import { lockDepositsAwaitingLimits, payAnsweredDeposits } from './deposits-awaiting-limits';
import { ceilingMinor, withApprovedCeiling } from './deposit-limits';
import { customerLimitChange, otherLimitChanges } from './deposit-limit-changes';
import { limitsInForce, otherLimitsInForce, pendingRaises, roomMajor } from './deposit-limit-views';
import { financialRoomMinor } from './financial-limits';
import { reviewDue } from '@hosted-checkout/contract/responsible-gambling/financial-review';
import { rulesFor } from '../core/merchant-config';
import { thresholdFor, thresholdIn } from '@hosted-checkout/contract/responsible-gambling/net-deposit-threshold';
import { thresholdRoom } from './net-deposit-threshold';
import { customerRow, limitsPrompt, type CustomerRow } from './limits-prompt';
import { limitRaiseView } from './limit-raise-requests';

/** Payout statuses on their way (not final). */

/**
 * The API error of a national register's refusal: 409 CUSTOMER_EXCLUDED naming the register, or
 * 409 KYC_REQUIRED naming the id the merchant must give (`kyc.idType`, `kyc.idNumber`, `kyc.idCountry`).
 */
function registerError(refusal: RegisterRefusal): SandboxApiError {
  if (refusal.status === 'IDENTITY_REQUIRED') {
    const country = NATIONAL_REGISTERS[refusal.regulator]?.idCountry;
    return new SandboxApiError(
      'KYC_REQUIRED',
      `The customer must be identified by their ${refusal.idType} (kyc.idType "${refusal.idType}", kyc.idCountry "${country}", kyc.idNumber) before a deposit: ${refusal.register} is queried by it`,
    );
  }
  return new SandboxApiError(
    'CUSTOMER_EXCLUDED',
    `The customer is excluded from gambling in ${refusal.register}${refusal.until ? ` until ${refusal.until}` : ''}: no deposits`,
  );
}

/**
 * Refuses a deposit of the customer the rules do not allow now: an active time-out or
 * self-exclusion, or a national register's last answer that excludes them (409 CUSTOMER_EXCLUDED,
 * for every pay-in); a customer without the id a register of a licence in force is queried by
 * (409 KYC_REQUIRED); with `cashier`, limits the rules ask for before a deposit and not yet
 * answered (409 LIMITS_REQUIRED).
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
  const rules = rulesFor(config, row?.data);
  // The national self-exclusion registers (national-registers.ts): their last answers, or the id they need.
  const register = registerRefusal(rules.regulators, row?.data?.kyc, row?.gambling?.registers);
  if (register) throw registerError(register);
  if (!options.cashier) return;
  const prompt = limitsPrompt(rules, row);
  if (prompt !== 'NONE')
    throw new SandboxApiError(
      'LIMITS_REQUIRED',
      prompt === 'REQUIRED'
        ? 'The rules in force require deposit limits before a deposit'
        : 'The customer must be asked for deposit limits before their first deposit',
    );
}

/** A register's refusal as the session answer shows it, with the register's public page (the licence's `selfExclusionScheme`). */
function nationalRegisterOf(refusal: RegisterRefusal): NonNullable<ResponsibleGambling['nationalRegister']> {
  const base = {
    regulator: refusal.regulator,
    register: refusal.register,
    idType: NATIONAL_REGISTERS[refusal.regulator]?.idType ?? 'CPR',
    scheme: RULES[refusal.regulator].selfExclusionScheme,
  };
  if (refusal.status === 'IDENTITY_REQUIRED') return { status: 'IDENTITY_REQUIRED', ...base };
  return { status: 'EXCLUDED', ...base, checkedAt: refusal.checkedAt, ...(refusal.until ? { until: refusal.until } : {}) };
}

/** The reality check's interval for the customer (minutes; 0: off): their choice within the rules, else the rules' default. */
function realityCheckMinutes(rules: RulesInForce, gambling: StoredResponsibleGambling | null | undefined): number {
  const chosen = gambling?.realityCheckMinutes;
  if (chosen === undefined) return rules.realityCheck.defaultMinutes;
  if (chosen === 0) return rules.realityCheck.mandatory ? rules.realityCheck.defaultMinutes : 0;
  return Math.min(chosen, rules.realityCheck.maxMinutes);
}

/** A session's money in minor units of its currency (`sessionMoney`). */
export interface SessionMoney {
  /** Deposits paid (fee included). */
  deposited: number;
  /** Withdrawals paid or on their way (fee included). */
  withdrawn: number;
  /** Withdrawals on their way only: what they reserve of the balance. */
  reserved: number;
}

/** Deposit statuses whose money the customer paid in. */
const DEPOSITED = ['SUCCESS', 'REFUND_PENDING', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'] as const;

/**
 * What the session's customer paid in and took out, and what its withdrawals on their way reserve,
 * in one statement (by the session indexes of pay-ins and payouts): the session answer's
 * reality check and balances.
 */
export async function sessionMoney(tx: Db, sessionId: string): Promise<SessionMoney> {
  const deposited = and(eq(payins.sessionId, sessionId), inArray(payins.status, [...DEPOSITED]));
  const [row] = await tx
    .select({
      deposited: sql<string>`(select coalesce(sum(${payins.initialAmountMinor}), 0) from ${payins} where ${deposited})`,
      withdrawn: sql<string>`coalesce(sum(${reservationMinor}) filter (where ${inArray(payouts.status, ['PROCESSED', ...RESERVING])}), 0)`,
      reserved: sql<string>`coalesce(sum(${reservationMinor}) filter (where ${inArray(payouts.status, RESERVING)}), 0)`,
    })
    .from(payouts)
    .where(eq(payouts.sessionId, sessionId));
  return { deposited: Number(row?.deposited ?? 0), withdrawn: Number(row?.withdrawn ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/**
 * The session answer's `responsibleGambling` for the session's customer (amounts in major units
 * of the session currency), as of `now`; `money`: the session's sums when the caller has read
 * them (sessionMoney), else they are read here.
 */
export async function responsibleGamblingOf(
  tx: Db,
  config: SandboxMerchantConfig,
  session: typeof cashierSessions.$inferSelect,
  row: CustomerRow | undefined,
  { now = new Date(), money }: { now?: Date; money?: SessionMoney } = {},
): Promise<ResponsibleGambling> {
  const currency = session.currency;
  const rules = rulesFor(config, row?.data);
  const { limits, setIn, waiting, ready } = limitsInForce(row, config, currency, now);
  // Loss and net deposit limits, what every limit leaves now, and the six-monthly review reminder (UKGC RTS 12).
  const others = otherLimitsInForce(row, config, currency, now);
  const room = row ? roomMajor(await financialRoomMinor(tx, row.id, currency, { row, rates: config.ratesToEur }), currency) : undefined;
  const review = row ? reviewDue(rules.regulators, row.createdAt, row.gambling?.reviewedAt, now) : null;
  const ceiling = ceilingMinor(withApprovedCeiling(rules, row?.gambling), config, currency);
  money ??= await sessionMoney(tx, session.id);
  const exclusion = activeExclusion(row?.gambling, now);
  const register = registerRefusal(rules.regulators, row?.data?.kyc, row?.gambling?.registers, now);
  const threshold = await thresholdRoom(tx, config, row, currency, { now });
  const contact = rules.limitContactAbove;
  const contactMinor = contact
    ? thresholdIn(thresholdFor(contact, row?.data?.dateOfBirth, now).minor, contact.currency, currency, config.ratesToEur)
    : undefined;
  return {
    regulators: rules.regulators,
    limits,
    limitsSetIn: setIn,
    ...(others.lossLimits ? { lossLimits: others.lossLimits } : {}),
    ...(others.netDepositLimits ? { netDepositLimits: others.netDepositLimits } : {}),
    ...(room ? { room } : {}),
    ...(review ? { review } : {}),
    pending: [...pendingRaises(waiting, ready, config, currency), ...others.pending],
    limitsPrompt: limitsPrompt(rules, row, now),
    requiredPeriods: rules.requiredPeriods,
    ...(rules.requiredOneOf ? { requiredOneOf: true } : {}),
    coolingOffHours: rules.coolingOffHours,
    coolingOffSpansPeriod: rules.coolingOffSpansPeriod,
    confirmAfterCoolingOff: rules.confirmAfterCoolingOff,
    ...(ceiling !== undefined ? { monthlyCeiling: toMajor(ceiling, currency) } : {}),
    ...(row?.gambling?.limitRaise ? { limitRaise: limitRaiseView(row.gambling.limitRaise) } : {}),
    withdrawalReversal: rules.withdrawalReversal,
    ...(rules.limitNoticePercent !== undefined ? { limitNoticePercent: rules.limitNoticePercent } : {}),
    ...(threshold
      ? {
          netDepositThreshold: {
            limit: toMajor(threshold.limitMinor, currency),
            netDeposited: toMajor(threshold.netMinor, currency),
            remaining: toMajor(threshold.remainingMinor, currency),
            youngAdult: threshold.youngAdult,
            resetsAt: threshold.resetsAt.toISOString(),
          },
        }
      : {}),
    ...(contactMinor !== undefined ? { limitContactAbove: toMajor(contactMinor, currency) } : {}),
    realityCheck: {
      intervalMinutes: realityCheckMinutes(rules, row?.gambling),
      mandatory: rules.realityCheck.mandatory,
      maxMinutes: rules.realityCheck.maxMinutes,
      startedAt: session.createdAt.toISOString(),
      deposited: toMajor(money.deposited, currency),
      withdrawn: toMajor(money.withdrawn, currency),
    },
    ...(exclusion ? { exclusion: { kind: exclusion.kind, ...(exclusion.until ? { until: exclusion.until } : {}) } } : {}),
    ...(register ? { nationalRegister: nationalRegisterOf(register) } : {}),
    help: rules.help,
    selfExclusionScheme: rules.selfExclusionScheme,
  };
}

/**
 * PUT /public/cashier/session/{sessionId}/responsible-gambling (pages' credential): the
 * customer's own limits, asked in the session currency (major units; what a change does:
 * `customerLimitChange`, core/deposit-limit-changes.ts), their answer before a first deposit, the
 * confirmation of raises whose wait is over, and the reality-check interval, stored in one write.
 * The customer row is locked: two changes apply one after the other. Throws 404, 409 (expired
 * session), 400 (a required limit removed, a ceiling passed, an interval the rules do not allow).
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
  // A Pay N Play deposit awaiting limits this answer may pay: locked first (the pay-in before the customer), paid once the answer is written.
  const awaiting = request.depositLimits || request.noLimits ? await lockDepositsAwaitingLimits(tx, session.customerId) : [];
  const row = await customerRow(tx, session.customerId, true);
  if (!row) throw notFound('Customer');
  const currency = session.currency;
  const rules = rulesFor(merchant, row.data);
  const now = new Date();
  // The limits and the raises not applied yet, as the customer's change leaves them (core/deposit-limit-changes.ts).
  const limits = customerLimitChange(row, merchant, rules, currency, request, now);
  const gambling: StoredResponsibleGambling = { ...(row.gambling ?? {}) };
  if (request.depositLimits) gambling.limitsAnsweredAt = now.toISOString();
  // Loss and net deposit limits, by the same path (deposit-limit-changes.ts, kindLimitChange).
  const other = otherLimitChanges(row, merchant, rules, currency, request, now);
  gambling.otherLimits = other.limits;
  gambling.otherPending = other.pending;
  if (request.lossLimits || request.netDepositLimits) gambling.limitsAnsweredAt = now.toISOString();
  if (request.reviewDismissed) gambling.reviewedAt = now.toISOString();
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
  gambling.pending = limits.pending;
  await tx.update(customers).set({ depositLimits: limits.depositLimits, gambling, updatedAt: now }).where(eq(customers.id, row.id));
  await payAnsweredDeposits(tx, awaiting);
  const updated = await customerRow(tx, row.id);
  return responsibleGamblingOf(tx, merchant, session, updated, { now });
}

/**
 * PUT /public/customer/{customerId}/review (merchant only): records when the customer last
 * reviewed their limits and account history; the six-monthly reminder (UKGC RTS 12) falls due 182
 * days after it. 404; 400 for a date in the future.
 */
export async function setCustomerReview(tx: Db, principal: Principal, customerId: string, request: ReviewRequest): Promise<void> {
  requireMerchant(principal);
  const row = await customerRow(tx, customerId, true);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Customer');
  const at = new Date(request.reviewedAt);
  if (at.getTime() > Date.now()) throw invalid('`reviewedAt` is in the future');
  const gambling: StoredResponsibleGambling = { ...(row.gambling ?? {}), reviewedAt: at.toISOString() };
  await tx.update(customers).set({ gambling, updatedAt: new Date() }).where(eq(customers.id, row.id));
}

/** PUT /public/customer/{customerId}/exclusion (merchant only): records or lifts a time-out or self-exclusion. 404, 400. */
export async function setCustomerExclusion(tx: Db, principal: Principal, customerId: string, request: ExclusionRequest): Promise<void> {
  requireMerchant(principal);
  const row = await customerRow(tx, customerId, true);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Customer');
  const gambling: StoredResponsibleGambling = { ...(row.gambling ?? {}) };
  if (request.kind === 'NONE') delete gambling.exclusion;
  else {
    if (request.kind === 'TIME_OUT' && !request.until) throw invalid('A time-out needs `until`');
    if (request.until && new Date(request.until).getTime() <= Date.now()) throw invalid('`until` is in the past');
    gambling.exclusion = { kind: request.kind, ...(request.until ? { until: new Date(request.until).toISOString() } : {}) };
  }
  await tx.update(customers).set({ gambling, updatedAt: new Date() }).where(eq(customers.id, row.id));
}
