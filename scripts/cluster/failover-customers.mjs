/**
 * The paying customers of the failover test (failover-test.mjs): each pays a pay-in created by the
 * merchant API, half by the card form's post through the checkout (as without JavaScript), half by
 * the processing call the checkout makes, every request again with the same key after a 5xx or a
 * network error. TYPING_MS (8000-12000): how long a customer takes to type the card.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hiddenFields } from '../forms/card-form-post.mjs';
import { json, saw, send, sleep } from './failover-requests.mjs';

/** A customer reads the page and types the card: this many ms, at random between the two. */
const TYPING_MS = (process.env.TYPING_MS ?? '8000-12000').split('-').map(Number);
const typing = () => sleep(TYPING_MS[0] + Math.random() * ((TYPING_MS[1] ?? TYPING_MS[0]) - TYPING_MS[0]));
/** How long one customer keeps trying one payment before giving up (a real one would leave sooner). */
const CUSTOMER_PATIENCE_MS = 120_000;

/** The sandbox's sample customer (its details; each use gets its own externalUserId). */
export const customer = JSON.parse(readFileSync('packages/sandbox/service/sample-customer.json', 'utf8'));
/** The merchant's return addresses of every pay-in and session. */
export const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };
const card = { cardNumber: '4242424242424242', expiry: '12/34', cvv: '123', cardHolderName: 'Ada Lovelace' };
/** The card forms' form-level errors, by the text the page shows (messages/en.json). */
const formErrors = Object.entries(JSON.parse(readFileSync('messages/en.json', 'utf8')).errors).filter(
  ([, text]) => typeof text === 'string',
);
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/**
 * One payment of customer `index` (even: the card form's post; odd: the processing call), pushed
 * to `payments` as { via, startedAt, told, paymentId, gaveUp?, endedAt } (times: performance.now()):
 * `told` is the status the customer was told. `api`: the sandbox's API base; `lb`: the checkouts'
 * origin; `merchantAuth`: the merchant's Authorization header. Never throws: a payment given up
 * after CUSTOMER_PATIENCE_MS is counted and recorded.
 */
export async function payOnce(index, { api, lb, merchantAuth, payments }) {
  const deadline = Date.now() + CUSTOMER_PATIENCE_MS;
  const viaForm = index % 2 === 0;
  const payment = { via: viaForm ? 'form' : 'process', startedAt: performance.now(), told: null, paymentId: null };
  payments.push(payment);
  try {
    const created = await send(
      'merchant creates the pay-in',
      `${api}/public/payin`,
      json(
        {
          orderId: `failover-${randomUUID()}`,
          amount: 10,
          currency: 'EUR',
          kycVerified: false,
          previousTransactionCount: 0,
          customer: { ...customer, externalUserId: `failover-${index}-${randomUUID()}` },
          returnUrls,
        },
        { ...merchantAuth, 'Idempotency-Key': randomUUID() },
      ),
      deadline,
    );
    if (created.status !== 200) throw new Error(`merchant creates the pay-in: ${created.status}`);
    const { paymentId, iframeUrls } = JSON.parse(created.text);
    payment.paymentId = paymentId;
    if (!viaForm) {
      // The processing call the checkout's server makes once the customer typed the card, with
      // one Idempotency-Key for the attempt.
      await typing();
      const answer = await send(
        'processing call',
        `${api}/public/payin/${paymentId}/process/card`,
        json(
          {
            browser: { javascriptEnabled: true },
            cardData: {
              cardNumber: card.cardNumber,
              cardHolderName: card.cardHolderName,
              expiryMonth: '12',
              expiryYear: '2034',
              cvv: '123',
            },
            saveCard: false,
          },
          { Authorization: 'Bearer sbx_checkout', 'Idempotency-Key': `card:${paymentId}:${randomUUID()}` },
        ),
        deadline,
      );
      if (answer.status !== 200) throw new Error(`processing call: ${answer.status}`);
      payment.told = JSON.parse(answer.text).status;
      return;
    }
    // The card page, then its form posted without JavaScript, again with the answer's form
    // (the same attempt key) as long as the page says to try again.
    let page = await send('card page', iframeUrls.card, {}, deadline);
    await typing();
    for (;;) {
      // The card page sent the customer to the status page: the payment moved on (a post whose
      // answer was lost was carried out), as a browser shows it.
      if (page.url && new URL(page.url).pathname.endsWith('/status')) break;
      if (!page.text.includes('$ACTION_')) {
        saw(`card page: no form (${page.status})`);
        if (Date.now() > deadline) throw new Error('card page: gave up');
        await sleep(1000);
        page = await send('card page', iframeUrls.card, {}, deadline);
        continue;
      }
      const body = new FormData();
      for (const [name, value] of Object.entries({ ...hiddenFields(page.text), ...card })) body.append(name, value);
      const posted = await send(
        'card form post',
        iframeUrls.card,
        { method: 'POST', body, headers: { Origin: new URL(iframeUrls.card).origin }, redirect: 'manual' },
        deadline,
      );
      if (posted.status === 303) break;
      const shown = formErrors.find(([, text]) => posted.text.includes(escapeHtml(text)) || posted.text.includes(text));
      saw(`card form post: the page says ${shown ? shown[0] : `nothing known (${posted.status})`}`);
      if (Date.now() > deadline) throw new Error('card form post: gave up');
      page = posted;
      await sleep(1000);
    }
    // The status page's view (its polling endpoint): what the customer is told.
    const status = await send('status page', `${lb}/api/payments/payin/${paymentId}`, {}, deadline);
    payment.told = status.status === 200 ? JSON.parse(status.text).status : `HTTP ${status.status}`;
  } catch (error) {
    payment.gaveUp = error.message;
    saw(`gave up: ${error.message}`);
  } finally {
    payment.endedAt = performance.now();
  }
}
