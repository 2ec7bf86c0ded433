/**
 * Who holds a cashier session or a payout's destination pages (docs/design.md, E22): the id is a
 * locator, read off the merchant's page, never a credential (OWASP ASVS V4.2.1).
 *
 * - The merchant receives addresses carrying a one-time launch secret (`?launch=`): the session's
 *   `checkoutUrl` and `widgetUrl`, a payout's `iframeUrls`. The service keeps only its SHA-256.
 * - The browser that opens one spends it (a POST, never a GET: a link scanner's fetch spends
 *   nothing) and becomes the holder of that page with its proof, an HMAC of a secret in its own
 *   HttpOnly cookie; the service keeps the proof's SHA-256. The browser that held that page
 *   before holds it no more. The cashier and the widget have a holder each (a top-level page and a
 *   merchant's frame are separate cookie partitions); either proves the session.
 * - Every operation marked `holder` in the operations table is checked here before it runs
 *   (`assertHolder`, called by the router): the hosted pages' credential needs the proof for any
 *   read or move, a merchant's token for a move of what a browser holds.
 * - The merchant launches again (`launchCashierSession`, `launchPayout`) for the customer's way
 *   back, or to open a second page; `launchCashierPage` renews one page's secret only (a launch
 *   redirect per frame: a merchant's page framing the cashier and the widget opens both).
 * - The holders as rows, and the locator (`opened`: whether any browser has the page), are in
 *   page-locator.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cashierSessions, payouts } from '@sandbox/db/schema';
import type { OperationSpec } from '@hosted-checkout/contract/operations';
import type { BindingRequest } from '@hosted-checkout/contract/cashier';
import { spentUserAgent } from '@hosted-checkout/contract/untrusted-text';
import { SandboxApiError, notFound } from './api-error';
import { canAccess, requireMerchant, type Principal } from './auth';
import { iframeUrls, type RequestContext } from './request-context';
import { enqueueEvent } from './webhooks';
import { holdersOf, proves } from './page-locator';

export { proves };

/** How long a payout's launch secret opens its pages (ms). A session's ends with the session. */
export const PAYOUT_LAUNCH_TTL_MS = 24 * 60 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new launch secret (32 random bytes, base64url) and the SHA-256 the service keeps. */
function newLaunch(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

const withLaunch = (url: string, token: string) => `${url}?launch=${token}`;

/**
 * New launch secrets for a session's cashier and widget, written on the row (those not spent
 * stop working); answers the addresses. The session row should be locked or new.
 */
export async function issueSessionLaunch(tx: Db, row: { id: string; expiresAt: Date }, ctx: RequestContext) {
  const cashier = newLaunch();
  const widget = newLaunch();
  await tx.update(cashierSessions).set({ launchHash: cashier.hash, widgetLaunchHash: widget.hash }).where(eq(cashierSessions.id, row.id));
  const base = `${ctx.checkoutUrl}/cashier/${row.id}`;
  return {
    checkoutUrl: withLaunch(base, cashier.token),
    widgetUrl: withLaunch(`${base}/widget`, widget.token),
    launchExpiresAt: row.expiresAt.toISOString(),
  };
}

/** A new launch secret for a payout's destination pages; answers its `iframeUrls`. */
export async function issuePayoutLaunch(tx: Db, id: string, ctx: RequestContext) {
  const launch = newLaunch();
  const launchExpiresAt = new Date(Date.now() + PAYOUT_LAUNCH_TTL_MS);
  await tx.update(payouts).set({ launchHash: launch.hash, launchExpiresAt }).where(eq(payouts.id, id));
  const urls = iframeUrls(ctx, 'payout', id);
  return {
    iframeUrls: { card: withLaunch(urls.card, launch.token), apm: withLaunch(urls.apm, launch.token) },
    launchExpiresAt: launchExpiresAt.toISOString(),
  };
}

const spentOrUnknown = () =>
  new SandboxApiError(
    'FORBIDDEN',
    'This launch address was already opened, replaced by a newer one, or has expired: the merchant launches the page again',
  );

async function sessionForUpdate(tx: Db, principal: Principal, id: string) {
  const [row] = await tx.select().from(cashierSessions).where(eq(cashierSessions.id, id)).for('update').limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Cashier session');
  return row;
}

/**
 * PUT /public/cashier/session/{id}/binding: spends the cashier's or the widget's launch
 * secret; the proof's browser holds that page from now on. The row is locked: of two browsers
 * spending one secret, one holds. Throws 404, 403 (spent, replaced, expired or unknown secret).
 */
export async function bindSession(tx: Db, principal: Principal, id: string, request: BindingRequest): Promise<void> {
  const row = await sessionForUpdate(tx, principal, id);
  const spent = sha256(request.launchToken);
  if (row.expiresAt.getTime() <= Date.now()) throw spentOrUnknown();
  const holder = sha256(request.holderProof);
  if (row.launchHash === spent) {
    await tx
      .update(cashierSessions)
      .set({ bindingHash: holder, launchHash: null, updatedAt: new Date() })
      .where(eq(cashierSessions.id, id));
  } else if (row.widgetLaunchHash === spent) {
    await tx
      .update(cashierSessions)
      .set({ widgetBindingHash: holder, widgetLaunchHash: null, updatedAt: new Date() })
      .where(eq(cashierSessions.id, id));
  } else throw spentOrUnknown();
  await announceSpent(tx, row.merchantId, id, { page: row.launchHash === spent ? 'cashier' : 'widget', sessionId: id }, request);
}

/**
 * Tells the merchant that a launch address was spent (`launch.spent`, in the spend's own
 * transaction): when, and the browser's address and User-Agent as the checkout saw them, so a
 * spend the merchant did not expect is relaunched and flagged. The User-Agent is untrusted text
 * the browser wrote: passed on without control characters and cut to 256 characters
 * (packages/contract/src/untrusted-text.ts), whatever the checkout sent.
 */
async function announceSpent(
  tx: Db,
  merchantId: string,
  transactionId: string,
  page: { page: 'cashier' | 'widget' | 'payout'; sessionId?: string; payoutId?: string },
  request: BindingRequest,
): Promise<void> {
  const userAgent = spentUserAgent(request.client?.userAgent);
  await enqueueEvent(tx, merchantId, LAUNCH_SPENT, transactionId, {
    ...page,
    spentAt: new Date().toISOString(),
    client: {
      ...(request.client?.ipAddress ? { ipAddress: request.client.ipAddress } : {}),
      ...(userAgent ? { userAgent } : {}),
    },
  });
}

/** The event of a spent launch address (packages/contract/src/events.ts, LaunchSpentEvent). */
export const LAUNCH_SPENT = 'launch.spent';

/** PUT /public/payout/{id}/binding: as bindSession for a payout's destination pages. A cashier payout is held through its session: 403. */
export async function bindPayout(tx: Db, principal: Principal, id: string, request: BindingRequest): Promise<void> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update').limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Payout');
  if (
    row.sessionId ||
    !row.launchHash ||
    row.launchHash !== sha256(request.launchToken) ||
    (row.launchExpiresAt && row.launchExpiresAt.getTime() <= Date.now())
  )
    throw spentOrUnknown();
  await tx
    .update(payouts)
    .set({ bindingHash: sha256(request.holderProof), launchHash: null, launchExpiresAt: null, updatedAt: new Date() })
    .where(eq(payouts.id, id));
  await announceSpent(tx, row.merchantId, id, { page: 'payout', payoutId: id }, request);
}

