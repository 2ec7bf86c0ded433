/**
 * A merchant's server as a merchant writes it, plain ESM importing the client package by its name
 * and nothing else (pack.test.ts copies it into a folder outside the repository where the packed
 * package is installed, and runs it with node). API: the service's API root; TOKEN: the
 * merchant's token; SECRET, DELIVERY: a webhook secret and a delivery `{ body, headers }` signed
 * with it. Prints what it got as one JSON line.
 */
import {
  createPaymentsClient,
  isCheckoutMessage,
  launchRedirect,
  must,
  verifyWebhook,
  verifyXSignature,
  WebhookVerificationError,
} from '@hosted-checkout/client';

const { API, SECRET, DELIVERY, TOKEN } = process.env;
const api = createPaymentsClient({ baseUrl: API + '/', token: TOKEN });
const created = must(
  await api.POST('/public/payin', { body: { orderId: 'order-1001', amount: 25.5, currency: 'EUR' } }),
  'create the pay-in',
);
let refusal = '';
try {
  must(await api.GET('/public/payin/{payinId}', { params: { path: { payinId: 'pay_missing' } } }), 'read the pay-in');
} catch (error) {
  refusal = error.message;
}
const redirect = await launchRedirect(api, { sessionId: 'cs_1', page: 'widget' }, { locale: 'de' });
const { body, headers } = JSON.parse(DELIVERY);
const standard = verifyWebhook(body, headers, SECRET);
const legacy = await verifyXSignature(body, headers, SECRET);
const refused = [];
try {
  verifyWebhook(body + ' ', headers, SECRET);
} catch (error) {
  refused.push(error instanceof WebhookVerificationError);
}
try {
  await verifyXSignature(body + ' ', headers, SECRET);
} catch (error) {
  refused.push(error instanceof WebhookVerificationError);
}
console.log(
  JSON.stringify({
    created,
    refusal,
    standard,
    legacy,
    refused,
    redirect: { status: redirect.status, location: redirect.headers.get('location'), cache: redirect.headers.get('cache-control') },
    message: isCheckoutMessage({ source: 'checkout', version: 1, type: 'ready' }),
  }),
);
