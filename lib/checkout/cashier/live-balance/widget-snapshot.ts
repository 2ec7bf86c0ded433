/**
 * What the withdrawal widget shows live (docs/design.md, "Withdrawal widget"):
 * balance, available and reserved in major units of the session currency, the session's
 * status, and its pending withdrawals. Loaded from the payments service; the polling endpoint's
 * loads are coalesced to one per session per instance per second, whatever the number of viewers.
 */
import 'server-only';
import { LRUCache } from 'lru-cache';
import { callOperation } from '@/lib/payments-api/client';
import { PENDING_PAYOUT } from '@/lib/checkout/cashier/load-cashier';

interface PendingWithdrawal {
  id: string;
  /** Major units of `currency`. */
  amount: number;
  currency: string;
  status: string;
  createdAt: string;
  /** CARD, or another method type, once known: its expected time (the merchant's `withdrawalEtaHours`). */
  transactionType?: string;
  /** When it must be paid out at the latest under the licence in force (SPA/MF: 120 minutes), ISO 8601. */
  payoutDueAt?: string;
}

export interface WidgetSnapshot {
  /** Major units; null when the merchant gave no balance. */
  balance: number | null;
  /** Balance minus the withdrawals not final; null without a balance. */
  available: number | null;
  reserved: number;
  currency: string;
  status: string;
  pending: PendingWithdrawal[];
}

/** Pending withdrawals change rarely: outside a change notice, each session's list is fetched at most every 5 s. */
const PENDING_TTL_MS = 5_000;
const pendingCache = new LRUCache<string, PendingWithdrawal[]>({ max: 10_000, ttl: PENDING_TTL_MS });

/** The session's withdrawals that are not final (from its transactions); `fresh` skips the 5 s cache. Throws PaymentsApiError. */
export async function pendingWithdrawals(
  sessionId: string,
  fresh = false,
  holderProof: string | null = null,
): Promise<PendingWithdrawal[]> {
  const cached = fresh ? undefined : pendingCache.get(sessionId);
  if (cached) return cached;
  // Shared by every viewer (this cache, the hub): never one request's memoized answer, which an
  // event stream's request would keep for 10 s and hand back stale after a change.
  const { transactions } = await callOperation('listSessionTransactions', { params: { sessionId }, background: true, holderProof });
  const pending = transactions
    .filter((t) => t.kind === 'payout' && PENDING_PAYOUT.has(t.status))
    .map((t) => ({
      id: t.id,
      amount: t.amount,
      currency: t.currency,
      status: t.status,
      createdAt: t.createdAt,
      ...(t.transactionType ? { transactionType: t.transactionType } : {}),
      ...(t.payoutDueAt ? { payoutDueAt: t.payoutDueAt } : {}),
    }));
  pendingCache.set(sessionId, pending);
  return pending;
}

/** The snapshot as the service has it now. Throws PaymentsApiError (404 for an unknown session). */
export async function loadWidgetSnapshot(
  sessionId: string,
  holderProof: string | null = null,
): Promise<WidgetSnapshot & { expiresAt: string }> {
  const [session, pending] = await Promise.all([
    callOperation('getCashierSession', { params: { sessionId }, background: true, holderProof }),
    pendingWithdrawals(sessionId, false, holderProof),
  ]);
  return {
    balance: session.balance ?? null,
    available: session.available ?? session.balance ?? null,
    reserved: session.reserved ?? 0,
    currency: session.currency,
    status: session.status,
    pending,
    expiresAt: session.expiresAt,
  };
}

/** One load per session per instance per second, shared by every concurrent poll. */
const COALESCE_MS = 1_000;
const coalesced = new LRUCache<string, WidgetSnapshot & { expiresAt: string }, string | null>({
  max: 10_000,
  ttl: COALESCE_MS,
  fetchMethod: (sessionId, _stale, { context }) => loadWidgetSnapshot(sessionId, context),
});

/**
 * The snapshot, at most COALESCE_MS old; concurrent callers share one load, made with the proof
 * of the first (every caller is a holder the route checked). Throws PaymentsApiError.
 */
export async function coalescedWidgetSnapshot(
  sessionId: string,
  holderProof: string | null,
): Promise<WidgetSnapshot & { expiresAt: string }> {
  const value = await coalesced.fetch(sessionId, { context: holderProof });
  if (!value) throw new Error('no snapshot');
  return value;
}
