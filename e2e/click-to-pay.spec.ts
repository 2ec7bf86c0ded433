/**
 * Click to Pay in the card page (docs/design.md, "Click to Pay in the card page"), as the customer meets it in a
 * merchant's page on a second origin, against the sandbox's SRC system: recognised after a code
 * and then by the remembered browser, a wrong code then the right one (keyboard only), three wrong
 * codes locking the profile, "Not you?", no JavaScript (the card fields with the link box), a
 * browser remembered while the customer types a card (the form left alone), and a
 * typed card linked on consent then listed. Each flow in en or ar with axe at 0, and a screenshot
 * at 390 px wide (the test's output folder, c2p-<flow>-390.png).
 */
import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { expect, test } from './fixtures';
import {
  catalogue,
  CHECKOUT_ORIGIN,
  createPayin,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutJs,
  fetchPayin,
  fillCard,
  fillCardByLabels,
  MERCHANT_ORIGIN,
  openEmbedded,
  withQuery,
} from './support';

const C2P_TOKEN = 'sbx_c2p_merchant';
const CODE = '123456';
const en = catalogue('en').clickToPay;

/** A pay-in of the Ticket Hall (which offers Click to Pay) for a customer with `email`. */
const ticketPayin = (email: string, amount = 25.5) =>
  createPayin(undefined, { amount, customer: { ...sampleCustomer, email, externalUserId: `customer-${randomUUID()}` } }, C2P_TOKEN);

const readPayin = (paymentId: string) => fetchPayin(undefined, paymentId, CHECKOUT_ORIGIN, C2P_TOKEN);

/** A full-page screenshot at 390 × 844 CSS px into the test's output folder. */
async function shoot(page: Page, testInfo: TestInfo, flow: string) {
  await page.screenshot({ path: testInfo.outputPath(`c2p-${flow}-390.png`), fullPage: true });
}

test.use({ viewport: { width: 390, height: 844 } });

test('recognised: a code, remembered, then the tray at once; a token frictionless where the card is challenged; Not you?', async ({
  page,
}, testInfo) => {
  const first = await ticketPayin('clara.c2p@example.com');
  let frame = await openEmbedded(page, first.iframeUrls.card);
  const panel = frame.getByRole('region', { name: 'Click to Pay' });
  await expect(panel.getByText('Click to Pay has found cards linked to')).toBeVisible();
  // The card fields stay while the customer decides.
  await expect(frame.getByLabel('Card number')).toBeVisible();
  await expectNoAxeViolations(page, 'Click to Pay: cards found (en)');
  await panel.getByRole('button', { name: en.sendCode }).click();
  const code = panel.getByRole('textbox', { name: en.codeLabel });
  await expect(code).toBeFocused();
  await code.fill(CODE);
  await panel.getByRole('checkbox', { name: 'Remember me on this browser at Ticket Hall' }).check();
  await expectNoAxeViolations(page, 'Click to Pay: the code (en)');
  await panel.getByRole('button', { name: en.continue }).click();
  const cards = panel.getByRole('group', { name: en.cardsLegend });
  await expect(cards.getByRole('radio')).toHaveCount(2);
  // The card list stands for the card fields until the customer asks for them.
  await expect(frame.getByLabel('Card number')).toBeHidden();
  await expectNoAxeViolations(page, 'Click to Pay: the card list (en)');
  await shoot(page, testInfo, 'recognised');
  await cards.getByRole('radio', { name: /•••• 3220/ }).check();
  await panel.getByRole('button', { name: 'Pay €25.50 with Click to Pay' }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  const paid = await readPayin(first.paymentId);
  expect(paid).toMatchObject({ status: 'SUCCESS', cardMask: '400000******3220' });
  // 4000 0000 0000 3220 typed is challenged; its network token is not.
  expect(paid.threeDs).toMatchObject({ outcome: 'FRICTIONLESS', payToken: true });
  expect(paid.clickToPay?.paidWith).toMatchObject({ recognisedBy: 'OTP', cryptogram: 'TAVV' });

  // The same merchant's page again: remembered by the SRC system's cookie, no code.
  const second = await ticketPayin('clara.c2p@example.com');
  frame = await openEmbedded(page, second.iframeUrls.card);
  const again = frame.getByRole('region', { name: 'Click to Pay' });
  await expect(again.getByRole('group', { name: en.cardsLegend }).getByRole('radio')).toHaveCount(2);
  await again.getByRole('radio', { name: /•••• 4444/ }).check();
  await again.getByRole('button', { name: /with Click to Pay$/ }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await readPayin(second.paymentId)).clickToPay?.paidWith).toMatchObject({ recognisedBy: 'COOKIE', cryptogram: 'DSRP' });

  // The same card page opened top level is another partition: not remembered.
  const third = await ticketPayin('clara.c2p@example.com');
  await page.goto(third.iframeUrls.card);
  await expect(page.getByRole('region', { name: 'Click to Pay' }).getByText('Click to Pay has found cards linked to')).toBeVisible();

  // Not you?: in the merchant's page, the remembered browser forgotten, another identity asked for.
  frame = await openEmbedded(page, third.iframeUrls.card);
  const notYou = frame.getByRole('region', { name: 'Click to Pay' });
  await notYou.getByRole('button', { name: en.notYou }).click();
  await expect(notYou.getByRole('heading', { name: en.switchHeading })).toBeFocused();
  await expect(frame.getByLabel('Card number')).toBeVisible();
  await expectNoAxeViolations(page, 'Click to Pay: Not you? (en)');
  await shoot(page, testInfo, 'not-you');
  await page.reload();
  await expect(frame.getByRole('region', { name: 'Click to Pay' }).getByText('Click to Pay has found cards linked to')).toBeVisible();
  await expect(frame.getByRole('group', { name: en.cardsLegend })).toHaveCount(0);
});

