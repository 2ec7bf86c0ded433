/**
 * The status writer's events (records.ts: changePayin, changePayout), heard by rules the writer
 * does not know: a rule registers its listener here and the writer calls whatever is registered,
 * so the core layer imports none of the rules that listen (responsible gambling registers its
 * own: responsible-gambling/status-listeners.ts).
 *
 * - `guardPayment`: heard before a pay-in becomes SUCCESS, in the writer's transaction; a guard
 *   may answer why the pay-in must end DECLINED instead. The first refusal, in the order the
 *   guards were registered, is the one written.
 * - `onStatusChange`: heard after a pay-in's or payout's status changed, in the same transaction
 *   (a listener may write; what it throws aborts the change with it).
 *
 * A listener is registered under a name; the same name again replaces it, so a module loaded
 * twice (a route bundle and the start-up's) registers once. The registry lives on `globalThis`
 * (`Symbol.for`): every bundle of the process shares the start-up's. Fails closed: a pay-in is
 * never paid while no payment guard is registered (`paymentRefusal` throws).
 */
import type { Db } from '@sandbox/db/client';
import type { payins, payouts } from '@sandbox/db/schema';
import type { PayinStatus, PayoutStatus } from '@hosted-checkout/contract/enums';
import type { StoredStatusReason } from '@sandbox/db/stored-shapes';

type PayinRow = typeof payins.$inferSelect;
type PayoutRow = typeof payouts.$inferSelect;

/** A status just written: the row as it is now, and the status it had before. */
export type StatusChange =
  { kind: 'payin'; row: PayinRow; previous: PayinStatus } | { kind: 'payout'; row: PayoutRow; previous: PayoutStatus };

/** Heard after a status change, in the writer's transaction `tx`. */
export type StatusListener = (tx: Db, change: StatusChange) => Promise<void>;

/** Heard before `row` (locked by the writer) becomes SUCCESS: the reason to decline it instead, or null to let it be paid. */
export type PaymentGuard = (tx: Db, row: PayinRow) => Promise<StoredStatusReason | null>;

interface Registry {
  guards: Map<string, PaymentGuard>;
  listeners: Map<string, StatusListener>;
}

const key = Symbol.for('hosted-checkout.sandbox.status-events');

function registry(): Registry {
  const g = globalThis as typeof globalThis & { [key]?: Registry };
  g[key] ??= { guards: new Map(), listeners: new Map() };
  return g[key];
}

/** Registers (or replaces, by `name`) a guard heard before every pay-in is paid. */
export function guardPayment(name: string, guard: PaymentGuard): void {
  registry().guards.set(name, guard);
}

/** Registers (or replaces, by `name`) a listener heard after every status change. */
export function onStatusChange(name: string, listener: StatusListener): void {
  registry().listeners.set(name, listener);
}

/**
 * The first refusal of the registered guards for `row` about to become SUCCESS, or null. Throws
 * when no guard is registered: the sandbox's entry points register them (http.ts, worker.ts).
 */
export async function paymentRefusal(tx: Db, row: PayinRow): Promise<StoredStatusReason | null> {
  const { guards } = registry();
  if (guards.size === 0) throw new Error('No payment guard is registered: a pay-in is not paid unheard (core/status-events.ts)');
  for (const guard of guards.values()) {
    const refusal = await guard(tx, row);
    if (refusal) return refusal;
  }
  return null;
}

/** Tells every registered listener of `change`, one after another, in the writer's transaction. */
export async function emitStatusChange(tx: Db, change: StatusChange): Promise<void> {
  for (const listener of registry().listeners.values()) await listener(tx, change);
}
