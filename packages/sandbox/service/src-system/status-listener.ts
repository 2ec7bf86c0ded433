/**
 * The SRC system's listener on the status writer (core/status-events.ts), as responsible
 * gambling registers its own: a pay-in's new status settles the Click to Pay links asked with its
 * typed card (link.ts `settleLinks`: SUCCESS makes the pending card ACTIVE; DECLINED, FAILED or
 * TIMEOUT remove it), in the writer's transaction. Registered by the sandbox's entry points
 * (http.ts, worker.ts); registering again replaces, by name.
 */
import { onStatusChange } from '../core/status-events';
import { settleLinks } from './link';

/** Registers the listener that settles a pay-in's Click to Pay links (idempotent). */
export function listenToLinkSettlements(): void {
  onStatusChange('src-system: links', async (tx, change) => {
    if (change.kind === 'payin' && change.row.status !== change.previous) await settleLinks(tx, change.row.id, change.row.status);
  });
}