test('a wrong code then the right one, by keyboard alone', async ({ page }, testInfo) => {
  const payin = await ticketPayin('tomas.c2p@example.com');
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  const panel = frame.getByRole('region', { name: 'Click to Pay' });
  await panel.getByRole('button', { name: en.sendCode }).focus();
  await page.keyboard.press('Enter');
  const code = panel.getByRole('textbox', { name: en.codeLabel });
  await expect(code).toBeFocused();
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  await expect(panel.locator('#c2p-code-error')).toHaveText('That code is not right. Tries left: 2.');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toBeFocused();
  await expectNoAxeViolations(page, 'Click to Pay: a wrong code (en)');
  await shoot(page, testInfo, 'code-wrong');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(CODE);
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: /Click to Pay cards of/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('radio', { name: /•••• 4242/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: /with Click to Pay$/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await readPayin(payin.paymentId)).status).toBe('SUCCESS');
});

test('three wrong codes lock the profile; the card fields still pay (ar)', async ({ page }, testInfo) => {
  const ar = catalogue('ar').clickToPay;
  const payin = await ticketPayin('lena.c2p@example.com');
  const frame = await openEmbedded(page, withQuery(payin.iframeUrls.card, 'locale=ar'));
  const panel = frame.getByRole('region', { name: ar.heading });
  await panel.getByRole('button', { name: ar.sendCode }).click();
  const code = panel.getByRole('textbox', { name: ar.codeLabel });
  for (const left of [2, 1]) {
    await code.fill('000000');
    await panel.getByRole('button', { name: ar.continue }).click();
    await expect(panel.locator('#c2p-code-error')).toContainText(String(left));
  }
  await expectNoAxeViolations(page, 'Click to Pay: a wrong code (ar)');
  await code.fill('000000');
  await panel.getByRole('button', { name: ar.continue }).click();
  const locked = panel.getByRole('alert').filter({ hasText: 'l•••@example.com' });
  await expect(locked).toBeFocused();
  await expectNoAxeViolations(page, 'Click to Pay: locked (ar)');
  await shoot(page, testInfo, 'locked');
  await fillCardByLabels(frame, catalogue('ar').card, '4242424242424242', true);
  await frame.locator('[data-card-forms] button[type="submit"]').click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await readPayin(payin.paymentId)).status).toBe('SUCCESS');
});

