/** Helpers of the browser tests: the merchant's API calls, the merchant's page, the card form, axe. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { expect, test, type APIRequestContext, type Browser, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { ACCESSIBILITY_ANNOTATION, pageTemplate, type AxeCheck } from './reporters/accessibility-record';
import { createPaymentsClient, must, type components } from '../lib/payments-api/merchant-client';
export { must };

type PayinRequest = components['schemas']['PayinCreateRequest'];
type PayoutRequest = components['schemas']['PayoutCreateRequest'];
type SessionCustomer = components['schemas']['CashierSessionCreateRequest']['customer'];

/**
 * This worker's slot: Playwright's parallel index. Each worker has servers of its own (e2e/fixtures.ts):
 * the checkout on 3100 + 100 × slot, the merchant's site one above, the metrics listener 90 above,
 * and their data under .data/e2e/{slot}.
 */
export const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const APP_PORT = 3100 + 100 * SLOT;
export const MERCHANT_PORT = APP_PORT + 1;
export const METRICS_PORT = APP_PORT + 90;
/** The checkout's data folder of this worker; its log is `${DATA_DIR}/server.log` (searched for card data by a test). */
export const DATA_DIR = `.data/e2e/${SLOT}`;

export const MERCHANT_ORIGIN = `http://127.0.0.1:${MERCHANT_PORT}`;
export const DEMO_TOKEN = 'sbx_demo_merchant';
/** The seeded merchants whose themes differ (packages/sandbox/service/core/merchant-config.ts). */
export const OTHER_TOKEN = 'sbx_other_merchant';
export const NIGHT_TOKEN = 'sbx_night_merchant';

export interface CreatedPayin {
  paymentId: string;
  status: string;
  iframeUrls: { card: string; apm: string };
}

/** The checkout under test (every test's baseURL, e2e/fixtures.ts). */
export const CHECKOUT_ORIGIN = `http://localhost:${APP_PORT}`;

/** The typed client of the embedded sandbox as merchant `token` (lib/payments-api/merchant-client.ts); `origin`: a second server's. */
export const merchantApi = (token = DEMO_TOKEN, origin = CHECKOUT_ORIGIN) =>
  createPaymentsClient({ baseUrl: `${origin}/sandbox/api`, token });

/**
 * The merchant's calls below go through the typed client; `request` (Playwright's) is kept in
 * their signatures for the callers, and unused.
 */
type Unused = APIRequestContext | undefined;

/** Creates a pay-in through the sandbox API as a merchant would (the demo merchant unless told; EUR, card PSP); `origin`: a second server's. */
export async function createPayin(
  _request: Unused,
  overrides: Record<string, unknown> = {},
  token = DEMO_TOKEN,
  origin = CHECKOUT_ORIGIN,
): Promise<CreatedPayin> {
  const body = {
    orderId: `order-${randomUUID()}`,
    amount: 25.5,
    currency: 'EUR',
    kycVerified: false,
    previousTransactionCount: 0,
    customer: { ...sampleCustomer, externalUserId: `customer-${randomUUID()}` },
    returnUrls: { success: `${MERCHANT_ORIGIN}/success`, failure: `${MERCHANT_ORIGIN}/failure` },
    ...overrides,
  } as PayinRequest;
  return must(await merchantApi(token, origin).POST('/public/payin', { body }), 'create pay-in') as CreatedPayin;
}

/**
 * Creates a cashier session in EUR as a merchant would; `balance` in major units; `customerName`
 * the customer's first and last name (the sample customer's, Ada Lovelace, unless given: a bank
 * deposit account feeds the closed loop only when its holder has the customer's name); `customer`
 * a whole customer instead; not KYC-verified and no earlier transactions unless told.
 */
