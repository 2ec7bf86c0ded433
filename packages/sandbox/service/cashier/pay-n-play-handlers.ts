/**
 * The handler of a Pay N Play session's bank login (docs/design.md, E26): the session read as
 * the principal may (404), locked (one login at a time), refused when it has expired (409).
 */
import type { Db } from '@sandbox/db/client';
import type { PayNPlayStartAnswer, PayNPlayStartRequest } from '@hosted-checkout/contract/pay-n-play';
import type { Principal } from '../core/auth';
import type { RequestContext } from '../core/request-context';
import { startPayNPlay } from './pay-n-play';
import { assertActive, loadSession } from './sessions';

/** POST /public/cashier/session/{id}/pay-n-play (errors: pay-n-play.ts, startPayNPlay). */
export async function startSessionPayNPlay(
  tx: Db,
  principal: Principal,
  id: string,
  request: PayNPlayStartRequest,
  ctx: RequestContext,
): Promise<PayNPlayStartAnswer> {
  const session = await loadSession(tx, principal, id, true);
  assertActive(session);
  return startPayNPlay(tx, session, request, ctx);
}
