/**
 * The reference merchant's configuration, from its environment (every variable optional; the
 * defaults fit `npm run demo` on this machine):
 * - CHECKOUT_URL: the hosted checkout's origin (http://localhost:3000);
 * - API_URL: the payments service's API root (the demo's embedded sandbox: CHECKOUT_URL + /sandbox/api);
 * - MERCHANT_ID, MERCHANT_TOKEN: the merchant's id and bearer token at the service (the sandbox's
 *   reference merchant, merchant-reference / sbx_reference_merchant);
 * - PORT, HOST: where this site listens (3001 on 127.0.0.1: loopback only, and an origin other than
 *   the checkout's, as a merchant's site is);
 * - PUBLIC_URL: this site's origin as browsers and the service reach it (http://127.0.0.1:PORT); its
 *   `/webhooks` is the webhook URL the site sets at start;
 * - WEBHOOK_SECRET: the signing secret, when the operator copied it from the console; without it
 *   the site rolls a new one at start (POST /public/merchant/{id}/webhook-secret) and keeps it;
 * - AUTO_APPROVE_MINOR: withdrawals up to this many cents are approved by the site's rule (10000,
 *   i.e. EUR 100.00); above it they wait for the back office (this site has none: they stay waiting).
 */

/** @param {string} name @param {string} fallback */
const env = (name, fallback) => process.env[name]?.trim() || fallback;

const port = Number(env('PORT', '3001'));
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a TCP port, not ${process.env.PORT}`);

const checkoutUrl = new URL(env('CHECKOUT_URL', 'http://localhost:3000')).origin;

export const config = {
  checkoutUrl,
  apiUrl: env('API_URL', `${checkoutUrl}/sandbox/api`).replace(/\/+$/, ''),
  merchantId: env('MERCHANT_ID', 'merchant-reference'),
  merchantToken: env('MERCHANT_TOKEN', 'sbx_reference_merchant'),
  port,
  host: env('HOST', '127.0.0.1'),
  publicUrl: new URL(env('PUBLIC_URL', `http://127.0.0.1:${port}`)).origin,
  webhookSecret: process.env.WEBHOOK_SECRET?.trim() || null,
  autoApproveMinor: Number(env('AUTO_APPROVE_MINOR', '10000')),
  /** The site's one currency (ISO 4217) and its minor units. */
  currency: 'EUR',
  minorUnits: 2,
};
