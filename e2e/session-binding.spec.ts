/**
 * The link is not the key (docs/design.md, E22), from outside: a second browser, a script with
 * the session id and the published pages' credential, a link scanner's fetch. The merchant's
 * address opens the cashier once; a plain GET spends nothing; the service refuses every read or
 * move without the holder's proof; the merchant's new launch moves the holding to the
 * customer's browser and ends the old one; without JavaScript the launch is one press.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import arCatalogue from '@/messages/ar.json';
import enCatalogue from '@/messages/en.json';
import { hiddenFields, postCardForm } from '../scripts/forms/card-form-post.mjs';
import {
  CHECKOUT_ORIGIN,
  createSession,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutJs,
  fetchPayout,
  fillPayoutCard,
  merchantApi,
  NIGHT_TOKEN,
  paymentStep as step,
} from './support';
import { depositWith4242, sessionTransactions } from './support-cashier';

/** What a browser reads of a page another browser holds; of one nobody holds (never opened, or launched again). */
const HELD_ELSEWHERE = enCatalogue.binding.heading;
const NO_LONGER_VALID = enCatalogue.binding.invalidHeading;
const pagesApi = merchantApi('sbx_checkout');

const newSession = () =>
  createSession(undefined, {
    token: NIGHT_TOKEN,
    customer: { ...sampleCustomer, externalUserId: `bound-${randomUUID()}`, billing: { ...sampleCustomer.billing, countryCode: 'FR' } },
    kycVerified: true,
    previousTransactionCount: 3,
    balance: 100,
  });
const payoutsOf = async (sessionId: string) => (await sessionTransactions(NIGHT_TOKEN, sessionId)).filter((t) => t.kind === 'payout');
const payoutStatus = async (payoutId: string) => (await fetchPayout(undefined, payoutId, NIGHT_TOKEN)).status;