test('without JavaScript: the card fields and the link box; a card linked on consent is then listed', async ({
  browser,
  page,
}, testInfo) => {
  const email = `new-${randomUUID().slice(0, 8)}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const noJs = await context.newPage();
    const srcCalls: string[] = [];
    noJs.on('request', (request) => {
      if (request.url().includes('/sandbox/src/')) srcCalls.push(request.url());
    });
    const payin = await ticketPayin(email);
    await noJs.goto(payin.iframeUrls.card);
    const link = noJs.getByRole('checkbox', { name: en.linkLabel });
    await expect(link).not.toBeChecked();
    await expect(noJs.locator('#clickToPayLink-hint')).toContainText('n•••@example.com');
    await expect(noJs.getByRole('region', { name: 'Click to Pay' })).toHaveCount(0);
    await expectNoAxeViolationsWithoutJs(browser, noJs, 'Click to Pay: the link box without JavaScript');
    await fillCard(noJs, { number: '4242424242424242' });
    await link.check();
    await noJs.screenshot({ path: testInfo.outputPath('c2p-no-javascript-390.png'), fullPage: true });
    await noJs.getByRole('button', { name: 'Pay €25.50' }).click();
    // Without JavaScript the status page links back to the merchant.
    await expect(noJs.getByRole('link', { name: 'Return to merchant' })).toHaveAttribute('href', `${MERCHANT_ORIGIN}/success`);
    expect(srcCalls).toEqual([]);
    await expect.poll(async () => (await readPayin(payin.paymentId)).clickToPay?.link?.outcome).toBe('LINKED');
  } finally {
    await context.close();
  }

  // With JavaScript, the next pay-in finds the card linked on consent.
  const next = await ticketPayin(email);
  const frame = await openEmbedded(page, next.iframeUrls.card);
  const panel = frame.getByRole('region', { name: 'Click to Pay' });
  await panel.getByRole('button', { name: en.sendCode }).click();
  await panel.getByRole('textbox', { name: en.codeLabel }).fill(CODE);
  await panel.getByRole('button', { name: en.continue }).click();
  await expect(panel.getByRole('radio', { name: /•••• 4242/ })).toBeChecked();
  await shoot(page, testInfo, 'added-on-consent');
  await panel.getByRole('button', { name: /with Click to Pay$/ }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await readPayin(next.paymentId)).clickToPay?.paidWith?.recognisedBy).toBe('OTP');
});

test('a token whose issuer challenges tokens too: the issuer’s challenge inside the panel, then paid', async ({ page }) => {
  const payin = await ticketPayin('ravi.c2p@example.com');
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  const panel = frame.getByRole('region', { name: 'Click to Pay' });
  await panel.getByRole('button', { name: en.sendCode }).click();
  await panel.getByRole('textbox', { name: en.codeLabel }).fill(CODE);
  await panel.getByRole('button', { name: en.continue }).click();
  await panel.getByRole('button', { name: /with Click to Pay$/ }).click();
  const acs = frame.frameLocator('iframe[title="Confirm with your bank"]');
  await expect(acs.getByText('400000******3246')).toBeVisible();
  // The card fields step aside while the issuer asks.
  await expect(frame.getByLabel('Card number')).toBeHidden();
  await expectNoAxeViolations(page, 'Click to Pay: the issuer’s challenge of a token');
  await acs.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await readPayin(payin.paymentId)).threeDs).toMatchObject({ outcome: 'AUTHENTICATED', challenged: true, payToken: true });
});

test('remembered while typing a card: Show my cards, the card form left as it was', async ({ page }) => {
  const first = await ticketPayin('dora.c2p@example.com');
  let frame = await openEmbedded(page, first.iframeUrls.card);
  let panel = frame.getByRole('region', { name: 'Click to Pay' });
  await panel.getByRole('button', { name: en.sendCode }).click();
  await panel.getByRole('textbox', { name: en.codeLabel }).fill(CODE);
  await panel.getByRole('checkbox', { name: 'Remember me on this browser at Ticket Hall' }).check();
  await panel.getByRole('button', { name: en.continue }).click();
  await expect(panel.getByRole('radio')).toHaveCount(1);

  // The next page: the SRC system answers only once the customer is typing a card number.
  let typed!: () => void;
  const typing = new Promise<void>((resolve) => (typed = resolve));
  await page.route('**/sandbox/src/api/recognize', async (route) => {
    await typing;
    await route.continue();
  });
  const second = await ticketPayin('dora.c2p@example.com');
  frame = await openEmbedded(page, second.iframeUrls.card);
  const number = frame.getByLabel('Card number');
  await number.fill('4242 4242');
  typed();
  panel = frame.getByRole('region', { name: 'Click to Pay' });
  await expect(panel.getByRole('button', { name: en.showCards })).toBeVisible();
  await expect(number).toBeFocused();
  await expect(number).toHaveValue('4242 4242');
  await expectNoAxeViolations(page, 'Click to Pay: recognised while typing (en)');
  await panel.getByRole('button', { name: en.showCards }).click();
  await expect(panel.getByRole('radio', { name: /•••• 0002/ })).toBeChecked();
  await expect(number).toBeHidden();
});
