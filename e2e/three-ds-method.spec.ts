/**
 * The issuer's 3DS Method inside the card page (issue "The card page beyond Stripe and Adyen",
 * item 4): a Method card runs the Method in a hidden frame and pays without a challenge
 * (indicator Y); the timeout card goes on after 10 s with indicator N; a saved card whose issuer
 * runs a Method and then challenges shows the challenge inside the page and pays; without
 * JavaScript the server reports N at once and the frame goes on. axe on each state.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { createPayin, expectNoAxeViolations, fillCard, MERCHANT_ORIGIN, merchantApi, openEmbedded, tabUntilFocused } from './support';
import { payAndSaveCard } from './support-cashier';

const payinNow = async (id: string) => (await merchantApi().GET('/public/payin/{payinId}', { params: { path: { payinId: id } } })).data;

/** Records the requests the page makes to the ACS's Method URL and to our notification URL. */
function watchMethod(page: Page) {
  const seen = { method: 0, notified: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/sandbox\/3ds\/[^/]+\/method$/.test(r.url())) seen.method += 1;
    if (r.method() === 'POST' && /\/api\/payments\/payin\/[^/]+\/3ds-method$/.test(r.url())) seen.notified += 1;
  });
  return seen;
}

test('a card whose issuer has a 3DS Method runs it in a hidden frame and pays without a challenge (indicator Y)', async ({
  page,
  request,
}) => {
  const payin = await createPayin(request);
  const seen = watchMethod(page);
  // The Method's notification is held until axe has looked at the running step (it is otherwise
  // over in milliseconds, and axe would race the page's navigation), then let through.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/payments\/payin\/[^/]+\/3ds-method$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(payin.iframeUrls.card);
  await fillCard(page, { number: '4000 0031 0000 3066' });
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checking your card with your bank' })).toBeVisible();
  await expectNoAxeViolations(page, '3DS Method running');
  release();
  await expect.poll(async () => (await payinNow(payin.paymentId))?.status).toBe('SUCCESS');
  const done = await payinNow(payin.paymentId);
  expect(done?.threeDSCompInd).toBe('Y');
  expect(seen).toEqual({ method: 1, notified: 1 });
  await expect(page.locator('iframe[title="Confirm with your bank"]')).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/card$/);
});

test('a Method that never answers is given up after 10 s: the payment goes on with indicator N', async ({ page, request }) => {
  test.setTimeout(60_000);
  const payin = await createPayin(request);
  const seen = watchMethod(page);
  await page.goto(payin.iframeUrls.card);
  await fillCard(page, { number: '4000003200003065' });
  const started = Date.now();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checking your card with your bank' })).toBeVisible();
  // Still waiting well within the limit.
  await page.waitForTimeout(5_000);
  expect((await payinNow(payin.paymentId))?.status).toBe('PENDING_3DS');
  await expect.poll(async () => (await payinNow(payin.paymentId))?.status, { timeout: 20_000 }).toBe('SUCCESS');
  expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
  expect((await payinNow(payin.paymentId))?.threeDSCompInd).toBe('N');
  expect(seen).toEqual({ method: 1, notified: 0 });
});

test('a saved card whose issuer runs a Method, then challenges: the challenge shows inside the embedded card page and pays', async ({
  page,
  request,
}) => {
  const customer = { ...sampleCustomer, externalUserId: `method-${randomUUID()}` };
  const first = await createPayin(request, { customer });
  const saved = await payAndSaveCard(request, first.paymentId, '4000003300003064', { 'Idempotency-Key': randomUUID() });
  expect(saved.ok()).toBe(true);
  const second = await createPayin(request, { customer });
  const seen = watchMethod(page);
  const frame = await openEmbedded(page, second.iframeUrls.card);
  await frame.getByLabel('Security code of the selected card').fill('123');
  await frame.getByRole('button', { name: /^Pay / }).click();
  const challenge = frame.frameLocator('iframe[title="Confirm with your bank"]');
  await expect(challenge.getByRole('heading', { name: 'Sandbox card issuer: 3-D Secure' })).toBeVisible();
  expect(seen.method).toBe(1);
  await expectNoAxeViolations(page, 'saved card challenge in the page');
  // Keyboard alone: the challenge frame has the focus; Tab reaches Confirm.
  const confirm = challenge.getByRole('button', { name: 'Confirm payment' });
  await tabUntilFocused(page, confirm, 12);
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await payinNow(second.paymentId))?.status).toBe('SUCCESS');
  expect((await payinNow(second.paymentId))?.threeDSCompInd).toBe('Y');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a Method card is reported N by the server and pays', async ({ page, request }) => {
    const payin = await createPayin(request);
    await page.goto(payin.iframeUrls.card);
    await fillCard(page, { number: '4000003100003066' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(async () => (await payinNow(payin.paymentId))?.status).toBe('SUCCESS');
    expect((await payinNow(payin.paymentId))?.threeDSCompInd).toBe('N');
  });
});

test('the Method page refuses a post that is not a Method request of this payment; the notification URL answers a blank page', async ({
  request,
}) => {
  const payin = await createPayin(request);
  const origin = { Origin: new URL(payin.iframeUrls.card).origin };
  const data = Buffer.from(
    JSON.stringify({ threeDSServerTransID: randomUUID(), threeDSMethodNotificationURL: 'https://evil.example/n' }),
  ).toString('base64url');
  const refused = await request.post(`/sandbox/3ds/${payin.paymentId}/method`, { form: { threeDSMethodData: data }, headers: origin });
  expect(refused.status()).toBe(400);
  expect(
    (
      await request.post(`/sandbox/3ds/${payin.paymentId}/method`, { form: { threeDSMethodData: 'x'.repeat(5000) }, headers: origin })
    ).status(),
  ).toBe(413);
  const notified = await request.post(`/api/payments/payin/${payin.paymentId}/3ds-method`, { form: { threeDSMethodData: 'e30' } });
  expect(notified.status()).toBe(200);
  expect(notified.headers()['content-security-policy']).toContain("default-src 'none'");
  expect((await request.post(`/api/payments/payout/${payin.paymentId}/3ds-method`, { form: {} })).status()).toBe(404);
});

test('a reload during the challenge in the page leaves a way back to it: the status page links to the bank', async ({ page, request }) => {
  const payin = await createPayin(request);
  await page.goto(payin.iframeUrls.card);
  await fillCard(page, { number: '4000000000003220' });
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.locator('iframe[title="Confirm with your bank"]')).toBeVisible();
  await page.reload();
  // The card page of a pay-in waiting for 3DS is its status page, which offers the challenge again.
  const back = page.getByRole('link', { name: 'Continue with your bank' });
  await expect(back).toBeVisible();
  await expectNoAxeViolations(page, 'status page with a challenge left open');
  await back.click();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect.poll(async () => (await payinNow(payin.paymentId))?.status).toBe('SUCCESS');
  // Not framed: the customer ends on the merchant's return URL (and the test ends on a page at rest).
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
});
