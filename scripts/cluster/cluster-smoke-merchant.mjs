/**
 * The merchant's side of the cluster smoke (cluster-smoke.mjs): the typed client
 * (lib/payments-api/merchant-client.ts) on the cluster's sandbox as the demo merchant, the pay-ins
 * and cashier sessions it creates for the checks (EUR; amounts in major units, as the API takes
 * them), and the test cards' form fields.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createPaymentsClient, must } from '../../lib/payments-api/merchant-client.ts';

/** The sandbox's sample customer (its details; each pay-in or session gets its own externalUserId). */
const customer = JSON.parse(readFileSync('packages/sandbox/service/sample-customer.json', 'utf8'));

/** The card form's fields for test card `cardNumber` (expiry 12/34, CVV 123). */
export const card = (cardNumber) => ({ cardNumber, expiry: '12/34', cvv: '123', cardHolderName: 'Ada Lovelace' });

/**
 * The demo merchant on the sandbox at `sandboxOrigin`: `merchant` (the typed client), `payin(id)`
 * (the pay-in's details), `newPayin()` (a EUR 12 pay-in of a new customer) and
 * `newSession(balance)` (a EUR cashier session of a new customer with `balance`). Each call
 * throws unless the service answers it with success.
 */
export function smokeMerchant(sandboxOrigin) {
  const merchant = createPaymentsClient({ baseUrl: `${sandboxOrigin}/sandbox/api`, token: 'sbx_demo_merchant' });
  const payin = async (id) => must(await merchant.GET('/public/payin/{payinId}', { params: { path: { payinId: id } } }), 'get pay-in');
  const newPayin = async () =>
    must(
      await merchant.POST('/public/payin', {
        body: {
          orderId: `cluster-${randomUUID()}`,
          amount: 12,
          currency: 'EUR',
          kycVerified: false,
          previousTransactionCount: 0,
          customer: { ...customer, externalUserId: `c-${randomUUID()}` },
          returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
        },
      }),
      'create pay-in',
    );
  const newSession = async (balance) =>
    must(
      await merchant.POST('/public/cashier/session', {
        body: {
          customer: { ...customer, externalUserId: `c-${randomUUID()}` },
          returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
          currency: 'EUR',
          kycVerified: false,
          previousTransactionCount: 0,
          balance,
        },
      }),
      'create session',
    );
  return { merchant, payin, newPayin, newSession };
}
