/**
 * Cashier sessions of the sandbox (reference, "Cashier"; docs/design.md, E8 to E11): one
 * customer, one currency; pay-ins and payouts created in the session take its customer, currency, return
 * URLs and KYC flag. A session expires `sessionTtlSeconds` (checkout settings) after creation.
 */
import { and, eq, inArray, sum } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '@sandbox/db/client';
import { cashierSessions, customers, merchants, payouts } from '@sandbox/db/schema';
import type { CashierSession, CashierSessionCreateRequest, SessionRead } from '@hosted-checkout/contract/cashier';
import type { Customer } from '@hosted-checkout/contract/common';
import { toMajor, toMinor } from '@hosted-checkout/contract/money';
import { consume } from '@hosted-checkout/runtime/security/velocity';
import { SandboxApiError, invalid, notFound, rateLimited } from '../core/api-error';
import { canAccess, requireMerchant, type Principal } from '../core/auth';
import { upsertCustomer } from '../core/customers';
import { checkedMinor } from '../core/merchant-config';
import { createPayinFor } from '../payins/payin-create';
import { createPayoutFor } from '../payouts/payouts';
import { destinationDeadline } from './withdrawal-expiry';
import { payoutDeadlineColumns, payoutDeadlineMinutes } from './payout-deadline';
import { iframeUrls, merchantConfig, type RequestContext } from '../core/request-context';
import { newId } from '../core/store';
import { reservationMinor, RESERVING } from '../core/records';
import { assertServedWithoutKyc, assertWithinBounds, cashierFee, mayCancelWithdrawals } from '../merchant/cashier-rules';
import { depositRoomMinor } from '../responsible-gambling/deposit-limits';
import { assertFinancialLimits } from '../responsible-gambling/financial-limits';
import { depositRoomMajor } from '../responsible-gambling/deposit-limit-views';
import { assertDepositRules, responsibleGamblingOf, sessionMoney } from '../responsible-gambling/responsible-gambling';
import { customerRow } from '../responsible-gambling/limits-prompt';
import { checkNationalRegisters } from '../responsible-gambling/national-registers';
import { assertNetDepositThreshold } from '../responsible-gambling/net-deposit-threshold';
import { lastCardDeposit, retryOf } from './deposit-retries';
import { issueSessionLaunch } from '../core/page-holders';
import type { BankAccountChoice } from '@hosted-checkout/contract/bank-withdrawals';
import { listedTransactions } from './session-transactions';
import { BANK_METHOD_ID } from '../bank/bank-payments';
import { applyBankDestination, resolveBankDestination } from './bank-destinations';
import { assertPlayerAllowed, createProvisionalCustomer, payNPlayStateOf } from './pay-n-play';
import { cardWithdrawalMaxMinor } from '../payouts/card-closed-loop';

type SessionRow = typeof cashierSessions.$inferSelect;

/** POST /public/cashier/session: answers sessionId, checkoutUrl and widgetUrl ({checkout_url}/cashier/{id}[/widget]?launch=…, one-time). */
export async function createSession(tx: Db, principal: Principal, request: CashierSessionCreateRequest, ctx: RequestContext) {
  const merchantId = requireMerchant(principal);
  const config = await merchantConfig(tx, merchantId, ctx);
  checkedMinor(config, 1, request.currency, 'currency');
  let balanceMinor: number | null = null;
  if (request.balance !== undefined) {
    balanceMinor = toMinor(request.balance, request.currency);
    if (balanceMinor === null) throw invalid(`balance has more decimals than ${request.currency} allows`);
  }
  const id = newId('cs');
  // A Pay N Play session's customer is provisional until its player is allowed (docs/design.md, E26).
  const customerId = request.customer
    ? await upsertCustomer(tx, merchantId, request.customer)
    : await createProvisionalCustomer(tx, merchantId, id);
  // The session's start is the customer's login: the national registers are queried (ROFUS every login, SIGAP once a day).
  if (request.customer) await checkNationalRegisters(tx, merchantId, customerId, { loginAt: new Date(), sessionId: id });
  const expiresAt = new Date(Date.now() + config.settings.sessionTtlSeconds * 1000);
  await tx.insert(cashierSessions).values({
    id,
    merchantId,
    customerId,
    currency: request.currency,
    balanceMinor,
    returnUrls: request.returnUrls,
    kycVerified: request.kycVerified,
    previousTransactionCount: request.previousTransactionCount,
    expiresAt,
    payNPlay: request.payNPlay === true,
    merchantReference: request.merchantReference ?? null,
  });
  // The addresses open the pages once each: the session id alone opens nothing.
  return { sessionId: id, ...(await issueSessionLaunch(tx, { id, expiresAt }, ctx)) };
}