/** Opens a launch address in `page` and waits until the launch has sent it to the page itself. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForURL((address) => !address.searchParams.has('launch'));
}

async function newBrowser(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

test('a script with the session id and the pages’ credential reads and moves nothing; the customer’s own destination pays', async ({
  page,
  browser,
}) => {
  const session = await newSession();
  await depositWith4242(NIGHT_TOKEN, session.sessionId, 10);
  await open(page, `${session.checkoutUrl}&tab=withdraw`);
  // Within what 4242 paid in (€10): a card gets back no more than that.
  await page.getByLabel('Amount in EUR').fill('10');
  await page.getByRole('button', { name: 'Continue to withdraw' }).click();
  await expect(step(page).getByLabel('Card number')).toBeVisible();
  const [withdrawal] = await payoutsOf(session.sessionId);
  expect(withdrawal!.status).toBe('CREATED');

  // The checkout's own endpoints: refused, no payout id.
  const poll = await fetch(`${CHECKOUT_ORIGIN}/api/cashier/${session.sessionId}`);
  expect(poll.status).toBe(403);
  expect(await poll.text()).not.toContain(withdrawal!.id);
  expect((await fetch(`${CHECKOUT_ORIGIN}/api/cashier/${session.sessionId}/events`)).status).toBe(403);
  // The service itself, with the published pages' credential and no proof: 403 for every read and move.
  const sessionPath = { params: { path: { sessionId: session.sessionId } } };
  expect((await pagesApi.GET('/public/cashier/session/{sessionId}', sessionPath)).response.status).toBe(403);
  expect((await pagesApi.GET('/public/cashier/session/{sessionId}/transactions', sessionPath)).response.status).toBe(403);
  expect(
    (await pagesApi.POST('/public/cashier/session/{sessionId}/payout', { ...sessionPath, body: { value: 100 } })).response.status,
  ).toBe(403);
  expect(
    (
      await pagesApi.PUT('/public/cashier/session/{sessionId}/responsible-gambling', {
        ...sessionPath,
        body: { depositLimits: { day: 0.01 } },
      })
    ).response.status,
  ).toBe(403);
  const payoutPath = { params: { path: { payoutId: withdrawal!.id } } };
  expect((await pagesApi.GET('/public/payout/{payoutId}', payoutPath)).response.status).toBe(403);
  const attackerCard = {
    browser: { javascriptEnabled: true } as never,
    cardData: { cardNumber: '5555555555554444', cardHolderName: 'Attacker', expiryMonth: '12', expiryYear: '2034' },
  };
  expect((await pagesApi.POST('/public/payout/{payoutId}/process/card', { ...payoutPath, body: attackerCard })).response.status).toBe(403);
  // A spent launch secret spends nothing again, and claims nothing by API.
  const spent = new URL(session.checkoutUrl).searchParams.get('launch')!;
  const claim = await pagesApi.PUT('/public/cashier/session/{sessionId}/binding', {
    ...sessionPath,
    body: { launchToken: spent, holderProof: 'f'.repeat(64) },
  });
  expect(claim.response.status).toBe(403);
  // The checkout's form posted by a script, with and without a payout page of its own.
  const payoutUrl = `${CHECKOUT_ORIGIN}/payments/payout/${withdrawal!.id}/card`;
  const forged = await postCardForm(payoutUrl, { cardNumber: '5555555555554444', expiry: '12/34', cardHolderName: 'Attacker' });
  expect(forged.status).toBeLessThan(500);
  const own = (
    await merchantApi().POST('/public/payout', {
      body: {
        orderId: `a-${randomUUID()}`,
        value: 5,
        currency: 'EUR',
        kycVerified: false,
        customer: { ...sampleCustomer, externalUserId: `a-${randomUUID()}` },
      } as never,
    })
  ).data!;
  const launched = await fetch(`${CHECKOUT_ORIGIN}/api/launch`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: CHECKOUT_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      path: new URL(own.iframeUrls.card).pathname,
      launch: new URL(own.iframeUrls.card).searchParams.get('launch')!,
    }),
  });
  expect(launched.status).toBe(303);
  const cookie = launched.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const ownPage = await fetch(`${CHECKOUT_ORIGIN}${new URL(own.iframeUrls.card).pathname}`, { headers: { cookie } });
  const body = new FormData();
  for (const [name, value] of Object.entries({
    ...hiddenFields(await ownPage.text()),
    paymentId: withdrawal!.id,
    cardNumber: '5555555555554444',
    expiry: '12/34',
    cardHolderName: 'Attacker',
  }))
    body.append(name, value);
  const posted = await fetch(payoutUrl, { method: 'POST', body, headers: { Origin: CHECKOUT_ORIGIN, cookie } });
  expect(posted.status).toBeLessThan(500);
  expect(await payoutStatus(withdrawal!.id)).toBe('CREATED');

  // The attacker's browser with the (spent) address: the cashier and the payout page say it is open elsewhere; the widget,
  // whose address nobody has spent, that its link is no longer valid.
  const attacker = await newBrowser(browser);
  await open(attacker.page, session.checkoutUrl);
  await expect(attacker.page.getByRole('heading', { name: HELD_ELSEWHERE })).toBeVisible();
  await expect(attacker.page.getByText('€100')).toHaveCount(0);
  await expect(attacker.page.getByLabel('Amount in EUR')).toHaveCount(0);
  await expectNoAxeViolations(attacker.page, 'cashier held elsewhere');
  await attacker.page.goto(`${CHECKOUT_ORIGIN}/cashier/${session.sessionId}/widget?locale=ar`);
  await expect(attacker.page.getByRole('heading', { name: arCatalogue.binding.invalidHeading })).toBeVisible();
  await expect(attacker.page.getByRole('heading', { name: arCatalogue.binding.heading })).toHaveCount(0);
  await expectNoAxeViolations(attacker.page, 'ar widget nobody holds');
  await attacker.page.goto(payoutUrl);
  await expect(attacker.page.getByRole('heading', { name: HELD_ELSEWHERE })).toBeVisible();
  await expect(attacker.page.getByLabel('Card number')).toHaveCount(0);
  await attacker.context.close();

  // The customer gives their own card: paid out to them (the night merchant confirms by itself).
  await fillPayoutCard(step(page), '4242424242424242');
  await step(page)
    .getByRole('button', { name: /^Send / })
    .click();
  await expect.poll(() => payoutStatus(withdrawal!.id), { timeout: 20_000 }).toMatch(/^(PENDING|PROCESSED)$/);
  const paid = (await merchantApi(NIGHT_TOKEN).GET('/public/payout/{payoutId}', { params: { path: { payoutId: withdrawal!.id } } })).data!;
  expect(paid.cardMask).toMatch(/^424242/);
  expect((await page.request.get(`/api/cashier/${session.sessionId}`)).status()).toBe(200);
});

test('a link scanner’s fetch spends nothing; the launch page without JavaScript is one accessible press; the customer opens the cashier afterwards', async ({
  page,
  browser,
}) => {
  const session = await newSession();
  // A chat preview or mail scanner: a GET of the address (and of the widget's), no script run.
  for (const url of [session.checkoutUrl, session.widgetUrl]) {
    const scanned = await fetch(url);
    expect(scanned.status).toBe(200);
    expect(scanned.headers.get('referrer-policy')).toBe('strict-origin');
    expect(await scanned.text()).not.toContain('100.00');
  }
  // The launch page as a browser without JavaScript shows it (not pressed: the secret stays unspent).
  const noJs = await newBrowser(browser, { javaScriptEnabled: false });
  await noJs.page.goto(session.checkoutUrl);
  await expect(noJs.page.getByRole('heading', { name: enCatalogue.binding.launchHeading })).toBeVisible();
  await expect(noJs.page.getByRole('button', { name: enCatalogue.binding.launchContinue })).toBeVisible();
  await expectNoAxeViolationsWithoutJs(browser, noJs.page, 'launch page');
  await noJs.context.close();
  // The customer's browser then opens it: the cashier, at its address without the secret.
  await open(page, session.checkoutUrl);
  await expect(page.getByTestId('balance')).toHaveText('€100.00');
  await expect(page).toHaveURL(`${CHECKOUT_ORIGIN}/cashier/${session.sessionId}`);
});

test('the merchant launches again: the customer’s new browser holds the cashier and the old one is out; no JavaScript needs one press', async ({
  page,
  browser,
}) => {
  const session = await newSession();
  await open(page, session.checkoutUrl);
  await expect(page.getByLabel('Amount in EUR')).toBeVisible();

  const relaunched = (
    await merchantApi(NIGHT_TOKEN).POST('/public/cashier/session/{sessionId}/launch', {
      params: { path: { sessionId: session.sessionId } },
    })
  ).data!;
  // Launched again, the new address not opened yet: another browser reads that the link is no longer valid, not that it is open elsewhere.
  const stranger = await newBrowser(browser);
  await stranger.page.goto(`${CHECKOUT_ORIGIN}/cashier/${session.sessionId}`);
  await expect(stranger.page.getByRole('heading', { name: NO_LONGER_VALID })).toBeVisible();
  await expect(stranger.page.getByRole('heading', { name: HELD_ELSEWHERE })).toHaveCount(0);
  const noJs = await newBrowser(browser, { javaScriptEnabled: false });
  await noJs.page.goto(relaunched.checkoutUrl);
  await expect(noJs.page.getByRole('heading', { name: enCatalogue.binding.launchHeading })).toBeVisible();
  await noJs.page.getByRole('button', { name: enCatalogue.binding.launchContinue }).click();
  await expect(noJs.page).toHaveURL(`${CHECKOUT_ORIGIN}/cashier/${session.sessionId}`);
  await expect(noJs.page.getByLabel('Amount in EUR')).toBeVisible();

  // The first browser no longer holds the cashier: a reload says so, and its actions are refused.
  await page.reload();
  await expect(page.getByRole('heading', { name: HELD_ELSEWHERE })).toBeVisible();
  expect((await page.request.get(`/api/cashier/${session.sessionId}`)).status()).toBe(403);
  // The widget is a page of its own: launched in the first browser, both are open.
  await open(page, relaunched.widgetUrl);
  await expect(page.getByTestId('balance')).toHaveText('€100.00');
  await noJs.page.reload();
  await expect(noJs.page.getByLabel('Amount in EUR')).toBeVisible();
  await noJs.context.close();
  // The new address spent: the stranger now reads that the cashier is open in another browser.
  await stranger.page.reload();
  await expect(stranger.page.getByRole('heading', { name: HELD_ELSEWHERE })).toBeVisible();
  await stranger.context.close();
});

test('a merchant’s payout page opens once by its address; another browser reads that it is open elsewhere', async ({ page, browser }) => {
  const created = await merchantApi().POST('/public/payout', {
    body: {
      orderId: `p-${randomUUID()}`,
      value: 15,
      currency: 'EUR',
      kycVerified: false,
      customer: { ...sampleCustomer, externalUserId: `p-${randomUUID()}` },
    } as never,
  });
  const url = created.data!.iframeUrls.card;
  await open(page, url);
  await expect(page.getByLabel('Card number')).toBeVisible();
  const attacker = await newBrowser(browser);
  await open(attacker.page, `${url}&locale=ar`);
  await expect(attacker.page.getByRole('heading', { name: arCatalogue.binding.heading })).toBeVisible();
  await expectNoAxeViolations(attacker.page, 'ar payout page held elsewhere');
  await attacker.context.close();
  // A script without the cookie: refused, the payout still waits for its destination.
  await postCardForm(`${CHECKOUT_ORIGIN}${new URL(url).pathname}`, {
    cardNumber: '5555555555554444',
    expiry: '12/34',
    cardHolderName: 'Attacker',
  });
  expect(
    (await merchantApi().GET('/public/payout/{payoutId}', { params: { path: { payoutId: created.data!.payoutId } } })).data!.status,
  ).toBe('CREATED');
});
