/**
 * The card page by keyboard alone, with JavaScript off (progressive enhancement), and not
 * framed (the status page redirects at once).
 */
import { expect, test } from './fixtures';
import {
  createPayin,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutJs,
  fetchPayin,
  FUTURE_EXPIRY,
  MERCHANT_ORIGIN,
  openEmbedded,
  tabUntilFocused,
} from './support';

test('keyboard only: Tab through the fields, pay with Enter, through 3DS with the keyboard', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await expect(frame.getByLabel('Card number')).toBeVisible();
  // From the merchant page into the frame, then field after field.
  await page.keyboard.press('Tab');
  await expect(frame.getByLabel('Card number')).toBeFocused();
  await page.keyboard.type('4000000000003220');
  await page.keyboard.press('Tab');
  await expect(frame.getByLabel('Expiry date')).toBeFocused();
  await page.keyboard.type(FUTURE_EXPIRY);
  await page.keyboard.press('Tab');
  await expect(frame.getByLabel('Security code')).toBeFocused();
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await expect(frame.getByLabel('Name on card')).toBeFocused();
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Tab');
  await expect(frame.getByLabel('Save this card for my next payments')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(frame.getByLabel('Save this card for my next payments')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(frame.getByRole('button', { name: /^Pay / })).toBeFocused();
  await page.keyboard.press('Enter');

  // The challenge frame takes the focus; Tab reaches its button.
  const confirm = frame.frameLocator('iframe[title="Confirm with your bank"]').getByRole('button', { name: 'Confirm payment' });
  await expect(confirm).toBeVisible();
  await tabUntilFocused(page, confirm, 10);
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  const paid = await fetchPayin(request, payin.paymentId);
  expect(paid.status).toBe('SUCCESS');
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts to the server, which validates and pays', async ({ page, request, browser }) => {
    const payin = await createPayin(request);
    await page.goto(payin.iframeUrls.card);
    // Server-side validation, exactly as the client's.
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry date').fill('01 / 20');
    await page.getByLabel('Security code').fill('12');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('alert')).toContainText('The payment was not sent');
    await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(/This card number is not valid/);
    await expect(page.getByLabel('Expiry date')).toHaveAccessibleDescription(/This card has expired/);
    await expect(page.getByLabel('Security code')).toHaveAccessibleDescription(/wrong number of digits/);
    // The number is never sent back in the page; the holder name is.
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page.getByLabel('Name on card')).toHaveValue('Ada Lovelace');
    await expectNoAxeViolationsWithoutJs(browser, page, 'no-JS form with errors');
    expect((await fetchPayin(request, payin.paymentId)).status).toBe('CREATED');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill(FUTURE_EXPIRY);
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(new RegExp(`/payments/payin/${payin.paymentId}/status`));
    await expect(page.getByRole('status')).toHaveText('Payment successful.');
    await expect(page.getByRole('link', { name: /merchant/ })).toHaveAttribute('href', `${MERCHANT_ORIGIN}/success`);
    expect((await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
    await expectNoAxeViolationsWithoutJs(browser, page, 'no-JS status page');
  });
});

test('not framed: the status page sends the customer to the return URL at once', async ({ page, request }) => {
  const payin = await createPayin(request);
  await page.goto(payin.iframeUrls.card);
  await expectNoAxeViolations(page, 'card page, top level');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry date').fill(FUTURE_EXPIRY);
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
});

test('framing: the CSP allows the merchant origins and the security headers are set', async ({ request }) => {
  const payin = await createPayin(request);
  const response = await request.get(payin.iframeUrls.card);
  const headers = response.headers();
  expect(headers['content-security-policy']).toMatch(/frame-ancestors 'self' http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*/);
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
  // The sandbox's ACS is on this origin here: self covers it (e2e/frame-permissions.spec.ts: an ACS of its own).
  expect(headers['permissions-policy']).toBe('payment=(self), publickey-credentials-get=(self), publickey-credentials-create=(self)');
  // A page of no pay-in may be framed by our own origin only.
  const home = await request.get('/');
  expect(home.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
});

test('autofill: the fields carry cc-* autocomplete, and values written at once as a browser autofills them pay', async ({
  page,
  request,
}) => {
  const payin = await createPayin(request);
  await page.goto(payin.iframeUrls.card);
  for (const [label, token] of [
    ['Card number', 'cc-number'],
    ['Expiry date', 'cc-exp'],
    ['Security code', 'cc-csc'],
    ['Name on card', 'cc-name'],
  ] as const) {
    await expect(page.getByLabel(label)).toHaveAttribute('autocomplete', token);
  }
  // Autofill sets each value through the native setter and fires input and change, no keystrokes;
  // the expiry comes as MM/YYYY, which the form must read as December 2031, not 2020.
  await page.evaluate(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const [id, value] of [
      ['cardNumber', '4242424242424242'],
      ['expiry', '12/2031'],
      ['cvv', '123'],
      ['cardHolderName', 'Ada Lovelace'],
    ] as const) {
      const input = document.getElementById(id) as HTMLInputElement;
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
  });
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Expiry date')).toHaveValue('12 / 31');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect.poll(async () => (await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
  // Not framed: the customer ends on the merchant's return URL (and the test ends on a page at rest).
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
});

test('typed before the page’s script ran: the fields get their format and brand when it runs, and pay', async ({ page, request }) => {
  const payin = await createPayin(request);
  // The page's scripts are held back until the customer has typed (a slow network), then let go.
  const held: (() => void)[] = [];
  let holding = true;
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    if (holding) await new Promise<void>((release) => held.push(release));
    await route.continue();
  });
  await page.goto(payin.iframeUrls.card, { waitUntil: 'domcontentloaded' });
  await page.locator('#cardNumber').fill('4242424242424242');
  await page.locator('#expiry').fill('12/2031');
  await page.locator('#cvv').fill('123');
  await page.locator('#cardHolderName').fill('Ada Lovelace');
  await expect(page.locator('#cardNumber')).toHaveValue('4242424242424242');
  holding = false;
  for (const release of held) release();
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Expiry date')).toHaveValue('12 / 31');
  await expect(page.getByText('Card brand: Visa')).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect.poll(async () => (await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
  // Not framed: the customer ends on the merchant's return URL (and the test ends on a page at rest).
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
});

test('editing the card number in the middle keeps the caret where the customer types', async ({ page, request }) => {
  const payin = await createPayin(request);
  await page.goto(payin.iframeUrls.card);
  const number = page.getByLabel('Card number');
  await number.click();
  await page.keyboard.type('4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  const caret = () => number.evaluate((el: HTMLInputElement) => el.selectionStart);
  // After the sixth digit ("4242 42|42 …"), delete it, then type it again.
  await page.keyboard.press('Home');
  for (let i = 0; i < 7; i += 1) await page.keyboard.press('ArrowRight');
  expect(await caret()).toBe(7);
  await page.keyboard.press('Backspace');
  await expect(number).toHaveValue('4242 4424 2424 242');
  expect(await caret()).toBe(6);
  await page.keyboard.type('2');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  expect(await caret()).toBe(7);
});
