/**
 * The session-changes long poll in the sandbox (docs/design.md, E18): `POST
 * /public/cashier/session-changes`, a long poll over the watched cashier sessions. Changes are
 * rows of `cashier_session_changes`, written by triggers in the transaction that changes a
 * balance or a withdrawal (packages/sandbox/drizzle/0003_session_changes.sql), which also NOTIFY on commit; any
 * sandbox process on the same PostgreSQL wakes its waiters.
 *
 * The cursor is `{xmin}.{epoch ms}`: the snapshot's xmin when the previous answer was read. An
 * answer holds the changes written by transactions with an id in [previous xmin, current xmin):
 * every one of them has ended, so a change committed after a later one is never skipped. A cursor
 * older than the 10 minutes changes are kept answers every watched session, as no cursor does.
 */
import { proves } from '../core/page-holders';
import { and, inArray, sql, sum } from 'drizzle-orm';
import { listenDb, type Db, type Unlisten } from '@sandbox/db/client';
import { cashierSessionChanges, cashierSessions, payouts } from '@sandbox/db/schema';
import type { SessionChange, SessionChangesAnswer } from '@hosted-checkout/contract/session-changes';
import { toMajor } from '@hosted-checkout/contract/money';
import { logger } from '@hosted-checkout/runtime/log';
import { isShuttingDown, onShutdown } from '@hosted-checkout/runtime/net/shutdown';
import { canAccess, type Principal } from '../core/auth';
import { balances } from './sessions';
import { reservationMinor, RESERVING } from '../core/records';

/** How long change rows are kept (ms); the worker prunes older ones. */
const CHANGES_RETENTION_MS = 10 * 60_000;
/** A waiter re-reads at least this often (ms), whatever the notifications. */
const RECHECK_MS = 1_000;
const CHANNEL = 'cashier_session_changes';

interface Waiter {
  ids: ReadonlySet<string>;
  wake: () => void;
}

const state = globalThis as typeof globalThis & { [k: symbol]: unknown };
const key = Symbol.for('hosted-checkout.session-change-waiters');
const waiters = (state[key] ??= new Set<Waiter>()) as Set<Waiter>;
const listenKey = Symbol.for('hosted-checkout.session-change-listen');

