/**
 * What a pay-in must pass before it is processed (docs/design.md, sections 3 and 8): its status
 * and attempts left, the customer's exclusion and deposit limits checked again when it is paid,
 * and a cashier session's velocity limits on card attempts.
 */
import type { Db } from '@sandbox/db/client';
import { assertRemaining, consume, recordFailure } from '@hosted-checkout/runtime/security/velocity';
import { SandboxApiError, rateLimited } from '../core/api-error';
import { assertFinancialLimits } from '../responsible-gambling/financial-limits';
import { attemptsRemaining, type PayinRow } from '../core/records';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { payinActions } from '../core/transitions';
import type { Principal } from '../core/auth';
import { assertCashierMethod } from '../merchant/cashier-rules';
import { assertDepositRules } from '../responsible-gambling/responsible-gambling';
import { customerRow } from '../responsible-gambling/limits-prompt';
import { assertNetDepositThreshold } from '../responsible-gambling/net-deposit-threshold';
import { loadPayinForUpdate } from './payin-loading';

/** Whether a pay-in may be processed: its status (the transitions table) and its attempts left. Throws 409. */
export function assertProcessable(row: PayinRow): void {
  if (!payinActions(row.status).process) throw new SandboxApiError('INVALID_STATE', `A pay-in in status ${row.status} cannot be processed`);
  if (attemptsRemaining(row) === 0) throw new SandboxApiError('INVALID_STATE', 'The pay-in has no processing attempts left');
}

/**
 * A deposit is checked again when it is paid. Every pay-in: the customer's time-out or
 * self-exclusion (409 CUSTOMER_EXCLUDED). A cashier deposit also: the limits the rules ask
 * for before a deposit (409 LIMITS_REQUIRED), and the customer's deposit limits (400
 * LIMIT_EXCEEDED) and the KSA's net deposit threshold (400 LIMIT_EXCEEDED), as pay-ins created but
 * not yet paid do not count, so several of them could otherwise pass the limit together. The
 * customer row is locked: one at a time.
 */
export async function assertDepositAllowed(tx: Db, row: PayinRow, ctx: RequestContext): Promise<void> {
  const customer = await customerRow(tx, row.customerId, true);
  const config = await merchantConfig(tx, row.merchantId, ctx);
  assertDepositRules(config, customer, { cashier: row.sessionId !== null });
  if (row.sessionId) {
    await assertFinancialLimits(
      tx,
      row.customerId,
      row.initialCurrency,
      row.initialAmountMinor - (row.feeMinor ?? 0),
      config.ratesToEur,
      customer,
    );
    await assertNetDepositThreshold(tx, config, customer, row.initialCurrency, row.initialAmountMinor - (row.feeMinor ?? 0), row.id);
  }
}

/**
 * The pay-in `id` the principal may see (404), locked for update, once it has passed what every
 * processing checks first, in this order: processable (409), paid by the cashier method the
 * customer chose (`method`, 409), `offered` when given (what the merchant must offer for this
 * processing, e.g. the wallet: 400), then its deposit allowed (assertDepositAllowed).
 */
export async function loadPayinToProcess(
  tx: Db,
  principal: Principal,
  id: string,
  method: 'card' | 'apm',
  ctx: RequestContext,
  offered?: (row: PayinRow) => Promise<void>,
): Promise<PayinRow> {
  const row = await loadPayinForUpdate(tx, principal, id);
  assertProcessable(row);
  assertCashierMethod(row.cashierMethod, method);
  await offered?.(row);
  await assertDepositAllowed(tx, row, ctx);
  return row;
}

/**
 * A card attempt on a pay-in of a cashier session, under the session's velocity limits (card
 * attempts, and failed attempts so far): 429 RATE_LIMITED with Retry-After when one is spent. A
 * decline or failure counts against the session.
 */
export async function limitedBySession(row: PayinRow, charge: () => Promise<PayinRow>): Promise<PayinRow> {
  const key = row.sessionId ?? undefined;
  const context = { sessionId: row.sessionId, paymentId: row.id };
  await rateLimited(async () => {
    await assertRemaining([{ limit: 'cardFailuresPerSession', key }], context);
    await consume([{ limit: 'cardAttemptsPerSession', key }], context);
  });
  const charged = await charge();
  if (charged.status === 'DECLINED' || charged.status === 'FAILED') await recordFailure([{ limit: 'cardFailuresPerSession', key }]);
  return charged;
}
