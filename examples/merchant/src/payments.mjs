/**
 * The site's calls to the payments service, all through the client package
 * (`@hosted-checkout/client`, installed as any merchant installs it): the cashier session of a
 * player (created with the balance the site keeps, and kept while it lasts), the balance sent after
 * every booking, the shop's pay-ins, the prize payouts, and the launch redirects that frame the
 * hosted pages without putting a launch secret in a page.
 */
import { createPaymentsClient, launchRedirect, must } from '@hosted-checkout/client';
import { config } from './config.mjs';
import { withPlayer } from './ledger.mjs';
import { toMajor } from './money.mjs';

/** @typedef {import('./ledger.mjs').Player} Player */

export const api = createPaymentsClient({ baseUrl: config.apiUrl, token: config.merchantToken });

/** The service's `customer` of a player (the sample billing address of a London player). */
const customerOf = (/** @type {Player} */ player) => ({
  externalUserId: player.id,
  firstName: player.firstName,
  lastName: player.lastName,
  email: player.email,
  phoneNumber: '+442071234567',
  dateOfBirth: '1990-12-10',
  billing: { address: '1 Main Street', city: 'London', state: 'London', countryCode: 'GB', postalCode: 'N1 1AA' },
});

/** Where the service sends the player back after a page of a session: the site's home. */
const home = () => ({ success: `${config.publicUrl}/`, failure: `${config.publicUrl}/` });

/**
 * The player's cashier session: the one created before while it has more than a minute left, else a
 * new one holding the player's balance (POST /public/cashier/session). Answers its id. Made in the
 * player's queue: two tabs opened at once share one session, and no credit lands between reading
 * the balance and the session that holds it.
 */
export function sessionOf(/** @type {Player} */ player) {
  return withPlayer(player, () => freshSession(player));
}

/** sessionOf's work, inside the player's queue. */
async function freshSession(/** @type {Player} */ player) {
  if (player.sessionId && player.sessionExpiresAt - Date.now() > 60_000) return player.sessionId;
  const created = must(
    await api.POST('/public/cashier/session', {
      body: {
        customer: customerOf(player),
        currency: config.currency,
        balance: toMajor(player.balanceMinor),
        kycVerified: true,
        previousTransactionCount: player.entries.length,
        returnUrls: home(),
      },
    }),
    'create the cashier session',
  );
  player.sessionId = created.sessionId;
  player.sessionExpiresAt = created.launchExpiresAt ? Date.parse(created.launchExpiresAt) : Date.now() + 30 * 60_000;
  return created.sessionId;
}

/**
 * Sends the player's balance to their session (PUT …/balance), so the cashier and the widget show it
 * at once (the widget's live balance). Run inside the player's queue. A session that has ended is
 * left alone: the next one is created with the balance.
 */
export async function sendBalance(/** @type {Player} */ player) {
  if (!player.sessionId) return;
  const { error, response } = await api.PUT('/public/cashier/session/{sessionId}/balance', {
    params: { path: { sessionId: player.sessionId } },
    body: { balance: toMajor(player.balanceMinor) },
  });
  if (error && response.status !== 404 && response.status !== 409)
    throw new Error(`send the balance: ${response.status} ${error.errorKey}`);
}

/** A pay-in for a shop order (POST /public/payin); the player comes back to the order's page. Answers the card page's address. */
export async function payinFor(/** @type {Player} */ player, /** @type {import('./ledger.mjs').Order} */ order) {
  const back = `${config.publicUrl}/shop/orders/${order.orderId}`;
  const created = must(
    await api.POST('/public/payin', {
      body: {
        orderId: order.orderId,
        amount: toMajor(order.amountMinor),
        currency: config.currency,
        kycVerified: true,
        previousTransactionCount: player.entries.length,
        customer: customerOf(player),
        returnUrls: { success: back, failure: back },
      },
    }),
    'create the pay-in',
  );
  order.paymentId = created.paymentId;
  order.cardUrl = created.iframeUrls.card;
  return created.iframeUrls.card;
}

/** A prize paid out to the player (POST /public/payout, outside the cashier: the site's own money). Answers the payout's id. */
export async function prizePayout(/** @type {Player} */ player, /** @type {number} */ amountMinor) {
  const created = must(
    await api.POST('/public/payout', {
      body: {
        orderId: `prize-${player.id}-${Date.now()}`,
        value: toMajor(amountMinor),
        currency: config.currency,
        kycVerified: true,
        customer: customerOf(player),
      },
    }),
    'create the prize payout',
  );
  return created.payoutId;
}

/** Approves a withdrawal waiting for the merchant (PUT …/confirm). A payout no longer waiting (409) is left as it is. */
export async function approve(/** @type {string} */ payoutId) {
  const { error, response } = await api.PUT('/public/payout/{payoutId}/confirm', { params: { path: { payoutId } } });
  if (error && response.status !== 409) throw new Error(`approve ${payoutId}: ${response.status} ${error.errorKey}`);
}

/** Rejects a withdrawal waiting for the merchant (PUT …/reject): its amount is released. One no longer waiting (409) is left as it is. */
export async function reject(/** @type {string} */ payoutId) {
  const { error, response } = await api.PUT('/public/payout/{payoutId}/reject', { params: { path: { payoutId } } });
  if (error && response.status !== 409) throw new Error(`reject ${payoutId}: ${response.status} ${error.errorKey}`);
}

/**
 * The launch redirect of a page the player owns (a 303 to a new one-time address: the client's
 * `launchRedirect`), as Node's `http` writes it.
 * @param {import('node:http').ServerResponse} response
 * @param {import('@hosted-checkout/client').LaunchTarget} target
 */
export async function redirectToLaunch(response, target) {
  const redirect = await launchRedirect(api, target);
  response.writeHead(redirect.status, Object.fromEntries(redirect.headers)).end();
}

/**
 * Sets where the service sends this site's events (PUT …/checkout-settings: the settings as the GET
 * answers them, with `webhookUrl`) and answers the signing secret: the configured one, or a new one
 * rolled for this start (POST …/webhook-secret).
 */
export async function subscribeToWebhooks() {
  const merchantId = { params: { path: { merchantId: config.merchantId } } };
  const settings = must(await api.GET('/public/merchant/{merchantId}/checkout-settings', merchantId), 'read the checkout settings');
  must(
    await api.PUT('/public/merchant/{merchantId}/checkout-settings', {
      ...merchantId,
      body: { ...settings, webhookUrl: `${config.publicUrl}/webhooks` },
    }),
    'set the webhook URL',
  );
  if (config.webhookSecret) return config.webhookSecret;
  return must(await api.POST('/public/merchant/{merchantId}/webhook-secret', merchantId), 'roll the webhook secret').webhookSecret;
}

/** The hosted checkout's embed script release in force, and its Subresource Integrity hash, from its manifest. */
export async function embedScript() {
  const response = await fetch(`${config.checkoutUrl}/embed/manifest.json`);
  if (!response.ok) throw new Error(`the embed manifest: ${response.status}`);
  const manifest = /** @type {{ current: string, files: Record<string, { integrity: string }> }} */ (await response.json());
  const file = manifest.files[manifest.current];
  if (!file) throw new Error('the embed manifest names no current release');
  return { src: `${config.checkoutUrl}${manifest.current}`, integrity: file.integrity };
}
