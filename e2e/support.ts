/** Helpers of the browser tests: the merchant's API calls, the merchant's page, the card form, axe. */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import sampleCustomer from '../lib/sandbox/sample-customer.json';
import { expect, type APIRequestContext, type Browser, type FrameLocator, type Page } from '@playwright/test';

export const MERCHANT_ORIGIN = `http://127.0.0.1:${process.env.MERCHANT_PORT ?? 3101}`;
export const DEMO_TOKEN = 'sbx_demo_merchant';
/** The seeded merchants whose themes differ (lib/sandbox/merchant-config.ts). */
export const OTHER_TOKEN = 'sbx_other_merchant';
export const NIGHT_TOKEN = 'sbx_night_merchant';

export interface CreatedPayin {
  paymentId: string;
  status: string;
  iframeUrls: { card: string; apm: string };
}

/** Creates a pay-in through the sandbox API as a merchant would (the demo merchant unless told; EUR, card PSP). */
export async function createPayin(request: APIRequestContext, overrides: Record<string, unknown> = {}, token = DEMO_TOKEN): Promise<CreatedPayin> {
  const response = await request.post('/sandbox/api/public/payin', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: {
      orderId: `order-${randomUUID()}`,
      amount: 25.5,
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
      customer: { ...sampleCustomer, externalUserId: `customer-${randomUUID()}` },
      returnUrls: { success: `${MERCHANT_ORIGIN}/success`, failure: `${MERCHANT_ORIGIN}/failure` },
      ...overrides,
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as CreatedPayin;
}

/** Creates a cashier session in EUR (E7) as a merchant would; `balance` in major units. */
export async function createSession(
  request: APIRequestContext,
  options: { balance?: number; externalUserId?: string; token?: string } = {},
): Promise<{ sessionId: string; checkoutUrl: string }> {
  const response = await request.post('/sandbox/api/public/cashier/session', {
    headers: { Authorization: `Bearer ${options.token ?? DEMO_TOKEN}`, 'Idempotency-Key': randomUUID() },
    data: {
      customer: { ...sampleCustomer, externalUserId: options.externalUserId ?? `cashier-${randomUUID()}` },
      returnUrls: { success: `${MERCHANT_ORIGIN}/success`, failure: `${MERCHANT_ORIGIN}/failure` },
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
      ...(options.balance === undefined ? {} : { balance: options.balance }),
    },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/** Creates a payout through the sandbox API as a merchant would (the demo merchant unless told). */
export async function createPayout(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
  token = DEMO_TOKEN,
): Promise<{ payoutId: string; iframeUrls: { card: string; apm: string } }> {
  const response = await request.post('/sandbox/api/public/payout', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: {
      orderId: `payout-${randomUUID()}`,
      value: 40,
      currency: 'EUR',
      kycVerified: false,
      customer: { ...sampleCustomer, externalUserId: `customer-${randomUUID()}` },
      ...overrides,
    },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/** The merchant's call on a payout: confirm or reject (204). */
export async function decidePayout(request: APIRequestContext, payoutId: string, decision: 'confirm' | 'reject'): Promise<void> {
  const response = await request.put(`/sandbox/api/public/payout/${payoutId}/${decision}`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } });
  expect(response.status()).toBe(204);
}

/** Fetches a pay-in as the merchant. */
export async function fetchPayin(request: APIRequestContext, paymentId: string) {
  const response = await request.get(`/sandbox/api/public/payin/${paymentId}`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { status: string; statusReason?: { detailedStatus?: string }; cardMask?: string; attemptsRemaining?: number; metadata?: { ipAddress?: string } };
}

/** Fetches a payout as the merchant. */
export async function fetchPayout(request: APIRequestContext, payoutId: string, token = DEMO_TOKEN) {
  const response = await request.get(`/sandbox/api/public/payout/${payoutId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { status: string; cardMask?: string; transactionType?: string };
}

/** Opens the merchant's page (second origin) with `src` in its iframe; returns the frame. `followRedirect: false` keeps the page on `redirect`. */
export async function openEmbedded(page: Page, src: string, options: { followRedirect?: boolean } = {}): Promise<FrameLocator> {
  const follow = options.followRedirect === false ? '&follow=0' : '';
  await page.goto(`${MERCHANT_ORIGIN}/embed?src=${encodeURIComponent(src)}${follow}`);
  return page.frameLocator('#checkout');
}

/** The messages the merchant's page received from the checkout. */
export const parentMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { checkoutMessages: Array<Record<string, unknown>> }).checkoutMessages);

export interface TestCard {
  number: string;
  expiry?: string;
  cvv?: string;
  name?: string;
}

/** A future expiry as the customer types it ("MMYY"). */
export const FUTURE_EXPIRY = `12${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** Types a card into the form, as a customer does. */
export async function fillCard(frame: FrameLocator | Page, card: TestCard): Promise<void> {
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Expiry date').fill(card.expiry ?? FUTURE_EXPIRY);
  await frame.getByLabel('Security code').fill(card.cvv ?? (card.number.replace(/\D/g, '').startsWith('3') ? '1234' : '123'));
  await frame.getByLabel('Name on card').fill(card.name ?? 'Ada Lovelace');
}

/** Runs axe with the WCAG 2.2 AA rules over the page and its frames; fails on any violation. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** A Luhn-valid Visa number not in the test-card table (so it succeeds), unique per call. */
export function uniqueVisa(): string {
  const body = `4${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * axe for a page rendered with JavaScript off (axe itself is script): the same markup, minus
 * its scripts, served at the same URL to a JavaScript-enabled page with the same styles.
 */
export async function expectNoAxeViolationsWithoutJs(browser: Browser, page: Page, label: string): Promise<void> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route(page.url(), (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await copy.goto(page.url());
    await expectNoAxeViolations(copy, label);
  } finally {
    await context.close();
  }
}
