/**
 * The site's webhook receiver: every delivery verified (Standard Webhooks, with the client
 * package's `verifyWebhook`), applied once by its `webhook-id`, then answered 204; a delivery that
 * fails verification gets 400 and changes nothing. What it does with the events
 * (docs/integration.md, "Crediting the player"):
 * - a cashier deposit paid (`payin.status_changed` to SUCCESS, with `data.cashier`): the player
 *   named by `data.cashier.externalUserId` is credited what they paid less the cashier fee, and the
 *   new balance is sent to the session (PUT …/balance), which the widget shows at once;
 * - a withdrawal sent (`payout.status_changed` to PROCESSED, with `data.cashier`): debited, fee
 *   included; until then the service holds it as reserved, so nothing is booked at its creation and
 *   nothing to undo when it is cancelled, rejected or fails;
 * - a withdrawal waiting for the merchant (WAITING_FOR_CONFIRMATION): approved up to AUTO_APPROVE_MINOR
 *   while the ledger covers it and the withdrawals approved and not yet debited, rejected when it does not
 *   (a prize, outside the cashier, is the site's own money: approved up to AUTO_APPROVE_MINOR);
 * - a shop order's pay-in (no `data.cashier`): the order is paid, or not;
 * - `launch.spent`: kept on the player's page (when and from where their cashier was opened).
 */
import { verifyWebhook, WebhookVerificationError } from '@hosted-checkout/client';
import { config } from './config.mjs';
import { book, findOrder, findPlayer, markApplied, playerOfSession, wasApplied, withPlayer } from './ledger.mjs';
import { toMinor } from './money.mjs';
import { approve, reject, sendBalance } from './payments.mjs';

/** @typedef {import('@hosted-checkout/client').WebhookEvent} WebhookEvent */
/** @typedef {Extract<WebhookEvent, { type: 'payin.status_changed' | 'payout.status_changed' }>} PaymentEvent */

/** Deliveries being applied now, by webhook-id: a resend arriving meanwhile waits for the first. */
const inFlight = new Map();

/**
 * Verifies and applies one delivery. Answers the HTTP status for the service: 204 applied (or applied
 * before), 400 not verified. Throws when applying failed, so the caller answers 500 and the service retries.
 * @param {Buffer} rawBody @param {import('node:http').IncomingHttpHeaders} headers @param {string} secret
 */
export async function receiveWebhook(rawBody, headers, secret) {
  /** @type {WebhookEvent} */
  let event;
  try {
    event = verifyWebhook(rawBody, headers, secret);
  } catch (error) {
    if (error instanceof WebhookVerificationError) return 400;
    throw error;
  }
  const id = String(headers['webhook-id']);
  if (wasApplied(id)) return 204;
  let applying = inFlight.get(id);
  if (!applying) {
    applying = apply(event).then(() => markApplied(id));
    inFlight.set(id, applying);
    applying.finally(() => inFlight.delete(id)).catch(() => undefined);
  }
  await applying;
  return 204;
}

/** @param {WebhookEvent} event */
async function apply(event) {
  if (event.type === 'launch.spent') return spent(event);
  if (event.type === 'payin.status_changed') return payin(event);
  if (event.type === 'payout.status_changed') return payout(event);
}

/** A pay-in's event (`payin.status_changed`). @param {PaymentEvent} event */
async function payin(event) {
  const { object, cashier } = event.data;
  if (!('amount' in object)) return;
  if (!cashier) {
    const order = findOrder(object.orderId);
    if (!order) return;
    // The chargeback risk of the order: whether 3-D Secure moved the fraud liability to the card issuer.
    if (object.threeDs) {
      const { outcome, exemption, outOfScope, liabilityShift } = object.threeDs;
      order.threeDs = { outcome, ...(exemption ? { exemption } : {}), ...(outOfScope ? { outOfScope } : {}), liabilityShift };
    }
    if (object.status === 'SUCCESS') order.status = 'PAID';
    else if (['DECLINED', 'FAILED', 'EXPIRED', 'CANCELLED'].includes(object.status)) order.status = 'NOT_PAID';
    return;
  }
  const player = cashier.externalUserId ? findPlayer(cashier.externalUserId) : undefined;
  if (object.status !== 'SUCCESS' || !player || object.initialCurrency !== config.currency) return;
  // The player's money is what they paid in the session's currency, less the cashier fee it included.
  const credit = toMinor(object.initialAmount) - toMinor(object.fee ?? 0);
  await withPlayer(player, async () => {
    book(player, 'deposit', credit, object.id);
    await sendBalance(player);
  });
}

/** A payout's event (`payout.status_changed`). @param {PaymentEvent} event */
async function payout(event) {
  const { object, cashier } = event.data;
  if (!('value' in object)) return;
  const player = cashier?.externalUserId ? findPlayer(cashier.externalUserId) : undefined;
  // What the player's balance loses: what is sent and the fee the player paid on top.
  const debit = toMinor(object.initialAmount) + toMinor(object.fee ?? 0);
  if (object.status === 'WAITING_FOR_CONFIRMATION') {
    // A prize (outside the cashier) is the site's own money; a withdrawal is approved only while the ledger covers it
    // and every withdrawal approved and not yet debited (the session's balance may count a paid one for a moment).
    if (!player) return toMinor(object.initialAmount) <= config.autoApproveMinor ? approve(object.id) : undefined;
    return withPlayer(player, async () => {
      const committed = [...player.approved.values()].reduce((sum, minor) => sum + minor, 0);
      if (debit > config.autoApproveMinor) return;
      if (player.balanceMinor - committed < debit) return reject(object.id);
      player.approved.set(object.id, debit);
      await approve(object.id);
    });
  }
  if (!player || object.initialCurrency !== config.currency) return;
  if (object.status === 'PROCESSED')
    await withPlayer(player, async () => {
      player.approved.delete(object.id);
      book(player, 'withdrawal', debit, object.id);
      await sendBalance(player);
    });
  else if (['REJECTED', 'FAILED', 'TIMEOUT'].includes(object.status)) player.approved.delete(object.id);
}

/** @param {Extract<WebhookEvent, { type: 'launch.spent' }>} event */
function spent(event) {
  const sessionId = event.data.sessionId;
  if (!sessionId) return;
  const player = playerOfSession(sessionId);
  player?.launches.unshift({
    at: event.data.spentAt,
    page: event.data.page,
    ipAddress: event.data.client.ipAddress ?? '',
    userAgent: event.data.client.userAgent ?? '',
  });
}
