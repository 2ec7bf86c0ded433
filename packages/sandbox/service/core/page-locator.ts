/**
 * Who holds a cashier session's pages or a payout's destination pages, as rows read (docs/design.md,
 * E22), and the locator that answers it without a key: the merchant whose pages to frame, whether a
 * browser's proof holds, and whether any browser has opened the page (`opened`), nothing of the
 * customer or the money. page-holders.ts spends, launches and checks the holders against these.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cashierSessions, customers, payouts } from '@sandbox/db/schema';
import type { Locator } from '@hosted-checkout/contract/cashier';
import { notFound } from './api-error';
import { canAccess, type Principal } from './auth';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * GET …/locator: the merchant of a session or payout (and a payout's session), nothing of
 * the customer or the money; with a holder's proof, whether it holds the page; `opened`: whether
 * a browser holds `page` of a session (either without it) or a payout's pages by the newest launch
 * address (`openedBy`). Another merchant's id, as an unknown one, is 404.
 */
export async function locate(
  tx: Db,
  principal: Principal,
  of: 'session' | 'payout',
  id: string,
  proof?: string | null,
  page?: SessionPage,
): Promise<Locator> {
  const found = await holdersOf(tx, of, of === 'session' ? { sessionId: id } : { payoutId: id });
  if (!found || !canAccess(principal, found.merchantId)) throw notFound(of === 'session' ? 'Cashier session' : 'Payout');
  const opened = of === 'session' && page ? found.opened[page] : found.opened.cashier || found.opened.widget;
  return {
    merchantId: found.merchantId,
    ...(found.sessionId ? { sessionId: found.sessionId } : {}),
    ...(proof ? { held: proves(proof, found.held) } : {}),
    ...(of === 'session' ? { expired: Boolean(found.expired) } : {}),
    opened,
  };
}

/** A page of a cashier session: the cashier or the withdrawal widget, each with a holder of its own. */
type SessionPage = 'cashier' | 'widget';

/**
 * Whether a browser holds a page by its newest launch address: a holder, and no newer secret
 * waiting (the merchant launched again: the holder before is on its way out, and a browser that
 * is not the holder is told to open the page again, not that another browser has it). A payout's
 * waiting secret past its `launchExpiresAt` opens nothing: the holder stays.
 */
const openedBy = (holder: string | null, waiting: string | null, waitingExpiresAt: Date | null = null): boolean =>
  Boolean(holder) && (!waiting || (waitingExpiresAt !== null && waitingExpiresAt.getTime() <= Date.now()));

/** Whether `proof` proves one of `held` (SHA-256 of holders' proofs). */
export const proves = (proof: string | null | undefined, held: readonly (string | null)[]) => {
  if (!proof || !/^[0-9a-f]{64}$/.test(proof)) return false;
  const hash = sha256(proof);
  return held.some((h) => h === hash);
};

/** The holders of a session (SHA-256 of their proofs), or null for no such session (the operation then answers its own 404). */
async function sessionHolders(tx: Db, id: string): Promise<Holders | null> {
  const [row] = await tx
    .select({
      merchantId: cashierSessions.merchantId,
      cashier: cashierSessions.bindingHash,
      widget: cashierSessions.widgetBindingHash,
      cashierLaunch: cashierSessions.launchHash,
      widgetLaunch: cashierSessions.widgetLaunchHash,
      expiresAt: cashierSessions.expiresAt,
    })
    .from(cashierSessions)
    .where(eq(cashierSessions.id, id))
    .limit(1);
  if (!row) return null;
  return {
    merchantId: row.merchantId,
    held: [row.cashier, row.widget],
    opened: { cashier: openedBy(row.cashier, row.cashierLaunch), widget: openedBy(row.widget, row.widgetLaunch) },
    expired: row.expiresAt.getTime() <= Date.now(),
  };
}

/**
 * Who holds a page: its merchant, a payout's session, the SHA-256 of its holders' proofs, whether
 * a browser holds each page by its newest address (a payout's pages: both the same), and whether a session has expired.
 */
export interface Holders {
  merchantId: string;
  sessionId?: string;
  held: (string | null)[];
  opened: Record<SessionPage, boolean>;
  expired?: boolean;
}

export async function holdersOf(tx: Db, scope: 'session' | 'payout' | 'customer', params: Record<string, string>): Promise<Holders | null> {
  if (scope === 'session') return sessionHolders(tx, params.sessionId ?? '');
  if (scope === 'payout') {
    const [row] = await tx
      .select({
        merchantId: payouts.merchantId,
        sessionId: payouts.sessionId,
        held: payouts.bindingHash,
        launch: payouts.launchHash,
        launchExpiresAt: payouts.launchExpiresAt,
      })
      .from(payouts)
      .where(eq(payouts.id, params.payoutId ?? ''))
      .limit(1);
    if (!row) return null;
    if (!row.sessionId) {
      const opened = openedBy(row.held, row.launch, row.launchExpiresAt);
      return { merchantId: row.merchantId, held: [row.held], opened: { cashier: opened, widget: opened } };
    }
    // A payout of a session gone (none is deleted while its payouts are kept): no holder, as for a payout gone.
    const session = await sessionHolders(tx, row.sessionId);
    return session ? { ...session, sessionId: row.sessionId } : null;
  }
  // A customer's saved cards are removed by a browser holding one of the customer's sessions or payouts.
  const customerId = params.customerId ?? '';
  const [customer] = await tx.select({ merchantId: customers.merchantId }).from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!customer) return null;
  const sessions = await tx
    .select({ merchantId: cashierSessions.merchantId, cashier: cashierSessions.bindingHash, widget: cashierSessions.widgetBindingHash })
    .from(cashierSessions)
    .where(eq(cashierSessions.customerId, customerId));
  const held = await tx
    .select({ merchantId: payouts.merchantId, held: payouts.bindingHash })
    .from(payouts)
    .where(and(eq(payouts.customerId, customerId), isNotNull(payouts.bindingHash)));
  return {
    merchantId: customer.merchantId,
    held: [...sessions.flatMap((r) => [r.cashier, r.widget]), ...held.map((r) => r.held)],
    // Not asked of a customer's pages (no locator): only the holders are checked.
    opened: { cashier: false, widget: false },
  };
}
