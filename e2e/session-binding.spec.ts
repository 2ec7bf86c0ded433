/**
 * Issue 20, finding 3, from outside: the session id alone no longer moves a customer's money.
 * As filed: on the auto-confirming merchant, a customer starts a withdrawal; an attacker who read
 * the session id off the merchant's page polls /api/cashier/{id} for the payout id and gives his
 * own card first. Now the poll is refused (no payout id), his cashier and payout pages say the
 * cashier is open elsewhere (en and ar, axe 0), his script's post is refused and nothing is paid
 * to him, and the customer's own destination pays (PROCESSED).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sampleCustomer from '@/lib/sandbox/sample-customer.json';
import arCatalogue from '@/messages/ar.json';
import { hiddenFields, postCardForm } from '../scripts/forms/card-form-post.mjs';
import { CHECKOUT_ORIGIN, expectNoAxeViolations, FUTURE_EXPIRY, merchantApi, MERCHANT_ORIGIN, NIGHT_TOKEN } from './support';

const step = (page: Page) => page.frameLocator('iframe[title="Secure payment"]');

async function newSession() {
  const answer = await merchantApi(NIGHT_TOKEN).POST('/public/cashier/session', {
    body: {
      customer: { ...sampleCustomer, externalUserId: `bound-${randomUUID()}`, billing: { ...sampleCustomer.billing, countryCode: 'FR' } },
      returnUrls: { success: `${MERCHANT_ORIGIN}/success`, failure: `${MERCHANT_ORIGIN}/failure` },
      currency: 'EUR', kycVerified: true, previousTransactionCount: 3, balance: 100,
    },
  });
  return answer.data!;
}
const payoutsOf = async (sessionId: string) =>
  (await merchantApi(NIGHT_TOKEN).GET('/public/cashier/session/{sessionId}/transactions', { params: { path: { sessionId } } })).data!.transactions.filter((t) => t.kind === 'payout');
const payoutStatus = async (payoutId: string) => (await merchantApi(NIGHT_TOKEN).GET('/public/payout/{payoutId}', { params: { path: { payoutId } } })).data!.status;

test('an attacker with the session id cannot redirect the customer’s withdrawal; the customer’s own destination pays', async ({ page, browser }) => {
  const session = await newSession();
  // The customer opens the cashier and starts a withdrawal: the destination page is shown.
  await page.goto(`${session.checkoutUrl}&tab=withdraw`);
  await page.getByLabel('Amount in EUR').fill('20');
  await page.getByRole('button', { name: 'Continue to withdraw' }).click();
  await expect(step(page).getByLabel('Card number')).toBeVisible();
  const [withdrawal] = await payoutsOf(session.sessionId);
  expect(withdrawal!.status).toBe('CREATED');

  // The attacker's script: the live endpoints are refused, no payout id.
  const poll = await fetch(`${CHECKOUT_ORIGIN}/api/cashier/${session.sessionId}`);
  expect(poll.status).toBe(403);
  expect(await poll.text()).not.toContain(withdrawal!.id);
  expect((await fetch(`${CHECKOUT_ORIGIN}/api/cashier/${session.sessionId}/events`)).status).toBe(403);
  // With the payout id all the same (a leak elsewhere), his post of the destination form is refused.
  const payoutUrl = `${CHECKOUT_ORIGIN}/payments/payout/${withdrawal!.id}/card`;
  const forged = await postCardForm(payoutUrl, { cardNumber: '5555555555554444', expiry: '12/34', cardHolderName: 'Attacker' });
  expect(forged.status).toBeLessThan(500);
  expect(await payoutStatus(withdrawal!.id)).toBe('CREATED');
  // The real action, with a secret of his own: the form of a payout page he holds, posted for the victim's payout.
  const own = (await merchantApi().POST('/public/payout', { body: { orderId: `a-${randomUUID()}`, value: 5, currency: 'EUR', kycVerified: false, customer: { ...sampleCustomer, externalUserId: `a-${randomUUID()}` } } as never })).data!;
  const ownPage = await fetch(own.iframeUrls.card);
  const cookie = ownPage.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...hiddenFields(await ownPage.text()), paymentId: withdrawal!.id, cardNumber: '5555555555554444', expiry: '12/34', cardHolderName: 'Attacker' })) body.append(name, value);
  const posted = await fetch(payoutUrl, { method: 'POST', body, headers: { Origin: CHECKOUT_ORIGIN, cookie } });
  expect(posted.status).toBeLessThan(500);
  // Before: PROCESSED to the attacker's card, and the customer's own post then got 400.
  expect(await payoutStatus(withdrawal!.id)).toBe('CREATED');

  // The attacker's browser: the cashier and the payout page say it is open elsewhere, in en and ar.
  const attacker = await browser.newContext();
  const other = await attacker.newPage();
  await other.goto(session.checkoutUrl);
  await expect(other.getByRole('heading', { name: 'This cashier is open in another browser' })).toBeVisible();
  await expect(other.getByText('€100')).toHaveCount(0);
  await expect(other.getByLabel('Amount in EUR')).toHaveCount(0);
  await expectNoAxeViolations(other, 'cashier held elsewhere');
  await other.goto(`${session.widgetUrl}&locale=ar`);
  await expect(other.getByRole('heading', { name: arCatalogue.binding.heading })).toBeVisible();
  await expectNoAxeViolations(other, 'ar widget held elsewhere');
  await other.goto(payoutUrl);
  await expect(other.getByRole('heading', { name: 'This cashier is open in another browser' })).toBeVisible();
  await expect(other.getByLabel('Card number')).toHaveCount(0);
  await expectNoAxeViolations(other, 'payout page held elsewhere');
  await attacker.close();

  // The customer gives their own card: paid out to them (the night merchant confirms by itself).
  await step(page).getByLabel('Card number').fill('4242424242424242');
  await step(page).getByLabel('Expiry date').fill(FUTURE_EXPIRY);
  await step(page).getByLabel('Name on card').fill('Ada Lovelace');
  await step(page).getByRole('button', { name: /^Send / }).click();
  await expect.poll(() => payoutStatus(withdrawal!.id), { timeout: 20_000 }).toMatch(/^(PENDING|PROCESSED)$/);
  const paid = (await merchantApi(NIGHT_TOKEN).GET('/public/payout/{payoutId}', { params: { path: { payoutId: withdrawal!.id } } })).data!;
  expect(paid.cardMask).toMatch(/^424242/);
  // Still the customer's: the live balance answers this browser.
  expect((await page.request.get(`/api/cashier/${session.sessionId}`)).status()).toBe(200);
});

test('a merchant’s payout page is held by the first browser that opens it', async ({ page, browser }) => {
  const created = await merchantApi().POST('/public/payout', {
    body: { orderId: `p-${randomUUID()}`, value: 15, currency: 'EUR', kycVerified: false, customer: { ...sampleCustomer, externalUserId: `p-${randomUUID()}` } } as never,
  });
  const url = created.data!.iframeUrls.card;
  await page.goto(url);
  await expect(page.getByLabel('Card number')).toBeVisible();
  const attacker = await browser.newContext();
  const other = await attacker.newPage();
  await other.goto(`${url}?locale=ar`);
  await expect(other.getByRole('heading', { name: arCatalogue.binding.heading })).toBeVisible();
  await expectNoAxeViolations(other, 'ar payout page held elsewhere');
  await attacker.close();
  // A script without the cookie: refused, the payout still waits for its destination.
  await postCardForm(url, { cardNumber: '5555555555554444', expiry: '12/34', cardHolderName: 'Attacker' });
  expect((await merchantApi().GET('/public/payout/{payoutId}', { params: { path: { payoutId: created.data!.payoutId } } })).data!.status).toBe('CREATED');
});
