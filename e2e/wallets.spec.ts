/**
 * Wallets on the card page, in en and ar, with axe at 0, for a merchant that
 * offers them (the seed's Wallet Café) in a merchant's page on a second origin that delegates
 * `payment`:
 * - the sandbox wallet, a web payment app on the sandbox's origin: Chromium installs it just in
 *   time from its manifests, the Payment Request button shows, the wallet's window (driven
 *   through CDP: Playwright does not list payment handler windows) picks a test card and pays;
 *   the wallet's decline card brings the card page's decline message; its challenge card shows the
 *   issuer's challenge in the page, the card form stepping aside;
 * - Google Pay against a stub of Google's script on loopback (GOOGLE_PAY_SCRIPT_URL): the
 *   PaymentDataRequest has Google's shapes (PAYMENT_GATEWAY, TEST) and its token pays;
 * - the stub's origin is in the card page's CSP for that merchant only.
 * Apple Pay needs Safari (ApplePaySession): Chromium shows no button and fetches nothing of Apple's.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import {
  catalogue,
  CHECKOUT_ORIGIN,
  createPayin,
  DEMO_TOKEN,
  expectNoAxeViolations,
  fetchPayin,
  leavePaymentApps,
  MERCHANT_ORIGIN,
} from './support';

const WALLET_TOKEN = 'sbx_wallet_merchant';
const STUB_ORIGIN = MERCHANT_ORIGIN;

type Catalogue = {
  wallet: Record<'heading' | 'sandboxWallet', string>;
  sandboxWallet: Record<'title', string>;
  card: { declined: string; challengeTitle: string; legend: string };
  acs: { pass: string };
};

const statusOf = async (paymentId: string) => (await fetchPayin(undefined, paymentId, CHECKOUT_ORIGIN, WALLET_TOKEN)).status;

/** A new pay-in of the wallet merchant, its card page in the merchant's page with `payment` delegated. */
async function openCardPage(page: Page, locale: string) {
  const payin = await createPayin(undefined, {}, WALLET_TOKEN);
  const src = `${payin.iframeUrls.card}?locale=${locale}`;
  // follow=0: the shop stays on its page after the payment, so the checkout frame can still be read.
  await page.goto(`${MERCHANT_ORIGIN}/embed?src=${encodeURIComponent(src)}&allow=payment&follow=0`);
  return { paymentId: payin.paymentId, checkout: page.frameLocator('#checkout') };
}

