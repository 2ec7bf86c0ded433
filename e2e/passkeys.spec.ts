/**
 * Passkeys in 3-D Secure: Secure Payment Confirmation, tested offline with
 * Chromium's test hooks: a virtual authenticator (CDP WebAuthn) and SPC's transaction mode
 * (CDP Page.setSPCTransactionMode: autoAccept, autoReject). Linux Chromium ships SPC behind
 * its browser feature (SecurePaymentConfirmationBrowser), turned on for this file.
 *
 * A server of its own (its sandbox in memory, so its passkeys touch no other test) with three
 * origins: the merchant (localhost:3101), the checkout (checkout.localhost:3147) and its
 * sandbox's ACS (acs.localhost:3147). WebAuthn needs domains, never IP addresses, and secure
 * contexts: Chromium resolves *.localhost to loopback and trusts it. The passkey's relying party
 * (acs.localhost) is not the checkout's domain: SPC's cross-origin confirmation, as with a real
 * issuer. Scripts reach the server on 127.0.0.1 (Node does not resolve *.localhost).
 * In en and ar: a passed challenge enrols a passkey at the ACS; the next pay-in with that card is
 * confirmed by the SPC prompt with no challenge; a rejected prompt falls back to the challenge.
 */
import type { ChildProcess } from 'node:child_process';
import { expect, test, type BrowserContext, type FrameLocator, type Page } from './fixtures';
import { payinStatusAt, startSecondServer } from './second-server';
import { catalogue, createPayin, DEMO_TOKEN, expectNoAxeViolations, fillCardByLabels, MERCHANT_ORIGIN } from './support';

/** The server of a locale's tests (a clean sandbox each: passkeys are kept per card). */
const originsOf = (port: number) => ({
  checkout: `http://checkout.localhost:${port}`,
  acs: `http://acs.localhost:${port}`,
  server: `http://127.0.0.1:${port}`,
});
let CHECKOUT = '';
let ACS = '';
/** The same server, as this script reaches it. */
let SERVER = '';
/** The merchant's site, by its name: a page under an IP address may not use passkeys in its frames. */
const SHOP = MERCHANT_ORIGIN.replace('127.0.0.1', 'localhost');
const DELEGATED = 'payment; publickey-credentials-get; publickey-credentials-create';
/** The challenge card of the sandbox (docs/design.md, section 6). */
const CARD = '4000000000003220';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-gpu',
      '--no-first-run',
      '--enable-features=SecurePaymentConfirmationBrowser',
    ],
  },
});

type Catalogue = {
  acs: Record<'pass' | 'passkeyHeading' | 'passkeyCreate', string>;
  card: Record<'cardNumber' | 'expiry' | 'cvv' | 'cardHolderName', string>;
};

/** A pay-in of the demo merchant in this file's server's sandbox. */
const newPayin = () => createPayin(undefined, {}, DEMO_TOKEN, SERVER);
const statusOf = (paymentId: string) => payinStatusAt(SERVER, paymentId);

/** A virtual passkey authenticator (user-verifying, platform) and SPC's test mode, for this page. */
async function passkeyDevice(context: BrowserContext, page: Page, mode: 'autoAccept' | 'autoReject') {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await cdp.send('Page.setSPCTransactionMode', { mode });
  return cdp;
}

/** Opens a new pay-in's card page in the merchant's page, delegating the payment features, and pays with the challenge card. */
async function payWithChallengeCard(page: Page, locale: string): Promise<{ paymentId: string; checkout: FrameLocator }> {
  const payin = await newPayin();
  const src = `${payin.iframeUrls.card}?locale=${locale}`;
  await page.goto(`${SHOP}/embed?src=${encodeURIComponent(src)}&allow=${encodeURIComponent(DELEGATED)}`);
  const checkout = page.frameLocator('#checkout');
  await fillCardByLabels(checkout, catalogue<Catalogue>(locale).card, CARD);
  await checkout.locator('button[type="submit"]').first().click();
  return { paymentId: payin.paymentId, checkout };
}

for (const [locale, port] of [
  ['en', 3147],
  ['ar', 3148],
] as const) {
  test.describe(`${locale}`, () => {
    // The browser's language: the card page has ?locale=, the issuer's ACS follows the browser.
    test.use({ locale });
    let server: ChildProcess;
    test.beforeAll(async () => {
      ({ checkout: CHECKOUT, acs: ACS, server: SERVER } = originsOf(port));
      server = await startSecondServer(SERVER, {
        CHECKOUT_URL: CHECKOUT,
        SANDBOX_PUBLIC_URL: ACS,
        SANDBOX_DATA_DIR: 'memory://',
        SANDBOX_WEBHOOK_ALLOW_LOOPBACK: '1',
      });
    });
    test.afterAll(() => {
      server?.kill('SIGTERM');
    });

    test(`${locale}: a passed challenge enrols a passkey; the next pay-in with the card is confirmed by it, with no challenge`, async ({
      page,
      context,
    }) => {
      const text = catalogue<Catalogue>(locale);
      await passkeyDevice(context, page, 'autoAccept');

      // 1. The ordinary challenge, passed; the ACS offers a passkey for the card and makes one.
      const first = await payWithChallengeCard(page, locale);
      const acs = first.checkout.frameLocator('iframe[allow]');
      // Pass shows only once the page knows a passkey can be made here: pressed at once, the offer still follows.
      await acs.getByRole('button', { name: text.acs.pass }).click();
      await expect(acs.getByRole('heading', { name: text.acs.passkeyHeading })).toBeVisible();
      await expectNoAxeViolations(page, `${locale} ACS passkey offer`);
      await acs.getByRole('button', { name: text.acs.passkeyCreate }).click();
      await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
      expect(await statusOf(first.paymentId)).toBe('SUCCESS');

      // 2. The next pay-in with the card: the browser's SPC prompt (accepted by the test mode); the
      // ACS's challenge page never shows, and the payment succeeds.
      const second = await payWithChallengeCard(page, locale);
      await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
      expect(await statusOf(second.paymentId)).toBe('SUCCESS');
      expect(page.frames().some((frame) => frame.url().startsWith(`${ACS}/sandbox/3ds/${second.paymentId}`))).toBe(false);
    });

    test(`${locale}: a rejected passkey prompt falls back to the ordinary challenge, which pays`, async ({ page, context }) => {
      const text = catalogue<Catalogue>(locale);
      const cdp = await passkeyDevice(context, page, 'autoAccept');
      // The card's passkey: enrolled now, unless an earlier test of this server did.
      const first = await payWithChallengeCard(page, locale);
      const acs = first.checkout.frameLocator('iframe[allow]');
      await acs.getByRole('button', { name: text.acs.pass }).click();
      const create = acs.getByRole('button', { name: text.acs.passkeyCreate });
      await Promise.race([create.waitFor().then(() => create.click()), page.waitForURL(`${MERCHANT_ORIGIN}/success`)]);
      await page.waitForURL(`${MERCHANT_ORIGIN}/success`);

      await cdp.send('Page.setSPCTransactionMode', { mode: 'autoReject' });
      const second = await payWithChallengeCard(page, locale);
      const challenge = second.checkout.frameLocator('iframe[allow]');
      await expect(challenge.getByRole('button', { name: text.acs.pass })).toBeVisible();
      await expectNoAxeViolations(page, `${locale} challenge after a rejected passkey prompt`);
      await challenge.getByRole('button', { name: text.acs.pass }).click();
      // The card has its passkey: no second offer, on to the merchant.
      await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
      expect(await statusOf(second.paymentId)).toBe('SUCCESS');
    });
  });
}
