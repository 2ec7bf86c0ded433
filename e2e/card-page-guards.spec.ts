/**
 * What the card page keeps while it is made lighter (README, "Performance"): the saved cards come
 * with the pay-in's answer (docs/design.md, E7) and still show and pay without JavaScript; the
 * nonce CSP still refuses a script injected into the page, while the page's own scripts run.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { createPayin, expectNoAxeViolationsWithoutJs, fetchPayin, fillCard, MERCHANT_ORIGIN, uniqueVisa } from './support';

test('without JavaScript, a saved card is shown and pays with its security code alone', async ({ page, request, browser }) => {
  const customer = { ...sampleCustomer, externalUserId: `no-js-saver-${randomUUID()}` };
  const number = uniqueVisa();
  const first = await createPayin(request, { customer });
  await page.goto(first.iframeUrls.card);
  await fillCard(page, { number });
  await page.getByLabel('Save this card for my next payments').check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);

  const second = await createPayin(request, { customer, amount: 12.5 });
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const noJs = await context.newPage();
    await noJs.goto(second.iframeUrls.card);
    const saved = noJs.getByRole('radio', { name: new RegExp(`Visa ending ${number.slice(-4)}`) });
    await expect(saved).toBeChecked();
    await expectNoAxeViolationsWithoutJs(browser, noJs, 'no-JS card page with a saved card');
    await noJs.getByLabel('Security code of the selected card').fill('321');
    await noJs.getByRole('button', { name: 'Pay €12.50' }).click();
    await expect(noJs).toHaveURL(new RegExp(`/payments/payin/${second.paymentId}/status`));
    await expect(noJs.getByRole('status')).toHaveText('Payment successful.');
  } finally {
    await context.close();
  }
  expect(await fetchPayin(request, second.paymentId)).toMatchObject({
    status: 'SUCCESS',
    cardMask: `${number.slice(0, 6)}******${number.slice(-4)}`,
  });
});

test('the CSP refuses a script injected into the card page; the page’s own scripts still run', async ({ page, request }) => {
  const payin = await createPayin(request);
  // What a compromised proxy or a stored injection would add: an inline script and one from elsewhere
  // (a closed loopback port, so nothing could leave the machine). The CSP header is the page's own.
  await page.route(payin.iframeUrls.card, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '</body>',
      '<script>window.__injected = "inline"</script><script src="http://127.0.0.1:9/skim.js"></script></body>',
    );
    await route.fulfill({ response, body: html });
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  await page.goto(payin.iframeUrls.card);
  // Hydrated: the number is formatted as it is typed.
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^script-src-elem inline$/),
        expect.stringMatching(/^script-src-elem http:\/\/127\.0\.0\.1:9\/skim\.js$/),
      ]),
    );
});
