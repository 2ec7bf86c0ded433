/**
 * The sandbox's background work: applies due timed outcomes, the sandbox bank's included (its
 * payments and the answers to its instant credit transfers) and a cashier withdrawal's release once
 * its time to give a destination has run out (cashier/withdrawal-expiry.ts), the payout deadline's events of
 * withdrawals under a licence that sets one and the count of those past it (cashier/payout-deadline.ts), and the sandbox merchant's automatic
 * Pay N Play decisions (so their webhooks go out even when nobody fetches the transaction) and
 * delivers due webhooks. A deposit left awaiting the player's limits is paid in the request that
 * answers them (deposits-awaiting-limits.ts); the worker only returns it at its deadline, as a
 * timed outcome. Started once per server process
 * from instrumentation.ts; tests call `runSandboxWorkerOnce`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { logger } from '@hosted-checkout/runtime/log';
import { settleDuePayins } from './payins/payin-loading';
import { settleDuePayouts } from './payouts/payouts';
import { pruneSessionChanges } from './cashier/session-changes';
import { sandboxDb } from './core/store';
import { deliverDueWebhooks } from './core/webhooks';
import { settleDueBankPayments } from './bank/bank-payments';
import { settleDueCreditTransfers } from './bank/credit-transfers';
import { settleDueAutoDecisions } from './cashier/player-decision';
import { countPayoutsPastDeadline, notifyPayoutDeadlines } from './cashier/payout-deadline';
import { listenToStatusChanges } from './responsible-gambling/status-listeners';
import { registerSrcSeeds } from './src-system/seed-profiles';
import { listenToLinkSettlements } from './src-system/status-listener';

// The rules that hear the status writer, before the worker or any page pays (core/status-events.ts).
listenToStatusChanges();
registerSrcSeeds();
listenToLinkSettlements();

/** One pass: settle, then deliver. Returns the number of webhooks attempted. */
export async function runSandboxWorkerOnce(db: Db, now = new Date()): Promise<number> {
  await db.transaction(async (tx) => {
    await settleDuePayins(tx, now);
    await settleDuePayouts(tx, now);
    await settleDueBankPayments(tx, now);
    await settleDueCreditTransfers(tx, now);
    await settleDueAutoDecisions(tx, now);
    await notifyPayoutDeadlines(tx, now);
  });
  await countPayoutsPastDeadline(db, now);
  const g = globalThis as GlobalWithWorker;
  if (now.getTime() - (g[pruned] ?? 0) >= 60_000) {
    g[pruned] = now.getTime();
    await pruneSessionChanges(db, now);
  }
  return deliverDueWebhooks(db, now);
}

const pruned = Symbol.for('hosted-checkout.session-changes-pruned');

const key = Symbol.for('hosted-checkout.sandbox-worker');
type GlobalWithWorker = typeof globalThis & { [key]?: NodeJS.Timeout; [pass]?: Promise<unknown>; [pruned]?: number };
const pass = Symbol.for('hosted-checkout.sandbox-worker-pass');

/** Starts the worker (every `intervalMs`), once per process. */
export function startSandboxWorker(intervalMs = 500): void {
  const g = globalThis as GlobalWithWorker;
  if (g[key]) return;
  let running = false;
  g[key] = setInterval(() => {
    if (running) return;
    running = true;
    g[pass] = sandboxDb()
      .then((db) => runSandboxWorkerOnce(db))
      .catch((error: unknown) => logger.error({ err: error }, 'sandbox worker pass failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  g[key].unref();
}

/**
 * Stops the worker (graceful shutdown): it claims nothing more, and the pass under way (its
 * claimed webhooks) is awaited. Deliveries not yet claimed stay due for another instance.
 */
export async function stopSandboxWorker(): Promise<void> {
  const g = globalThis as GlobalWithWorker;
  if (g[key]) clearInterval(g[key]);
  delete g[key];
  await g[pass];
}

/** Whether the sandbox's database answers a query (the checkout's readiness, `database`). Rejects when it does not. */
export async function pingSandboxDatabase(): Promise<boolean> {
  await (await sandboxDb()).execute(sql`select 1`);
  return true;
}
