/**
 * Frame permissions: the merchant's page frames the card page, which frames the
 * issuer's ACS. The Payment Request API (and with it SPC) and passkeys reach the ACS only when
 * every level delegates them: the merchant's iframe (`allow`), the card page's Permissions-Policy
 * (the ACS origins) and its challenge frame (`allow`). Three origins here: the merchant on
 * 127.0.0.1:3101, the checkout on localhost:3146, its sandbox's ACS on 127.0.0.1:3146.
 */
import { expect, test, type Frame, type Page } from './fixtures';
import { serveSecondServer } from './second-server';
import { createPayin, DEMO_TOKEN, fillCard, MERCHANT_ORIGIN } from './support';

const CHECKOUT = 'http://localhost:3146';
const ACS_ORIGIN = 'http://127.0.0.1:3146';
const DELEGATED = 'payment; publickey-credentials-get; publickey-credentials-create';
const FEATURES = ['payment', 'publickey-credentials-get', 'publickey-credentials-create'];

serveSecondServer(CHECKOUT, {
  SANDBOX_PUBLIC_URL: ACS_ORIGIN,
  SANDBOX_DATA_DIR: 'memory://',
  SANDBOX_WEBHOOK_ALLOW_LOOPBACK: '1',
});

/** A pay-in of the demo merchant in the second server's sandbox. */
/** A pay-in of the demo merchant in this file's server's sandbox. */
const newPayin = () => createPayin(undefined, {}, DEMO_TOKEN, CHECKOUT);

/** Which of the features a frame's document may use, and whether it may construct a PaymentRequest. */
const featuresOf = (frame: Frame) =>
  frame.evaluate((features) => {
    const policy = (document as unknown as { featurePolicy: { allowsFeature(feature: string): boolean } }).featurePolicy;
    let paymentRequest = 'constructed';
    try {
      new PaymentRequest([{ supportedMethods: `${location.origin}/sandbox/wallet` }], {
        total: { label: 'Total', amount: { currency: 'EUR', value: '25.50' } },
      });
    } catch (error) {
      paymentRequest = `${(error as Error).name}: ${(error as Error).message}`;
    }
    return { allowed: features.filter((f) => policy.allowsFeature(f)), paymentRequest };
  }, FEATURES);

const frameOn = (page: Page, prefix: string) => page.frames().find((f) => f.url().startsWith(prefix));

test('the issuer’s ACS, framed by the card page in the merchant’s page, may use the Payment Request API and passkeys', async ({ page }) => {
  const payin = await newPayin();
  const card = await fetch(payin.iframeUrls.card);
  expect(card.headers.get('permissions-policy')).toBe(FEATURES.map((f) => `${f}=(self "${ACS_ORIGIN}")`).join(', '));

  await page.goto(`${MERCHANT_ORIGIN}/embed?src=${encodeURIComponent(payin.iframeUrls.card)}&allow=${encodeURIComponent(DELEGATED)}`);
  const checkout = page.frameLocator('#checkout');
  await fillCard(checkout, { number: '4000000000003220' });
  await checkout.getByRole('button', { name: /^Pay / }).click();
  const challenge = checkout.frameLocator('iframe[title="Confirm with your bank"]');
  await expect(challenge.getByRole('button', { name: 'Confirm payment' })).toBeVisible();
  await expect(checkout.locator('iframe[title="Confirm with your bank"]')).toHaveAttribute('allow', DELEGATED);

  const cardFrame = frameOn(page, `${CHECKOUT}/payments/`)!;
  const acsFrame = frameOn(page, `${ACS_ORIGIN}/sandbox/3ds/`)!;
  expect(new URL(acsFrame.url()).origin).not.toBe(new URL(cardFrame.url()).origin);
  expect(await featuresOf(cardFrame)).toEqual({ allowed: FEATURES, paymentRequest: 'constructed' });
  expect(await featuresOf(acsFrame)).toEqual({ allowed: FEATURES, paymentRequest: 'constructed' });
});

test('a merchant iframe that delegates nothing leaves the card page (and so its ACS) without them', async ({ page }) => {
  const payin = await newPayin();
  await page.goto(`${MERCHANT_ORIGIN}/embed?src=${encodeURIComponent(payin.iframeUrls.card)}`);
  await expect(page.frameLocator('#checkout').getByLabel('Card number')).toBeVisible();
  const cardFrame = frameOn(page, `${CHECKOUT}/payments/`)!;
  expect(await featuresOf(cardFrame)).toEqual({ allowed: [], paymentRequest: expect.stringMatching(/^SecurityError/) });
});

test('the embed script’s current release delegates the three features; release 1 keeps payment alone', async ({ page }) => {
  const payin = await newPayin();
  for (const [release, allowed] of [
    ['', FEATURES],
    ['/embed/v1.js', ['payment']],
  ] as const) {
    await page.goto(
      `${MERCHANT_ORIGIN}/widget?src=${encodeURIComponent(payin.iframeUrls.card)}${release ? `&release=${encodeURIComponent(release)}` : ''}`,
    );
    await expect(page.frameLocator('#widget iframe').getByLabel('Card number')).toBeVisible();
    expect((await featuresOf(frameOn(page, `${CHECKOUT}/payments/`)!)).allowed, release || 'current release').toEqual(allowed);
  }
});
