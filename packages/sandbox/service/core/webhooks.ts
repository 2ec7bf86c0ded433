/**
 * Webhooks of the sandbox. Deliveries are written to an outbox in the transaction of the
 * change they report and sent by `deliverDueWebhooks`: POST of the exact stored body with
 * `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (legacy), keyed with the merchant's
 * webhook secret as text (the UTF-8 bytes of the whole `whsec_…`, nothing decoded), and
 * the Standard Webhooks headers (standardwebhooks.com, v1): `webhook-id` (the delivery's id, the
 * same on every retry and resend), `webhook-timestamp` (Unix seconds of this attempt) and
 * `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, the secret's bytes being
 * the base64 after `whsec_`), signed with the `standardwebhooks` package;
 * retried on a non-2xx answer or no answer after 1, 2, 4, 8 and 16 s, each attempt logged
 * (its status, or the category of its failure); never to a private or metadata address
 * (packages/runtime/src/net/outbound.ts)
 * (docs/design.md, section 3 "Legacy host-to-host"; the public API's events follow the same rules).
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { merchants, webhookDeliveries } from '@sandbox/db/schema';
import { outboundPolicy } from '@sandbox/config';
import { logger } from '@hosted-checkout/runtime/log';
import { OutboundError, postOutbound } from '@hosted-checkout/runtime/net/outbound';
import { newId } from './store';
import type { DeliveryAttempt } from '@sandbox/db/stored-shapes';

/** Seconds to wait after failed attempt 1, 2, … before the next; after the last, no more. */
export const RETRY_DELAYS_S = [1, 2, 4, 8, 16];
/** How long a claimed delivery is held before another worker may try it. */
const LEASE_MS = 30_000;
const SEND_TIMEOUT_MS = 5_000;

/**
 * `sha256=<hex>`: HMAC-SHA256 of the raw body keyed with `secret` as text, the UTF-8 bytes of the
 * whole `whsec_…` (as docs/integration.md and the client package's `verifyXSignature` state).
 */
export const signature = (secret: string, body: string): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * The Standard Webhooks headers of one attempt: `webhook-id`, `webhook-timestamp` (s) and
 * `webhook-signature` over `id.timestamp.body`. Throws when the secret is not `whsec_` + base64.
 */
export function standardWebhookHeaders(secret: string, id: string, body: string, at = new Date()): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** Queues a webhook for delivery as soon as the worker runs. */
export async function enqueueWebhook(
  tx: Db,
  delivery: { merchantId: string; channel: 'h2h' | 'event'; eventType: string; transactionId: string; url: string; body: unknown },
): Promise<void> {
  await tx.insert(webhookDeliveries).values({
    id: newId('whd'),
    merchantId: delivery.merchantId,
    channel: delivery.channel,
    eventType: delivery.eventType,
    transactionId: delivery.transactionId,
    url: delivery.url,
    body: JSON.stringify(delivery.body),
    nextAttemptAt: new Date(),
  });
}

/** A public API event to the merchant's webhook URL, when the merchant has one. */
export async function enqueueEvent(
  tx: Db,
  merchantId: string,
  type: string,
  transactionId: string,
  data: Record<string, unknown>,
): Promise<void> {
  const [merchant] = await tx.select({ url: merchants.webhookUrl }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  if (!merchant?.url) return;
  const id = newId('evt');
  await enqueueWebhook(tx, {
    merchantId,
    channel: 'event',
    eventType: type,
    transactionId,
    url: merchant.url,
    body: { id, type, createdAt: new Date().toISOString(), data },
  });
}

/** Sends every due delivery once, a transaction's in the order they were queued. Returns how many were attempted. */
export async function deliverDueWebhooks(db: Db, now = new Date()): Promise<number> {
  // The claim: a lease until `lease`, which the sender must still hold when it records the attempt.
  const lease = new Date(now.getTime() + LEASE_MS);
  const due = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(isNull(webhookDeliveries.deliveredAt), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(20)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await tx.update(webhookDeliveries).set({ nextAttemptAt: lease }).where(eq(webhookDeliveries.id, row.id));
    }
    return rows;
  });
  // One transaction's deliveries go one after another, oldest first (a Pending3DS before its
  // Declined); different transactions' in parallel.
  const byTransaction = new Map<string, typeof due>();
  for (const delivery of [...due].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const group = byTransaction.get(delivery.transactionId) ?? [];
    group.push(delivery);
    byTransaction.set(delivery.transactionId, group);
  }
  await Promise.all(
    [...byTransaction.values()].map(async (group) => {
      for (const delivery of group) await attempt(db, delivery, lease);
    }),
  );
  return due.length;
}

async function attempt(db: Db, delivery: typeof webhookDeliveries.$inferSelect, lease: Date): Promise<void> {
  const [merchant] = await db
    .select({ secret: merchants.webhookSecret })
    .from(merchants)
    .where(eq(merchants.id, delivery.merchantId))
    .limit(1);
  const started = Date.now();
  const entry: DeliveryAttempt = { at: new Date(started).toISOString(), durationMs: 0 };
  try {
    entry.status = await postOutbound(
      delivery.url,
      {
        'Content-Type': 'application/json',
        'User-Agent': 'payments-sandbox-webhooks/1',
        'X-Signature': signature(merchant?.secret ?? '', delivery.body),
        'X-Webhook-Id': delivery.id,
        'X-Webhook-Attempt': String(delivery.attempts + 1),
        ...standardWebhookHeaders(merchant?.secret ?? '', delivery.id, delivery.body, new Date(started)),
      },
      delivery.body,
      { timeoutMs: SEND_TIMEOUT_MS, policy: outboundPolicy() },
    );
  } catch (error) {
    // A category only (refused, timeout, unreachable): the raw error would describe the network.
    entry.error = OutboundError.is(error) ? error.category : 'unreachable';
  }
  // Timed only when answered: how long a refusal or silence took would tell open ports from closed ones.
  entry.durationMs = entry.status !== undefined ? Date.now() - started : 0;
  const ok = entry.status !== undefined && entry.status >= 200 && entry.status < 300;
  const attempts = delivery.attempts + 1;
  const delay = RETRY_DELAYS_S[attempts - 1];
  const recorded = await db
    .update(webhookDeliveries)
    .set({
      attempts,
      deliveredAt: ok ? new Date() : null,
      nextAttemptAt: ok || delay === undefined ? null : new Date(Date.now() + delay * 1000),
      log: sql`${webhookDeliveries.log} || ${JSON.stringify([entry])}::jsonb`,
    })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.nextAttemptAt, lease)))
    .returning({ id: webhookDeliveries.id });
  // Another sender took the delivery over after our lease ran out: its record stands.
  if (recorded.length === 0) logger.warn({ deliveryId: delivery.id }, 'webhook lease lost before the attempt was recorded');
}