/** POST /public/cashier/session/{id}/launch (merchant): new addresses for the cashier and the widget (both renewed). 404; 409 for an expired session. */
export async function launchSession(tx: Db, principal: Principal, id: string, ctx: RequestContext) {
  requireMerchant(principal);
  const row = await sessionForUpdate(tx, principal, id);
  if (row.expiresAt.getTime() <= Date.now()) throw new SandboxApiError('INVALID_STATE', 'The cashier session has expired');
  return issueSessionLaunch(tx, row, ctx);
}

/**
 * POST /public/cashier/session/{id}/page-launch (merchant): a new launch secret for `page` alone,
 * the cashier or the widget; the other page's secret, spent or not, is left as it was, so two
 * launch redirects of one merchant's page never undo each other. Answers its address. 404; 409
 * for an expired session.
 */
export async function launchSessionPage(tx: Db, principal: Principal, id: string, page: 'cashier' | 'widget', ctx: RequestContext) {
  requireMerchant(principal);
  const row = await sessionForUpdate(tx, principal, id);
  if (row.expiresAt.getTime() <= Date.now()) throw new SandboxApiError('INVALID_STATE', 'The cashier session has expired');
  const launch = newLaunch();
  await tx
    .update(cashierSessions)
    .set(page === 'cashier' ? { launchHash: launch.hash } : { widgetLaunchHash: launch.hash })
    .where(eq(cashierSessions.id, id));
  const base = `${ctx.checkoutUrl}/cashier/${row.id}`;
  return { url: withLaunch(page === 'cashier' ? base : `${base}/widget`, launch.token), launchExpiresAt: row.expiresAt.toISOString() };
}

/** POST /public/payout/{id}/launch (merchant): new `iframeUrls`. 404; 409 for a cashier payout (launch its session). */
export async function launchPayout(tx: Db, principal: Principal, id: string, ctx: RequestContext) {
  requireMerchant(principal);
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update').limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Payout');
  if (row.sessionId)
    throw new SandboxApiError('INVALID_STATE', 'A withdrawal made in a cashier session opens with its session: launch the session');
  return issuePayoutLaunch(tx, id, ctx);
}

const refused = () =>
  new SandboxApiError('FORBIDDEN', 'Only the browser that holds this page may do this (the holder’s proof is missing or not this page’s)');

/**
 * The router's check of an operation marked `holder`, before it runs: the hosted pages'
 * credential must prove the holder for a read or a move; a merchant's token reads its own, and
 * moves without a proof only what no browser holds. Throws 403 FORBIDDEN; an unknown id passes
 * on to the operation's own 404.
 */
export async function assertHolder(
  tx: Db,
  principal: Principal,
  holder: NonNullable<OperationSpec['holder']>,
  params: Record<string, string>,
  proof: string | null,
): Promise<void> {
  if (principal.role === 'merchant' && (holder.access === 'read' || holder.scope === 'customer')) return;
  const found = await holdersOf(tx, holder.scope, params);
  if (!found) return;
  if (principal.role === 'merchant') {
    if (!canAccess(principal, found.merchantId)) return;
    if (found.held.every((h) => !h)) return;
  }
  if (!proves(proof, found.held)) throw refused();
}