/** The session `id` the principal may see (404 otherwise), locked with `lock`. */
export async function loadSession(tx: Db, principal: Principal, id: string, lock = false): Promise<SessionRow> {
  const query = tx.select().from(cashierSessions).where(eq(cashierSessions.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Cashier session');
  return row;
}

/**
 * What the session's withdrawals that are not final reserve, in minor units of the session currency
 * (each payout's initial value, before any conversion to the PSP's currency, plus its cashier fee).
 */
async function reservedMinor(tx: Db, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(reservationMinor) })
    .from(payouts)
    .where(and(eq(payouts.sessionId, sessionId), inArray(payouts.status, RESERVING)));
  return Number(row?.total ?? 0);
}

const expired = (row: SessionRow) => row.expiresAt.getTime() <= Date.now();

/** 409 INVALID_STATE for an expired session. */
export function assertActive(row: SessionRow): void {
  if (expired(row)) throw new SandboxApiError('INVALID_STATE', 'The cashier session has expired');
}

/** balance, reserved (withdrawals not final) and available in major units. */
export const balances = (balanceMinor: number, reserved: number, currency: string) => ({
  balance: toMajor(balanceMinor, currency),
  reserved: toMajor(reserved, currency),
  available: toMajor(Math.max(0, balanceMinor - reserved), currency),
});

/**
 * GET /public/cashier/session/{id} (with reserved, available, cardWithdrawalMax, withdrawalCancel, depositLimits,
 * transactions: all, or with `?transactions=open` those not final only). Reads only: the session, its customer and its merchant's configuration in one
 * statement, then the last card deposit, the sums and the two lists.
 */