/** Starts, once per process, the LISTEN that wakes the waiters watching a changed session. */
function ensureListening(): void {
  if (state[listenKey]) return;
  const started: Promise<Unlisten | null> = listenDb(
    CHANNEL,
    (sessionId) => {
      for (const waiter of waiters) if (waiter.ids.has(sessionId)) waiter.wake();
    },
    () => {
      logger.warn('session-changes LISTEN lost; waiters re-read every second until it is back');
      delete state[listenKey];
    },
  ).catch((error: unknown) => {
    logger.warn({ err: error }, 'session-changes LISTEN failed');
    delete state[listenKey];
    return null;
  });
  state[listenKey] = started;
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * The snapshot's xmin and the watched sessions changed by transactions in [after, xmin), in one
 * statement, each with whether a withdrawal changed (else the balance alone).
 */
async function readChanges(
  db: Db,
  ids: string[],
  after: number | null,
): Promise<{ xmin: number; changed: string[]; withdrawals: Map<string, boolean> }> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin)
    SELECT h.xmin::text AS xmin, c.session_id, c.withdrawals
    FROM h LEFT JOIN LATERAL (
      SELECT ${cashierSessionChanges.sessionId} AS session_id, bool_or(${cashierSessionChanges.withdrawals}) AS withdrawals FROM ${cashierSessionChanges}
      WHERE ${after === null ? sql`false` : sql`${cashierSessionChanges.txId} >= ${after}`}
        AND ${cashierSessionChanges.txId} < h.xmin AND ${cashierSessionChanges.sessionId} IN (${list})
      GROUP BY ${cashierSessionChanges.sessionId}
    ) c ON true`);
  const rows = rowsOf(result).filter((r) => typeof r.session_id === 'string');
  return {
    xmin: Number(rowsOf(result)[0]?.xmin),
    changed: rows.map((r) => r.session_id as string),
    withdrawals: new Map(rows.map((r) => [r.session_id as string, r.withdrawals !== false])),
  };
}

/** The sessions' balance, reserved and available now (major units). */
async function statesOf(db: Db, sessions: { id: string; currency: string; balanceMinor: number | null }[]): Promise<SessionChange[]> {
  if (sessions.length === 0) return [];
  const reservedRows = await db
    .select({ sessionId: payouts.sessionId, total: sum(reservationMinor) })
    .from(payouts)
    .where(
      and(
        inArray(
          payouts.sessionId,
          sessions.map((s) => s.id),
        ),
        inArray(payouts.status, RESERVING),
      ),
    )
    .groupBy(payouts.sessionId);
  const reserved = new Map(reservedRows.map((r) => [r.sessionId, Number(r.total ?? 0)]));
  return sessions.map((s) => {
    const reservedHere = reserved.get(s.id) ?? 0;
    if (s.balanceMinor === null) return { sessionId: s.id, balance: null, reserved: toMajor(reservedHere, s.currency), available: null };
    return { sessionId: s.id, ...balances(s.balanceMinor, reservedHere, s.currency) };
  });
}

/**
 * The watched sessions the principal may see: a merchant its own; the hosted pages' credential
 * those it proves to hold, by `proofs` (each session id's holder proofs).
 */
async function accessibleSessions(db: Db, principal: Principal, ids: string[], proofs: Map<string, string[]>) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: cashierSessions.id,
      merchantId: cashierSessions.merchantId,
      currency: cashierSessions.currency,
      balanceMinor: cashierSessions.balanceMinor,
      cashier: cashierSessions.bindingHash,
      widget: cashierSessions.widgetBindingHash,
    })
    .from(cashierSessions)
    .where(inArray(cashierSessions.id, ids));
  return rows.filter(
    (row) =>
      canAccess(principal, row.merchantId) &&
      (principal.role === 'merchant' || (proofs.get(row.id) ?? []).some((proof) => proves(proof, [row.cashier, row.widget]))),
  );
}

/** The proofs of the request that hold no watched session (any more): their watchers end. */
async function endedProofs(db: Db, proofs: Map<string, string[]>): Promise<string[]> {
  if (proofs.size === 0) return [];
  const rows = await db
    .select({ id: cashierSessions.id, cashier: cashierSessions.bindingHash, widget: cashierSessions.widgetBindingHash })
    .from(cashierSessions)
    .where(inArray(cashierSessions.id, [...proofs.keys()]));
  const held = new Map(rows.map((row) => [row.id, [row.cashier, row.widget]]));
  return [...proofs].flatMap(([id, list]) => list.filter((proof) => !proves(proof, held.get(id) ?? [])));
}

function parseCursor(after: string | undefined, now: number): number | null {
  if (!after) return null;
  const [xmin, at] = after.split('.').map(Number);
  if (xmin === undefined || at === undefined || !Number.isSafeInteger(xmin) || !Number.isSafeInteger(at)) return null;
  if (now - at > CHANGES_RETENTION_MS || at > now + 60_000) return null;
  return xmin;
}

/**
 * Answers at once when a watched session changed after `after` (or with every watched session
 * without a usable cursor), else when one changes, else after `waitSeconds` with nothing. Reads
 * outside any transaction and holds no connection while it waits; `signal` (the caller went
 * away) ends the wait.
 */
export async function watchSessionChanges(
  db: Db,
  principal: Principal,
  request: { sessionIds: string[]; after?: string; waitSeconds: number; holderProofs?: string[] },
  signal?: AbortSignal,
): Promise<SessionChangesAnswer> {
  const started = Date.now();
  const deadline = started + request.waitSeconds * 1000;
  const proofs = new Map<string, string[]>();
  request.sessionIds.forEach((id, index) => {
    const proof = request.holderProofs?.[index];
    if (proof) proofs.set(id, [...(proofs.get(id) ?? []), proof]);
  });
  // The hosted pages' credential watches only what its browsers hold; a proof that holds nothing ends its watchers.
  const ended = principal.role === 'checkout' ? await endedProofs(db, proofs) : [];
  const withEnded = <T extends object>(answer: T) => (ended.length > 0 ? { ...answer, ended } : answer);
  const sessions = await accessibleSessions(db, principal, [...new Set(request.sessionIds)], proofs);
  const ids = sessions.map((s) => s.id);
  const after = parseCursor(request.after, started);
  const cursor = (xmin: number) => `${xmin}.${Date.now()}`;
  if (after === null && ids.length > 0) {
    const { xmin } = await readChanges(db, ids, null);
    return withEnded({ cursor: cursor(xmin), changed: await statesOf(db, await accessibleSessions(db, principal, ids, proofs)) });
  }
  ensureListening();
  const watched = new Set(ids);
  for (;;) {
    let woken = false;
    let wake: () => void = () => {
      woken = true;
    };
    const waiter: Waiter = { ids: watched, wake: () => wake() };
    waiters.add(waiter);
    try {
      // No watched session is known: nothing can change; the wait still holds (no busy loop).
      const { xmin, changed, withdrawals } = await readChanges(db, ids.length > 0 ? ids : ['-'], after);
      if (changed.length > 0) {
        const now = await accessibleSessions(db, principal, changed, proofs);
        // The notice says what changed: a balance alone leaves the watcher's withdrawals list as it is.
        return withEnded({
          cursor: cursor(xmin),
          changed: (await statesOf(db, now)).map((s) => ({ ...s, withdrawalsChanged: withdrawals.get(s.sessionId) ?? true })),
        });
      }
      const left = deadline - Date.now();
      // At shutdown (SIGTERM) the poll answers now, nothing changed: held for its 25 s, it kept
      // the server from closing until SHUTDOWN_DEADLINE_MS (packages/runtime/src/net/shutdown.ts).
      if (left <= 0 || signal?.aborted || isShuttingDown()) return withEnded({ cursor: cursor(xmin), changed: [] });
      if (!woken) {
        await new Promise<void>((resolve) => {
          let stopOnShutdown = () => {};
          const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            stopOnShutdown();
            resolve();
          };
          const timer = setTimeout(done, Math.min(left, RECHECK_MS));
          wake = done;
          signal?.addEventListener('abort', done, { once: true });
          stopOnShutdown = onShutdown(done);
        });
      }
    } finally {
      waiters.delete(waiter);
    }
  }
}

/** Deletes change rows older than CHANGES_RETENTION_MS (the worker, at most once a minute). */
export async function pruneSessionChanges(db: Db, now = new Date()): Promise<void> {
  await db.delete(cashierSessionChanges).where(sql`${cashierSessionChanges.at} < ${new Date(now.getTime() - CHANGES_RETENTION_MS)}`);
}
