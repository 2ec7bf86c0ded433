/**
 * The failover test's ledger after the run (failover-test.mjs), read from the database: what the
 * customers were told against the pay-ins' rows and the processing answers kept, and the
 * webhooks queued against those the merchant's receiver got.
 */
import { sleep } from './failover-requests.mjs';

/**
 * The pay-ins of `payments` (failover-customers.mjs) in the database (`db`: a pg Pool): `rows`
 * ({ id, status, attempt_count }), `created`, `toldPaid`, `lost` (told paid, not SUCCESS),
 * `missingRows`, `chargedTwice` (more than one attempt), `keyed` (pay-ins with two charging
 * processing answers), `successInDb`, `gaveUp`, `notPaid` (told another status).
 */
export async function readLedger(db, payments) {
  const created = payments.filter((p) => p.paymentId);
  const ids = created.map((p) => p.paymentId);
  const { rows } = await db.query('SELECT id, status, attempt_count FROM payins WHERE id = ANY($1)', [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const toldPaid = created.filter((p) => p.told === 'SUCCESS');
  const lost = toldPaid.filter((p) => byId.get(p.paymentId)?.status !== 'SUCCESS');
  const missingRows = created.filter((p) => !byId.has(p.paymentId)).length;
  const chargedTwice = rows.filter((r) => r.attempt_count > 1);
  // Processing answers kept per pay-in (one per Idempotency-Key that charged): more than one is a second charge.
  const { rows: keyed } = await db.query(
    `SELECT split_part(key, ':', 2) AS payment_id, count(*)::int AS n FROM idempotency_keys
      WHERE operation = 'processCard' AND response_status = 200 AND response_body->>'status' = 'SUCCESS'
        AND split_part(key, ':', 2) = ANY($1) GROUP BY 1 HAVING count(*) > 1`,
    [ids],
  );
  const successInDb = rows.filter((r) => r.status === 'SUCCESS').length;
  const gaveUp = payments.filter((p) => p.gaveUp);
  const notPaid = created.filter((p) => p.told !== 'SUCCESS' && !p.gaveUp);
  return { rows, created, toldPaid, lost, missingRows, chargedTwice, keyed, successInDb, gaveUp, notPaid };
}

/**
 * Webhooks: waits (up to 120 s) until every delivery to `hook` is marked delivered (a lease lost in
 * the failover is taken again after 30 s), then compares with what the receiver got (`deliveries`,
 * by webhook-id) and the pay-ins' `rows`: `undelivered`, `outbox`, `neverReceived`, `duplicates`
 * (delivered more than once), `paidTwiceByEvents`, `paidWithoutEvent`.
 */
export async function drainWebhooks(db, hook, deliveries, rows) {
  const drainStart = performance.now();
  let undelivered = Infinity;
  while (performance.now() - drainStart < 120_000) {
    undelivered = Number(
      (await db.query('SELECT count(*) AS n FROM webhook_deliveries WHERE delivered_at IS NULL AND url = $1', [hook])).rows[0].n,
    );
    if (undelivered === 0) break;
    await sleep(500);
  }
  const { rows: outbox } = await db.query('SELECT id, transaction_id, body FROM webhook_deliveries WHERE url = $1', [hook]);
  const neverReceived = outbox.filter((row) => !deliveries.has(row.id)).length;
  const duplicates = [...deliveries.values()].filter((d) => d.count > 1);
  const successEvents = new Map();
  for (const d of deliveries.values())
    if (d.type === 'payin.status_changed' && d.status === 'SUCCESS')
      successEvents.set(d.objectId, (successEvents.get(d.objectId) ?? 0) + 1);
  const paidTwiceByEvents = [...successEvents.values()].filter((n) => n > 1).length;
  const paidWithoutEvent = rows.filter((r) => r.status === 'SUCCESS' && !successEvents.has(r.id)).length;
  return { undelivered, outbox, neverReceived, duplicates, paidTwiceByEvents, paidWithoutEvent };
}
