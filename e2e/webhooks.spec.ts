/**
 * Standard Webhooks (issue "What merchants integrate with", item 2): the merchant's receiver on
 * the second origin verifies every event with the `standardwebhooks` package; a replay older
 * than 5 minutes and a tampered body are refused; the console resends a delivery with the same
 * webhook-id.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from './fixtures';
import { Webhook } from 'standardwebhooks';
import { createPayin, expectNoAxeViolations, MERCHANT_ORIGIN, NIGHT_TOKEN } from './support';
import { receivedWebhooks, sendSignedWebhooksTo } from './support-webhooks';

type Received = {
  path: string;
  id: string | null;
  verified?: boolean | null;
  refused?: string;
  raw: string;
  headers?: Record<string, string>;
};
const RECEIVER = '/webhooks/standard';
const log = (request: APIRequestContext) => receivedWebhooks<Received>(request, RECEIVER);

test('events are verified with standardwebhooks; a stale replay and a tampered body are refused; the console resends', async ({
  page,
  request,
}) => {
  const secret = await sendSignedWebhooksTo(page, request, RECEIVER);

  const payin = await createPayin(request, {}, NIGHT_TOKEN);
  const processed = await request.post(`/sandbox/api/public/payin/${payin.paymentId}/process/card`, {
    headers: { Authorization: 'Bearer sbx_checkout', 'Idempotency-Key': randomUUID() },
    data: {
      browser: { javascriptEnabled: true },
      cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2034', cvv: '123' },
      saveCard: false,
    },
  });
  expect(processed.status()).toBe(200);

  let event: Received | undefined;
  await expect
    .poll(async () => {
      event = (await log(request)).find((w) => w.verified && w.raw.includes(payin.paymentId));
      return Boolean(event);
    })
    .toBe(true);
  expect((await log(request)).filter((w) => w.raw.includes(payin.paymentId) && w.refused)).toEqual([]);

  // A captured delivery replayed later: signed correctly, but 6 minutes old.
  const post = (headers: Record<string, string>, body: string) =>
    request.post(`${MERCHANT_ORIGIN}${RECEIVER}`, { headers: { 'Content-Type': 'application/json', ...headers }, data: body });
  const stale = new Date(Date.now() - 6 * 60_000);
  const staleHeaders = {
    'webhook-id': event!.id!,
    'webhook-timestamp': String(Math.floor(stale.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(event!.id!, stale, event!.raw),
  };
  expect((await post(staleHeaders, event!.raw)).status()).toBe(400);
  // The captured headers with another body (the same JSON, other bytes: "typ\u0065" for "type").
  expect((await post(event!.headers!, event!.raw.replace('"type"', '"typ\\u0065"'))).status()).toBe(400);
  const refusals = (await log(request)).filter((w) => w.id === event!.id && w.refused).map((w) => w.refused);
  expect(refusals).toHaveLength(2);
  expect(refusals[0]).toMatch(/timestamp/i);

  // The console resends the delivery: the same webhook-id arrives again, verified.
  await page.reload();
  await page.getByRole('button', { name: `Resend delivery ${event!.id}` }).click();
  await expect(page.getByRole('status')).toHaveText('Delivery queued again with the same webhook-id.');
  await expect.poll(async () => (await log(request)).filter((w) => w.id === event!.id && w.verified).length).toBe(2);
  await expectNoAxeViolations(page, 'console with deliveries');
});
