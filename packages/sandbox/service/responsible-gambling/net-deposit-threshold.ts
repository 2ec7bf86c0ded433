/**
 * The Kansspelautoriteit's net deposit threshold in the service (docs/design.md, section 8, [K1]):
 * per calendar month of Amsterdam, a customer's net deposits (net-deposits.ts: deposits paid or on
 * their way less withdrawals paid out, every currency converted at the sandbox's rates) may reach
 * EUR 700, or EUR 300 for a young adult (18 to 23, by the date of birth the merchant gave); a
 * cashier deposit that would take them past it is refused until the month ends
 * (decided: the strictest reading; lifting the block once the operator has established the customer
 * can afford more is the merchant's, not the sandbox's). The threshold is converted into the
 * deposit's currency as limits are (packages/contract/src/responsible-gambling/net-deposit-threshold.ts). Minor units inside.
 */
import type { Db } from '@sandbox/db/client';
import type { customers } from '@sandbox/db/schema';
import { calendarMonthOf, thresholdFor, thresholdIn } from '@hosted-checkout/contract/responsible-gambling/net-deposit-threshold';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';
import { SandboxApiError } from '../core/api-error';
import { moneyText } from './deposit-limits';
import { rulesFor } from '../core/merchant-config';
import { netDepositsMinor } from './net-deposits';

type CustomerRow = typeof customers.$inferSelect;

/** Where a customer stands against the threshold this calendar month, minor units of `currency` (ISO 4217). */
export interface ThresholdRoom {
  currency: string;
  /** The threshold in `currency`. */
  limitMinor: number;
  /** Net deposits of the calendar month so far (may be negative). */
  netMinor: number;
  /** What is left of the threshold (never below 0). */
  remainingMinor: number;
  youngAdult: boolean;
  /** The first instant of the next calendar month, when the threshold starts again. */
  resetsAt: Date;
}

/**
 * The customer's standing against the net deposit threshold of the rules in force for them, in
 * `currency`, on `now`; null when no licence in force sets one. `except`: a pay-in not to count
 * (the one being paid: its amount is the one compared).
 */
export async function thresholdRoom(
  tx: Db,
  config: SandboxMerchantConfig,
  row: CustomerRow | null | undefined,
  currency: string,
  { now = new Date(), except }: { now?: Date; except?: string } = {},
): Promise<ThresholdRoom | null> {
  if (!row) return null;
  const threshold = rulesFor(config, row.data).netDepositThreshold;
  if (!threshold) return null;
  const own = thresholdFor(threshold, row.data?.dateOfBirth, now);
  const limitMinor = thresholdIn(own.minor, own.currency, currency, config.ratesToEur);
  const { start, end } = calendarMonthOf(now, threshold.timeZone);
  const netMinor = await netDepositsMinor(tx, row.id, start, now, {
    currency,
    rates: config.ratesToEur,
    onTheirWay: true,
    ...(except ? { except } : {}),
  });
  return { currency, limitMinor, netMinor, remainingMinor: Math.max(0, limitMinor - netMinor), youngAdult: own.youngAdult, resetsAt: end };
}

/** Why a deposit of `amountMinor` (minor units, without its fee) would pass the threshold, in English; null when it fits. */
export function thresholdText(room: ThresholdRoom | null, amountMinor: number): string | null {
  if (!room || amountMinor <= room.remainingMinor) return null;
  return `The deposit would take the customer's net deposits this calendar month past ${moneyText(room.limitMinor, room.currency)} (the Kansspelautoriteit's threshold${room.youngAdult ? ' for 18 to 23-year-olds' : ''}); ${moneyText(room.remainingMinor, room.currency)} is left until ${room.resetsAt.toISOString()}`;
}

/**
 * Refuses (400 LIMIT_EXCEEDED) a cashier deposit of `amountMinor` (minor units of `currency`,
 * without its fee) that would take the customer's net deposits this calendar month past the
 * threshold of the rules in force. The caller has locked the customer row.
 */
export async function assertNetDepositThreshold(
  tx: Db,
  config: SandboxMerchantConfig,
  row: CustomerRow | null | undefined,
  currency: string,
  amountMinor: number,
  except?: string,
): Promise<void> {
  const text = thresholdText(await thresholdRoom(tx, config, row, currency, except ? { except } : {}), amountMinor);
  if (text) throw new SandboxApiError('LIMIT_EXCEEDED', text);
}
