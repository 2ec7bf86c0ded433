/**
 * A customer's financial limits of every kind (docs/design.md, section 8; UKGC RTS 12): deposit
 * limits (gross: what is deposited; deposit-limits.ts owns them), net deposit limits (deposits less
 * withdrawals over the window) and loss limits (net deposits less the increase of the balance over
 * the window), each per rolling day, week and month, and what they leave of a deposit now. Where
 * several bind (a day inside a week inside a month, and across the kinds) the one leaving the
 * least binds, and a refusal names its kind and period. Loss and net deposit limits are stored in
 * the customer's `gambling` jsonb (`otherLimits`, `otherPending`), per currency they were set in,
 * exactly as deposit limits are, so the one code path (packages/contract/src/responsible-gambling/limit-changes.ts) changes them
 * all. ISO 4217 minor units throughout.
 *
 * The sandbox's loss: it has no game ledger, only the balance the merchant reports for each
 * cashier session. The balance's increase over a window is the balance of the customer's newest
 * session with one less that of the newest session opened before the window began; with no
 * session before the window it is taken as 0 (the loss is then the net deposits: the stricter
 * reading). Net deposits are net-deposits.ts's (a withdrawal counts once paid out, never before).
 */
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cashierSessions } from '@sandbox/db/schema';
import { PERIODS, roomFromUsed, type Period } from '@hosted-checkout/contract/responsible-gambling/limits';
import { limitsAcross, type LimitsByCurrency, type PendingByCurrency } from '@hosted-checkout/contract/responsible-gambling/limit-changes';
import type { LimitKind } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { convertMinor } from '@hosted-checkout/contract/money';
import { netDepositsByCurrency, netInCurrency } from './net-deposits';
import { customerLimitsRow, depositRoomMinor, moneyText, type LimitsRow } from './deposit-limits';
import { SandboxApiError } from '../core/api-error';

/** The kinds of limit, in the order the cashier shows them (deposit limits first: RTS 12B's prominence). */
export const LIMIT_KINDS: LimitKind[] = ['deposit', 'loss', 'netDeposit'];
/** The kinds stored in `gambling.otherLimits`. */
export type OtherKind = Exclude<LimitKind, 'deposit'>;
export const OTHER_KINDS: OtherKind[] = ['loss', 'netDeposit'];

/** One limit in force and what it leaves of a deposit now, minor units of the asked currency. */
export interface KindRoom {
  kind: LimitKind;
  period: Period;
  limit: number;
  remaining: number;
}

/** The stored limits and raises not applied yet of one kind (per currency set or asked in, minor units). */
export function storedOfKind(row: LimitsRow | null | undefined, kind: LimitKind): { limits: LimitsByCurrency; pending: PendingByCurrency } {
  if (kind === 'deposit') return { limits: row?.depositLimits ?? {}, pending: row?.gambling?.pending ?? {} };
  return { limits: row?.gambling?.otherLimits?.[kind] ?? {}, pending: row?.gambling?.otherPending?.[kind] ?? {} };
}

/** One kind's limits at `now` across currencies (limitsAcross: in force, waiting, ready to confirm), minor units. */
export const kindLimitsAcross = (row: LimitsRow | null | undefined, kind: LimitKind, now = new Date()) => {
  const { limits, pending } = storedOfKind(row, kind);
  return limitsAcross(limits, pending, now);
};

/** The balance (minor units of its currency) the merchant last reported in the customer's newest session opened at or before `at` (none: now). */
async function balanceAt(tx: Db, customerId: string, at?: Date): Promise<{ minor: number; currency: string } | null> {
  const [row] = await tx
    .select({ minor: cashierSessions.balanceMinor, currency: cashierSessions.currency })
    .from(cashierSessions)
    .where(
      and(
        eq(cashierSessions.customerId, customerId),
        isNotNull(cashierSessions.balanceMinor),
        ...(at ? [lte(cashierSessions.createdAt, at)] : []),
      ),
    )
    .orderBy(desc(cashierSessions.createdAt))
    .limit(1);
  return row && row.minor !== null ? { minor: row.minor, currency: row.currency } : null;
}

/**
 * What every financial limit of the customer leaves of a deposit in `currency` now (minor units
 * of it), one entry per kind and period with a limit: deposit limits as depositRoomMinor answers
 * them; net deposit and loss limits from the net deposits of each window (deposits on their way
 * counted, `except` left out) and, for loss, the balance's increase. Each limit is compared in the
 * currency it was set in (other currencies at `rates`, the sandbox's rates to EUR; a limit whose
 * currency has no rate binds its own currency only), the tightest per kind and period answered.
 * What was used never counts below 0: a limit never leaves more than itself. With `lock`, the
 * customer row is locked first.
 */