export async function createSession(
  _request: Unused,
  options: {
    balance?: number;
    externalUserId?: string;
    token?: string;
    customerName?: { firstName: string; lastName: string };
    customer?: SessionCustomer;
    kycVerified?: boolean;
    previousTransactionCount?: number;
  } = {},
): Promise<{ sessionId: string; checkoutUrl: string; widgetUrl: string }> {
  const answer = await merchantApi(options.token).POST('/public/cashier/session', {
    body: {
      customer: options.customer ?? {
        ...sampleCustomer,
        ...options.customerName,
        externalUserId: options.externalUserId ?? `cashier-${randomUUID()}`,
      },
      returnUrls: { success: `${MERCHANT_ORIGIN}/success`, failure: `${MERCHANT_ORIGIN}/failure` },
      currency: 'EUR',
      kycVerified: options.kycVerified ?? false,
      previousTransactionCount: options.previousTransactionCount ?? 0,
      ...(options.balance === undefined ? {} : { balance: options.balance }),
    },
  });
  return must(answer, 'create cashier session') as { sessionId: string; checkoutUrl: string; widgetUrl: string };
}

/** Creates a payout through the sandbox API as a merchant would (the demo merchant unless told). */
export async function createPayout(
  _request: Unused,
  overrides: Record<string, unknown> = {},
  token = DEMO_TOKEN,
): Promise<{ payoutId: string; iframeUrls: { card: string; apm: string } }> {
  const body = {
    orderId: `payout-${randomUUID()}`,
    value: 40,
    currency: 'EUR',
    kycVerified: false,
    customer: { ...sampleCustomer, externalUserId: `customer-${randomUUID()}` },
    ...overrides,
  } as PayoutRequest;
  return must(await merchantApi(token).POST('/public/payout', { body }), 'create payout') as {
    payoutId: string;
    iframeUrls: { card: string; apm: string };
  };
}

/** The merchant's call on a payout: confirm or reject (204). */
export async function decidePayout(_request: Unused, payoutId: string, decision: 'confirm' | 'reject'): Promise<void> {
  const api = merchantApi();
  const answer =
    decision === 'confirm'
      ? await api.PUT('/public/payout/{payoutId}/confirm', { params: { path: { payoutId } } })
      : await api.PUT('/public/payout/{payoutId}/reject', { params: { path: { payoutId } } });
  expect(answer.response.status).toBe(204);
}

/** Fetches a pay-in as the merchant (the demo merchant unless told); `origin`: a second server's. */
export async function fetchPayin(_request: Unused, paymentId: string, origin = CHECKOUT_ORIGIN, token = DEMO_TOKEN) {
  return must(await merchantApi(token, origin).GET('/public/payin/{payinId}', { params: { path: { payinId: paymentId } } }), 'get pay-in');
}

