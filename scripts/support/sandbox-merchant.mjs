/**
 * A merchant's calls to the embedded sandbox of a started build (run through tsx, for the typed
 * client): a pay-in, paying it with the frictionless test card, a cashier session.
 */
import { readFileSync } from 'node:fs';
import { createPaymentsClient, must } from '../../lib/payments-api/merchant-client.ts';

const customer = JSON.parse(readFileSync('packages/sandbox/service/sample-customer.json', 'utf8'));
const returnUrls = { success: 'https://example.com/ok', failure: 'https://example.com/ko' };

/** The typed client (lib/payments-api/merchant-client.ts) of the service at `origin` as `token`. */
const api = (origin, token) => createPaymentsClient({ baseUrl: `${origin}/sandbox/api`, token });

/**
 * A EUR pay-in of `amount` (major units; 25.50 unless given) of the merchant of `token`, for the
 * sample customer under `externalUserId` (the sample's own unless given); answers
 * `{ paymentId, iframeUrls }`.
 */
export const createPayin = async (origin, token = 'sbx_demo_merchant', { amount = 25.5, externalUserId } = {}) =>
  must(
    await api(origin, token).POST('/public/payin', {
      body: {
        orderId: `bench-${crypto.randomUUID()}`,
        amount,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        customer: externalUserId ? { ...customer, externalUserId } : customer,
        returnUrls,
      },
    }),
    'create pay-in',
  );

/**
 * Pays pay-in `paymentId` with the frictionless test card through the pages' credential, as the
 * card form's post would; throws unless it ends SUCCESS (a bench that meant a paid pay-in must
 * not measure another status).
 */
export async function payPayin(origin, paymentId) {
  const answer = must(
    await api(origin, 'sbx_checkout').POST('/public/payin/{payinId}/process/card', {
      params: { path: { payinId: paymentId } },
      body: {
        browser: { javascriptEnabled: true },
        cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2034', cvv: '123' },
        saveCard: false,
      },
    }),
    'pay the pay-in',
  );
  if (answer.status !== 'SUCCESS') throw new Error(`the test card left the pay-in ${answer.status}, not SUCCESS`);
}

/** A EUR cashier session with a balance of 100 (major units); answers `{ sessionId, checkoutUrl, widgetUrl }` (launch addresses: scripts/support/launch.mjs). */
export const createSession = async (origin, token = 'sbx_demo_merchant', externalUserId = `bench-${crypto.randomUUID()}`) =>
  must(
    await api(origin, token).POST('/public/cashier/session', {
      body: {
        customer: { ...customer, externalUserId },
        returnUrls,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        balance: 100,
      },
    }),
    'create session',
  );