export async function getSession(tx: Db, principal: Principal, id: string, query: SessionRead = {}): Promise<CashierSession> {
  const [joined] = await tx
    .select({ row: cashierSessions, customer: customers, config: merchants.config })
    .from(cashierSessions)
    .innerJoin(merchants, eq(merchants.id, cashierSessions.merchantId))
    .leftJoin(customers, eq(customers.id, cashierSessions.customerId))
    .where(eq(cashierSessions.id, id))
    .limit(1);
  if (!joined || !canAccess(principal, joined.row.merchantId)) throw notFound('Cashier session');
  const { row, config } = joined;
  const customer = joined.customer ?? undefined;
  const data = (customer?.data ?? {}) as Customer;
  const depositLimits = depositRoomMajor(
    await depositRoomMinor(tx, row.customerId, row.currency, { row: customer ?? null, rates: config.ratesToEur }),
    row.currency,
  );
  const depositAgain = await lastCardDeposit(tx, row.customerId, row.currency);
  const payNPlay = await payNPlayStateOf(tx, row);
  const money = await sessionMoney(tx, row.id);
  // The most a withdrawal by card may send (card-closed-loop.ts): the cashier says so before a card is chosen.
  const cardMax = await cardWithdrawalMaxMinor(tx, row.merchantId, row.customerId, row.currency, config.ratesToEur);
  return {
    sessionId: row.id,
    merchantId: row.merchantId,
    customer: { externalUserId: data.externalUserId, firstName: data.firstName, lastName: data.lastName, email: data.email },
    currency: row.currency,
    ...(row.balanceMinor !== null ? balances(row.balanceMinor, money.reserved, row.currency) : {}),
    cardWithdrawalMax: toMajor(cardMax, row.currency),
    withdrawalCancel: mayCancelWithdrawals(config, data, customer?.gambling),
    ...(depositLimits ? { depositLimits } : {}),
    responsibleGambling: await responsibleGamblingOf(tx, config, row, customer, { money }),
    ...(depositAgain ? { depositAgain } : {}),
    ...(payNPlay ? { payNPlay } : {}),
    transactions: await listedTransactions(tx, row.id, { open: query.transactions === 'open' }),
    returnUrls: row.returnUrls,
    kycVerified: row.kycVerified,
    previousTransactionCount: row.previousTransactionCount,
    status: expired(row) ? 'EXPIRED' : 'ACTIVE',
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** PUT /public/cashier/session/{id}/balance: `balance` in major units, ≥ 0. */
export async function updateBalance(tx: Db, principal: Principal, id: string, balance: number): Promise<void> {
  const row = await loadSession(tx, principal, id, true);
  const minor = toMinor(balance, row.currency);
  if (minor === null || minor < 0) throw invalid(`balance has more decimals than ${row.currency} allows`);
  await tx.update(cashierSessions).set({ balanceMinor: minor, updatedAt: new Date() }).where(eq(cashierSessions.id, id));
}

/**
 * POST /public/cashier/session/{id}/payin: within the merchant's bounds and the
 * customer's deposit limits (400 LIMIT_EXCEEDED), served without KYC (409 KYC_REQUIRED), under
 * the rules of the licences in force (409 CUSTOMER_EXCLUDED, LIMITS_REQUIRED; a national register
 * queried first where its answer for this login no longer stands, 409 KYC_REQUIRED without the id it needs); the method's fee
 * is added to the amount charged and recorded. With `replaces`, it retries an unpaid pay-in of
 * the session (retryOf below).
 */
export async function createSessionPayin(
  tx: Db,
  principal: Principal,
  id: string,
  amount: number,
  ctx: RequestContext,
  method?: string,
  replaces?: string,
) {
  const row = await loadSession(tx, principal, id);
  assertActive(row);
  await assertPlayerAllowed(tx, row);
  await rateLimited(() => consume([{ limit: 'transactionsPerSession', key: id }], { sessionId: id }));
  const config = await merchantConfig(tx, row.merchantId, ctx);
  const amountMinor = checkedMinor(config, amount, row.currency, 'amount');
  assertWithinBounds(config, row.currency, 'deposit', amountMinor);
  assertServedWithoutKyc(config, row.currency, amountMinor, row.kycVerified);
  // The pay-in retried is locked before the customer, as paying does (pay-in, then customer): no deadlock.
  const retry = replaces ? await retryOf(tx, id, replaces) : null;
  // Before any charge: the national registers' answers for this login, queried again where they no longer stand.
  await checkNationalRegisters(tx, row.merchantId, row.customerId, { loginAt: row.createdAt, sessionId: id });
  const customer = await customerRow(tx, row.customerId, true);
  assertDepositRules(config, customer, { cashier: true });
  await assertFinancialLimits(tx, row.customerId, row.currency, amountMinor, config.ratesToEur, customer ?? undefined);
  await assertNetDepositThreshold(tx, config, customer, row.currency, amountMinor);
  const { fee, total } = cashierFee(config, method, 'deposit', row.currency, amountMinor);
  // One insert, in minor units: the amount charged (fee included), the fee and method, what a retry replaces.
  const payin = await createPayinFor(
    tx,
    row.merchantId,
    {
      orderId: `${id}-${randomUUID()}`,
      amountMinor: total,
      currency: row.currency,
      kycVerified: row.kycVerified,
      previousTransactionCount: row.previousTransactionCount,
      returnUrls: row.returnUrls,
      customerId: row.customerId,
      sessionId: id,
      ...(method ? { cashier: { feeMinor: fee, method: method === 'card' ? ('card' as const) : ('apm' as const) } } : {}),
      ...(retry ? { retry: { replaces: retry.id, scaRequired: retry.scaRequired } } : {}),
    },
    ctx,
  );
  return { paymentId: payin.id, status: payin.status, iframeUrls: iframeUrls(ctx, 'payin', payin.id) };
}

/**
 * POST /public/cashier/session/{id}/payout. The session row is locked, so parallel
 * withdrawals are counted one after another: a value above the available balance (balance minus
 * the withdrawals not final) is 409 INSUFFICIENT_BALANCE; the new payout reserves its value. With
 * `method: "bank"` and `bankAccount` (docs/design.md, E25), the payout is created with its destination given
 * (bank-destinations.ts), so a withdrawal by bank never waits without one.
 */
export async function createSessionPayout(
  tx: Db,
  principal: Principal,
  id: string,
  value: number,
  ctx: RequestContext,
  method?: string,
  bankAccount?: BankAccountChoice,
) {
  const row = await loadSession(tx, principal, id, true);
  assertActive(row);
  await assertPlayerAllowed(tx, row);
  await rateLimited(() => consume([{ limit: 'transactionsPerSession', key: id }], { sessionId: id }));
  const minor = toMinor(value, row.currency);
  if (minor === null || minor <= 0) throw invalid(`value has more decimals than ${row.currency} allows`);
  const config = await merchantConfig(tx, row.merchantId, ctx);
  assertWithinBounds(config, row.currency, 'withdrawal', minor);
  assertServedWithoutKyc(config, row.currency, minor, row.kycVerified);
  if ((method === BANK_METHOD_ID) !== (bankAccount !== undefined)) throw invalid('method "bank" and bankAccount go together');
  const destination = bankAccount ? await resolveBankDestination(tx, config, row, bankAccount) : null;
  // The fee is taken from what is sent: the payout is the value less its fee, the balance holds both.
  const { fee, received } = cashierFee(config, method, 'withdrawal', row.currency, minor);
  if (received <= 0) throw invalid(`The fee of this withdrawal is not below its value`);
  if (row.balanceMinor !== null) {
    const available = row.balanceMinor - (await reservedMinor(tx, id));
    if (minor > available) {
      throw new SandboxApiError(
        'INSUFFICIENT_BALANCE',
        'value is above the available balance (the balance minus the withdrawals in progress)',
      );
    }
  }
  const payout = await createPayoutFor(
    tx,
    row.merchantId,
    {
      orderId: `${id}-${randomUUID()}`,
      value: toMajor(received, row.currency),
      currency: row.currency,
      kycVerified: row.kycVerified,
      customerId: row.customerId,
      sessionId: id,
    },
    ctx,
  );
  // Released at the merchant's time unless its destination is given first (withdrawal-expiry.ts).
  const set = {
    ...(payout.status === 'CREATED' ? destinationDeadline(config) : {}),
    // Under a licence with a payout deadline (SPA/MF: 120 minutes), due by then (payout-deadline.ts).
    ...payoutDeadlineColumns(payoutDeadlineMinutes(config, (await customerRow(tx, row.customerId))?.data), payout.createdAt),
    ...(method ? { feeMinor: fee, cashierMethod: method === 'card' ? 'card' : 'apm' } : {}),
  };
  const [created = payout] = Object.keys(set).length
    ? await tx.update(payouts).set(set).where(eq(payouts.id, payout.id)).returning()
    : [payout];
  const status = destination ? await applyBankDestination(tx, created, destination, ctx) : created.status;
  return { payoutId: payout.id, status, iframeUrls: iframeUrls(ctx, 'payout', payout.id) };
}

/** GET /public/cashier/session/{id}/transactions: pay-ins and payouts, newest first (session-transactions.ts). */
export async function sessionTransactions(tx: Db, principal: Principal, id: string) {
  await loadSession(tx, principal, id);
  return { transactions: await listedTransactions(tx, id) };
}