export async function financialRoomMinor(
  tx: Db,
  customerId: string,
  currency: string,
  options: { lock?: boolean; row?: LimitsRow | null; rates: Record<string, number>; except?: string },
): Promise<KindRoom[]> {
  const customer = await customerLimitsRow(tx, customerId, options);
  const rooms: KindRoom[] = [];
  const deposit = await depositRoomMinor(tx, customerId, currency, { row: customer ?? null, rates: options.rates, except: options.except });
  for (const [period, r] of Object.entries(deposit) as [Period, { limit: number; remaining: number }][])
    rooms.push({ kind: 'deposit', period, ...r });
  const now = new Date();
  const comparable = (a: string, b: string) => a === b || (options.rates[a] !== undefined && options.rates[b] !== undefined);
  const convert = (minor: number, from: string, to: string) => (from === to ? minor : convertMinor(minor, from, to, options.rates));
  const windows = new Map<Period, Awaited<ReturnType<typeof netDepositsByCurrency>>>();
  const sumsOf = async (period: Period) => {
    let sums = windows.get(period);
    if (!sums) {
      sums = await netDepositsByCurrency(tx, customerId, new Date(now.getTime() - PERIODS[period]), now, {
        onTheirWay: true,
        ...(options.except ? { except: options.except } : {}),
      });
      windows.set(period, sums);
    }
    return sums;
  };
  const current = OTHER_KINDS.some((k) => Object.keys(kindLimitsAcross(customer, k, now).limits).length)
    ? await balanceAt(tx, customerId)
    : null;
  for (const kind of OTHER_KINDS) {
    const limited = Object.entries(kindLimitsAcross(customer, kind, now).limits);
    for (const [limitCurrency, limits] of limited) {
      if (!comparable(currency, limitCurrency)) continue;
      const used: Partial<Record<Period, number>> = {};
      for (const period of Object.keys(limits) as Period[]) {
        let net = netInCurrency(await sumsOf(period), limitCurrency, options.rates);
        if (kind === 'loss' && current && comparable(current.currency, limitCurrency)) {
          const before = await balanceAt(tx, customerId, new Date(now.getTime() - PERIODS[period]));
          if (before && comparable(before.currency, limitCurrency))
            net -= convert(current.minor, current.currency, limitCurrency) - convert(before.minor, before.currency, limitCurrency);
        }
        used[period] = Math.max(0, net);
      }
      for (const [period, r] of Object.entries(roomFromUsed(limits, used)) as [Period, { limit: number; remaining: number }][]) {
        const here = {
          kind,
          period,
          limit: convert(r.limit, limitCurrency, currency),
          remaining: Math.max(0, convert(r.remaining, limitCurrency, currency)),
        };
        const same = rooms.findIndex((x) => x.kind === kind && x.period === period);
        if (same === -1) rooms.push(here);
        else if (here.remaining < (rooms[same]?.remaining ?? Infinity)) rooms[same] = here;
      }
    }
  }
  return rooms;
}

/**
 * The limit a deposit of `amountMinor` would pass, or null when it fits all: of those it passes,
 * the one leaving the least (the most restrictive binds); on a tie, deposit limits first, then
 * the shortest period.
 */
export function bindingOver(rooms: readonly KindRoom[], amountMinor: number): KindRoom | null {
  let binding: KindRoom | null = null;
  for (const room of rooms) if (amountMinor > room.remaining && (!binding || room.remaining < binding.remaining)) binding = room;
  return binding;
}

/** The limit's name in English, for an error message: "loss limit", "net deposit limit", "deposit limit". */
export const kindText = (kind: LimitKind) =>
  kind === 'loss' ? 'loss limit' : kind === 'netDeposit' ? 'net deposit limit' : 'deposit limit';

/** "Your daily loss limit is £10.00; £0.00 is left": a refusal naming the binding limit's kind and period (minor units of `currency`). */
export function refusalText(over: KindRoom, currency: string): string {
  const period = over.period === 'day' ? 'daily' : over.period === 'week' ? 'weekly' : 'monthly';
  return `Your ${period} ${kindText(over.kind)} is ${moneyText(over.limit, currency)}; ${moneyText(over.remaining, currency)} is left`;
}

/**
 * Refuses (400 LIMIT_EXCEEDED) a deposit of `amountMinor` (minor units of `currency`, without its
 * fee) above what any of the customer's financial limits leaves (in any currency, at `rates`),
 * naming the binding limit's kind and period. Locks the customer, unless the caller passes its
 * `row`, read locked already.
 */
export async function assertFinancialLimits(
  tx: Db,
  customerId: string,
  currency: string,
  amountMinor: number,
  rates: Record<string, number>,
  row?: LimitsRow,
): Promise<void> {
  const rooms = await financialRoomMinor(tx, customerId, currency, row ? { row, rates } : { lock: true, rates });
  const over = bindingOver(rooms, amountMinor);
  if (over) throw new SandboxApiError('LIMIT_EXCEEDED', refusalText(over, currency));
}
