/**
 * Faults between the checkout and the payments service: a second checkout server talks to the
 * sandbox through a fault-injecting proxy (lib/testing/fault-proxy.ts). For each fault the
 * customer gets a clear message and a safe retry; the retry reuses the attempt's Idempotency-Key,
 * so the service's first answer comes back: never a second charge, never a blank page.
 */
import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from './fixtures';
import { startFaultProxy, type FaultProxy } from '../lib/testing/fault-proxy';
import { startSecondServer } from './second-server';
import { createPayin, expectNoAxeViolations, fetchPayin, fillCard, MERCHANT_ORIGIN } from './support';

const port = Number(process.env.FAULTS_PORT ?? 3104);
const origin = `http://127.0.0.1:${port}`;
let proxy: FaultProxy;
let server: ChildProcess | null = null;

test.beforeAll(async ({ baseURL }) => {
  proxy = await startFaultProxy(`${baseURL}/sandbox/api`);
  server = await startSecondServer(origin, {
    PAYMENTS_API_BASE_URL: proxy.url,
    PAYMENTS_API_TOKEN: 'sbx_checkout',
    PAYMENTS_API_TIMEOUT_MS: '2000',
    SANDBOX_WORKER: 'off',
    // The service (the main test server's sandbox) lives on an origin of its own, as a real one does.
    SANDBOX_PUBLIC_URL: baseURL!,
  });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await proxy?.close();
});

const cardPage = (paymentId: string) => `${origin}/payments/payin/${paymentId}/card`;
const UNCERTAIN = 'We could not get an answer from the payment service. Please try again: you will not be charged twice.';
const processCalls = (paymentId: string) => proxy.seen.filter((s) => s.path === `/public/payin/${paymentId}/process/card`);

async function pay(page: Page, number: string) {
  await fillCard(page, { number });
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('the service commits a decline but the connection is reset: the retry gets the first answer, one attempt counted', async ({
  page,
  request,
}) => {
  const payin = await createPayin(request);
  proxy.inject({
    method: 'POST',
    path: new RegExp(`/public/payin/${payin.paymentId}/process/card$`),
    fault: { effect: 'reset-after-forward' },
    times: 1,
  });
  await page.goto(cardPage(payin.paymentId));
  await pay(page, '4000000000000002');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(UNCERTAIN);
  await expectNoAxeViolations(page, 'card page after a connection reset');
  expect((await fetchPayin(request, payin.paymentId)).attemptsRemaining).toBe(2);
  await pay(page, '4000000000000002');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('declined');
  // The same Idempotency-Key: the service replayed its first answer, no second attempt.
  expect((await fetchPayin(request, payin.paymentId)).attemptsRemaining).toBe(2);
  expect(processCalls(payin.paymentId)).toHaveLength(2);
});

for (const status of [500, 502, 503] as const) {
  test(`a ${status} before the service: a clear message, then the retry pays once`, async ({ page, request }) => {
    const payin = await createPayin(request);
    proxy.inject({
      method: 'POST',
      path: new RegExp(`/public/payin/${payin.paymentId}/process/card$`),
      fault: { effect: 'status', status },
      times: 1,
    });
    await page.goto(cardPage(payin.paymentId));
    await pay(page, '4242424242424242');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(UNCERTAIN);
    expect((await fetchPayin(request, payin.paymentId)).status).toBe('CREATED');
    await pay(page, '4242424242424242');
    await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
    expect((await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
  });
}

test('a service slower than the timeout charges once: the retry is answered with the first charge', async ({ page, request }) => {
  const payin = await createPayin(request);
  proxy.inject({
    method: 'POST',
    path: new RegExp(`/public/payin/${payin.paymentId}/process/card$`),
    fault: { effect: 'delay', ms: 3000 },
    times: 1,
  });
  await page.goto(cardPage(payin.paymentId));
  await pay(page, '4242424242424242');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(UNCERTAIN);
  await expect.poll(async () => (await fetchPayin(request, payin.paymentId)).status, { timeout: 5000 }).toBe('SUCCESS');
  await pay(page, '4242424242424242');
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
});

test('malformed JSON instead of the pay-in: the page says it cannot be shown, nothing was charged, and offers a retry', async ({
  page,
  request,
}) => {
  const payin = await createPayin(request);
  proxy.inject({ method: 'GET', path: new RegExp(`/public/payin/${payin.paymentId}$`), fault: { effect: 'malformed-json' }, times: 3 });
  const response = await page.goto(cardPage(payin.paymentId));
  expect(response?.status()).toBeLessThan(500);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This payment cannot be shown right now. Nothing was charged.');
  await expectNoAxeViolations(page, 'card page with a malformed answer');
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
});

test.describe('the service on an origin of its own', () => {
  test.use({ javaScriptEnabled: false });

  test('without JavaScript, a 3DS card form post leads to the service’s ACS on its own origin (form-action allows it)', async ({
    page,
    request,
    baseURL,
  }) => {
    const payin = await createPayin(request);
    await page.goto(cardPage(payin.paymentId));
    await fillCard(page, { number: '4000000000003220' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(`${baseURL}/sandbox/3ds/${payin.paymentId}`);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect.poll(async () => (await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
  });
});
