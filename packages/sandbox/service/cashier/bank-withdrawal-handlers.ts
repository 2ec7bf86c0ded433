/**
 * The operations of withdrawals by bank from a cashier session (docs/design.md, E25): the
 * destinations of the session's customer, and the payee name check of an account. Each reads the
 * session as the principal may (404), and a check is refused on an expired session (409) and
 * counted against the session's transactions limit (429), since it asks a bank about a name.
 */
import type { Db } from '@sandbox/db/client';
import type { PayeeCheckAnswer, PayeeCheckRequest, WithdrawalDestinations } from '@hosted-checkout/contract/bank-withdrawals';
import { consume } from '@hosted-checkout/runtime/security/velocity';
import { rateLimited } from '../core/api-error';
import type { Principal } from '../core/auth';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { destinationsOf, runPayeeCheck } from './bank-destinations';
import { assertActive, loadSession } from './sessions';

/** GET /public/cashier/session/{id}/withdrawal-destinations. */
export async function getWithdrawalDestinations(
  tx: Db,
  principal: Principal,
  id: string,
  ctx?: RequestContext,
): Promise<WithdrawalDestinations> {
  const session = await loadSession(tx, principal, id);
  return destinationsOf(tx, await merchantConfig(tx, session.merchantId, ctx), session);
}

/** POST /public/cashier/session/{id}/payee-check (errors: bank-destinations.ts, runPayeeCheck). */
export async function checkPayee(
  tx: Db,
  principal: Principal,
  id: string,
  request: PayeeCheckRequest,
  ctx?: RequestContext,
): Promise<PayeeCheckAnswer> {
  const session = await loadSession(tx, principal, id);
  assertActive(session);
  await rateLimited(() => consume([{ limit: 'transactionsPerSession', key: `payee-check:${id}` }], { sessionId: id }));
  return runPayeeCheck(tx, await merchantConfig(tx, session.merchantId, ctx), session, request);
}
