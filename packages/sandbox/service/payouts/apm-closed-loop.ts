/**
 * Closed-loop withdrawals by an APM other than Pay by Bank (docs/design.md, "Withdrawals by other
 * methods (closed loop)"): the rule of cards (card-closed-loop.ts) for accounts. An account is known
 * by its source key (core/apm-sources.ts: the method and the fields that name the account, normalised and
 * keyed); a customer's deposit sources by a method are the keys of their paid pay-ins by it; each may
 * receive at most its share (card-shares.ts, `sourceLedger` and `shareMinor`: what it paid in, less
 * the cashier fee and refunds, less what its payouts not rejected or failed send it).
 *
 * - A withdrawal in a cashier session goes only to a deposit source of its method, up to its share.
 * - A merchant's payout outside a session does too once the customer has paid in by that method;
 *   a customer who never did may be paid any amount to any account by it.
 *
 * Anything else is 403 `CLOSED_LOOP` naming no account, decided in processPayoutDirectLink with the
 * customer's row locked, so parallel payouts are decided one after another.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers, payins, payouts } from '@sandbox/db/schema';
import { decimalAmount } from '@hosted-checkout/contract/money';
import { SandboxApiError } from '../core/api-error';
import { cardAllowance } from './card-closed-loop';
import { ofCustomerAt, shareMinor, sourceLedger, type SourceLedger } from './card-shares';
import { sourceKey } from '../core/apm-sources';

/** The payout whose destination account is decided (as CardLoopPayout): its customer, its session, what it sends. */
export interface ApmLoopPayout {
  merchantId: string;
  customerId: string;
  sessionId: string | null;
  /** What the account is sent, minor units of `initialCurrency` (ISO 4217; a cashier withdrawal's value less its fee). */
  initialValueMinor: number;
  initialCurrency: string;
}

/** The APM of the payout: its id and its name for the refusal. */
export interface ApmMethod {
  id: string;
  name: string;
}

/**
 * Keys the customer's pay-ins and payouts by `methodId` written before source keys were kept
 * (their `additionalData` holds the fields): once, where a decision reads them.
 */
async function keyOlderRows(tx: Db, merchantId: string, customerId: string, methodId: string): Promise<void> {
  for (const table of [payins, payouts] as const) {
    const rows = await tx
      .select({ id: table.id, additionalData: table.additionalData })
      .from(table)
      .where(
        and(
          ofCustomerAt(table, merchantId, customerId),
          eq(table.methodId, methodId),
          isNull(table.sourceKey),
          isNotNull(table.additionalData),
        ),
      );
    for (const row of rows) {
      const key = await sourceKey(tx, methodId, row.additionalData ?? {});
      if (key) await tx.update(table).set({ sourceKey: key }).where(eq(table.id, row.id));
    }
  }
}

/** The customer's accounts by `methodId` at the merchant: deposit sources and sums by source key (sourceLedger). */
export function apmLedger(tx: Db, merchantId: string, customerId: string, methodId: string): Promise<SourceLedger> {
  return sourceLedger(tx, merchantId, customerId, {
    payinKey: sql<string>`${payins.sourceKey}`,
    payoutKey: sql<string>`${payouts.sourceKey}`,
    // A pay-in paid by card after an APM attempt keeps that attempt's fields: it is a card's.
    payinWhere: and(eq(payins.methodId, methodId), isNotNull(payins.sourceKey), isNull(payins.card)),
    payoutWhere: and(eq(payouts.methodId, methodId), isNotNull(payouts.sourceKey), isNull(payouts.card)),
  });
}

/** The most `payout` may send to the account of source `key` (null: the method names no account): its share, Infinity outside the loop, 0 for none. Pure. */
export function apmMaxMinor(ledger: SourceLedger, key: string | null, payout: ApmLoopPayout, rates: Record<string, number>): number {
  const allowance = cardAllowance(ledger.depositKeys, key ?? '', payout.sessionId !== null);
  if (allowance === 'ANY') return Infinity;
  if (allowance === 'NONE' || key === null) return 0;
  return shareMinor(ledger.sums.get(key), payout.initialCurrency, rates);
}

/** The refusal of an account outside the loop: 403 CLOSED_LOOP, naming no account. */
export const apmClosedLoop = (method: ApmMethod) =>
  new SandboxApiError(
    'CLOSED_LOOP',
    `Withdrawals by ${method.name} go only to an account the customer deposited from with it, up to what it paid in. ` +
      `Send the rest to a bank account in the customer's own name by Pay by Bank, or from the merchant's back office`,
  );

/** The refusal of an amount above a deposit account's share: 403 CLOSED_LOOP stating the most it may receive, naming no account. */
export const apmShareExceeded = (method: ApmMethod, maxMinor: number, currency: string) =>
  new SandboxApiError(
    'CLOSED_LOOP',
    `This ${method.name} account can receive at most ${decimalAmount(maxMinor, currency)} ${currency}: an account gets back what it paid in ` +
      `to the customer, less refunds and what it has already received. Send the rest to a bank account in the customer's own name by Pay by Bank, or from the merchant's back office`,
  );

/**
 * Throws 403 CLOSED_LOOP unless `payout` may send what it sends by `method` to the account named by
 * `fields` (its validated fields). Locks the customer's row first (as assertCardDestination).
 * Answers the account's source key, to be kept on the payout (null: a payout outside the loop by
 * a method that names no account).
 */
export async function assertApmDestination(
  tx: Db,
  payout: ApmLoopPayout,
  method: ApmMethod,
  fields: Readonly<Record<string, string>>,
  rates: Record<string, number>,
): Promise<string | null> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, payout.customerId)).for('update');
  await keyOlderRows(tx, payout.merchantId, payout.customerId, method.id);
  const key = await sourceKey(tx, method.id, fields);
  const ledger = await apmLedger(tx, payout.merchantId, payout.customerId, method.id);
  const max = apmMaxMinor(ledger, key, payout, rates);
  if (max === 0 && (key === null || !ledger.depositKeys.has(key))) throw apmClosedLoop(method);
  if (payout.initialValueMinor > max) throw apmShareExceeded(method, max, payout.initialCurrency);
  return key;
}