/** Runs `script` in the sandbox wallet's window once it is open (a payment handler window: a CDP target of its own). */
async function inWalletWindow(browser: Browser, script: string): Promise<unknown> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    let targetId = '';
    await expect
      .poll(async () => {
        const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; url: string }[] };
        targetId = targetInfos.find((t) => t.url.includes('/sandbox/wallet/pay'))?.targetId ?? '';
        return targetId;
      })
      .not.toBe('');
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: false })) as { sessionId: string };
    const answer = new Promise<unknown>((resolve) =>
      cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
        const message = JSON.parse(event.message) as { id?: number; result?: { result?: { value?: unknown } } };
        if (message.id === 1) resolve(message.result?.result?.value);
      }),
    );
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({
        id: 1,
        method: 'Runtime.evaluate',
        params: { expression: script, awaitPromise: true, returnByValue: true },
      }),
    });
    return await answer;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * In the wallet's window: wait for the request, choose the card at `index`, press Pay; answers
 * the intro it showed. (Playwright's locale does not reach a window it does not attach to: the
 * window speaks the browser's default language, so Pay is found by its role in the form.)
 */
const chooseAndPay = (index: number) => `(async () => {
  for (let i = 0; i < 100 && !document.querySelector('#wallet-card-${index}:not([disabled])'); i++) await new Promise((r) => setTimeout(r, 100));
  document.querySelector('#wallet-card-${index}').click();
  const intro = document.querySelector('main p').textContent;
  document.querySelector('main button[type=submit]').click();
  return intro;
})()`;

for (const locale of ['en', 'ar'] as const) {
  test.describe(locale, () => {
    test.use({ locale });
    test.afterEach(({ page }) => leavePaymentApps(page));

    test('the sandbox wallet pays through the Payment Request API; its decline card is declined', async ({ page, browser }) => {
      const text = catalogue<Catalogue>(locale);
      const { paymentId, checkout } = await openCardPage(page, locale);
      const button = checkout.getByRole('button', { name: text.wallet.sandboxWallet });
      await expect(button).toBeVisible();
      await expect(checkout.getByRole('heading', { name: text.wallet.heading })).toBeVisible();
      await expect(checkout.getByTestId('sandbox-wallet-badge')).toBeVisible();
      await expectNoAxeViolations(page, `card page with wallets (${locale})`);

      // The decline card: the card page says so and the pay-in may be paid again.
      await button.click();
      await inWalletWindow(browser, chooseAndPay(2));
      await expect(checkout.getByRole('alert').filter({ hasText: text.card.declined.split('{')[0]!.trim().slice(0, 8) })).toBeVisible();
      expect(await statusOf(paymentId)).toBe('DECLINED');

      await button.click();
      const intro = await inWalletWindow(browser, chooseAndPay(0));
      expect(String(intro)).toContain('Wallet Café');
      await expect.poll(() => statusOf(paymentId)).toBe('SUCCESS');
    });

    test('a wallet card that asks for 3-D Secure: the challenge shows in the page, the card form steps aside; passed, it pays', async ({
      page,
      browser,
    }) => {
      const text = catalogue<Catalogue>(locale);
      const { paymentId, checkout } = await openCardPage(page, locale);
      await expect(checkout.getByRole('group', { name: text.card.legend })).toBeVisible();
      await checkout.getByRole('button', { name: text.wallet.sandboxWallet }).click();
      await inWalletWindow(browser, chooseAndPay(1));
      const acs = checkout.frameLocator(`iframe[title="${text.card.challengeTitle}"]`);
      await expect(acs.getByRole('button', { name: text.acs.pass })).toBeVisible();
      await expect(checkout.getByRole('group', { name: text.card.legend })).toBeHidden();
      expect(await statusOf(paymentId)).toBe('PENDING_3DS');
      await expectNoAxeViolations(page, `wallet payment in its 3DS challenge (${locale})`);
      await acs.getByRole('button', { name: text.acs.pass }).click();
      await expect.poll(() => statusOf(paymentId)).toBe('SUCCESS');
    });

    test("Google Pay (stub of Google's script on loopback) pays with a PAYMENT_GATEWAY token", async ({ page }) => {
      const asked: string[] = [];
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.text().startsWith('googlePay.loadPaymentData ')) asked.push(message.text());
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const { paymentId, checkout } = await openCardPage(page, locale);
      const button = checkout.getByRole('button', { name: 'Google Pay' });
      await expect(button).toBeVisible();
      await button.click();
      await expect.poll(() => statusOf(paymentId)).toBe('SUCCESS');
      // The status page the card page moves on to keeps the merchant's theme: no style the CSP refuses.
      await expect.poll(() => page.frames().some((f) => f.url().includes(`/payments/payin/${paymentId}/status`))).toBe(true);
      const status = page.frames().find((f) => f.url().includes(`/payments/payin/${paymentId}/status`))!;
      await status.waitForLoadState('load');
      await expect(status.locator('main')).toBeVisible();
      expect(violations).toEqual([]);
      // What the page asked Google Pay, as the stub told it on the console (the card page moves on
      // to its status page once paid, so its window may be gone when the test reads).
      const requests = asked.map((line) => JSON.parse(line.slice('googlePay.loadPaymentData '.length)) as Record<string, unknown>);
      expect(requests[0]).toMatchObject({
        apiVersion: 2,
        apiVersionMinor: 0,
        allowedPaymentMethods: [
          {
            type: 'CARD',
            tokenizationSpecification: {
              type: 'PAYMENT_GATEWAY',
              parameters: { gateway: 'sandbox', gatewayMerchantId: 'merchant-wallets' },
            },
          },
        ],
        transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '25.50', currencyCode: 'EUR' },
        merchantInfo: { merchantName: 'Wallet Café' },
      });
    });
  });
}

for (const locale of ['en', 'ar'] as const) {
  test.describe(`${locale}: the sandbox wallet's own page`, () => {
    test.use({ locale });
    test('opened from the console, lists its cards; axe at 0', async ({ page }) => {
      await page.goto(`/sandbox/wallet/pay`);
      await expect(page.getByRole('heading', { level: 1, name: catalogue<Catalogue>(locale).sandboxWallet.title })).toBeVisible();
      await expect(page.getByRole('radio')).toHaveCount(4);
      await expectNoAxeViolations(page, `sandbox wallet page (${locale})`);
    });
  });
}

test("Google Pay's script origin is in the CSP of a merchant that offers it, and no other", async ({ request }) => {
  const wallets = await createPayin(undefined, {}, WALLET_TOKEN);
  const demo = await createPayin(undefined, {}, DEMO_TOKEN);
  const cspOf = async (url: string) => (await request.get(url)).headers()['content-security-policy'] ?? '';
  const offered = await cspOf(wallets.iframeUrls.card);
  expect(offered).toMatch(new RegExp(`script-src [^;]*${STUB_ORIGIN.replace(/[.:/]/g, '\\$&')}`));
  expect(offered).toMatch(new RegExp(`frame-src [^;]*${STUB_ORIGIN.replace(/[.:/]/g, '\\$&')}`));
  expect(await cspOf(demo.iframeUrls.card)).not.toContain(STUB_ORIGIN);
  expect(await cspOf(wallets.iframeUrls.card.replace(/\/card$/, '/apm'))).not.toContain(STUB_ORIGIN);
});