/** Fetches a payout as the merchant. */
export async function fetchPayout(_request: Unused, payoutId: string, token = DEMO_TOKEN) {
  return must(await merchantApi(token).GET('/public/payout/{payoutId}', { params: { path: { payoutId } } }), 'get payout');
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

/** The cashier's payment step: the card or APM page framed by the cashier or the widget. */
export const paymentStep = (page: Page) => page.frameLocator('iframe[title="Secure payment"]');

/** Types a card into the form, as a customer does. */
export async function fillCard(frame: FrameLocator | Page, card: TestCard): Promise<void> {
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Expiry date').fill(card.expiry ?? FUTURE_EXPIRY);
  await frame.getByLabel('Security code').fill(card.cvv ?? (card.number.replace(/\D/g, '').startsWith('3') ? '1234' : '123'));
  await frame.getByLabel('Name on card').fill(card.name ?? 'Ada Lovelace');
}

/** Types a payout's destination card (no security code): `number`, `expiry` (a future one unless given), Ada Lovelace. */
export async function fillPayoutCard(frame: FrameLocator | Page, number: string, expiry = FUTURE_EXPIRY): Promise<void> {
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry date').fill(expiry);
  await frame.getByLabel('Name on card').fill('Ada Lovelace');
}

/** Types a new card (`number`, a future expiry, CVV 123, Ada Lovelace) by a catalogue's `card` labels; `exact` as getByLabel's. */
export async function fillCardByLabels(
  frame: FrameLocator,
  labels: Record<'cardNumber' | 'expiry' | 'cvv' | 'cardHolderName', string>,
  number: string,
  exact?: boolean,
): Promise<void> {
  const options = exact === undefined ? undefined : { exact };
  await frame.getByLabel(labels.cardNumber, options).fill(number);
  await frame.getByLabel(labels.expiry, options).fill(FUTURE_EXPIRY);
  await frame.getByLabel(labels.cvv, options).fill('123');
  await frame.getByLabel(labels.cardHolderName, options).fill('Ada Lovelace');
}

/**
 * Presses Tab until `target` has the focus, `presses` times at most (keyboard only); asserts
 * nothing, the caller checks the focus. Records the page as one walked by keyboard for the
 * accessibility statement (e2e/reporters/accessibility-record.ts).
 */
export async function tabUntilFocused(page: Page, target: Locator, presses: number): Promise<void> {
  const lang = await page.evaluate(() => document.documentElement.lang).catch(() => '');
  const record: AxeCheck = { kind: 'keyboard', label: test.info().title, page: pageTemplate(page.url()), lang };
  test.info().annotations.push({ type: ACCESSIBILITY_ANNOTATION, description: JSON.stringify(record) });
  for (let i = 0; i < presses && !(await target.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a message catalogue read as JSON; the tests walk its nested keys freely
export type Catalogue = any;
/**
 * The message catalogue of `locale` as the pages show it: the product's (messages/{locale}.json)
 * and the sandbox pages' own (packages/sandbox/messages/{locale}.json: acs, bank, console, …),
 * read as the test's type `T` (untyped unless told).
 */
export const catalogue = <T = Catalogue>(locale: string): T => ({
  ...JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')),
  ...JSON.parse(readFileSync(`packages/sandbox/messages/${locale}.json`, 'utf8')),
});

/**
 * Runs axe with the WCAG 2.2 AA rules over the page and its frames; fails on any violation.
 * Records the check (page, language, direction, rules passed and violated) for the
 * accessibility statement (e2e/reporters/accessibility-record.ts); `javaScript` false for a
 * page rendered without it.
 */
export async function expectNoAxeViolations(page: Page, label: string, javaScript = true): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const [lang, dir] = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
  const record: AxeCheck = {
    kind: 'axe',
    // A label that names an address names its template: no id or launch secret is published.
    label: label.replace(/https?:\/\/\S+/g, (url) => pageTemplate(url)),
    // The merchant's test page, framing ours, is named as such: the statement covers our pages in it.
    page: `${new URL(page.url()).port === String(MERCHANT_PORT) ? 'merchant page ' : ''}${pageTemplate(page.url())}`,
    lang,
    dir: dir === 'rtl' ? 'rtl' : 'ltr',
    javaScript,
    rulesPassed: results.passes.length,
    violations: results.violations.length,
  };
  test.info().annotations.push({ type: ACCESSIBILITY_ANNOTATION, description: JSON.stringify(record) });
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
    await expectNoAxeViolations(copy, label, false);
  } finally {
    await context.close();
  }
}

/**
 * Leaves a page that probed payment apps (the card page's wallets) before its context
 * closes: in the full suite Chromium's teardown of such a context hung past the test timeout
 * (twice, never in a spec run alone). An afterEach of the wallets' tests.
 */
export async function leavePaymentApps(page: Page): Promise<void> {
  const within = (work: Promise<unknown>) =>
    Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  await within(page.goto('about:blank'));
  await within(page.close({ runBeforeUnload: false }));
}

/**
 * Goes to `url` and, for a launch address (`launch=`, a session's checkoutUrl or widgetUrl, a
 * payout's iframeUrls; docs/design.md, E22), waits until its page has spent the secret and the
 * browser is on the page itself. Answers goto's response.
 */
export async function visit(target: Page, url: string) {
  const response = await target.goto(url);
  if (!new URL(url, 'http://x').searchParams.has('launch')) return response;
  const landed = (address: URL) => !address.searchParams.has('launch');
  // With JavaScript the page posts by itself; without, the customer presses its Continue button.
  const byItself = await target.waitForURL(landed, { timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!byItself) {
    await target.locator('#launch-form button[type="submit"]').click();
    await target.waitForURL(landed);
  }
  return response;
}

/** `url` with `name=value` added to its query. */
export const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;
