/**
 * SPA/MF's payout deadline in the cashier and the widget (docs/design.md, section 8; Portaria
 * SPA/MF 615/2024, article not confirmed): a pending withdrawal of a customer billed in Brazil at
 * the regulated merchant says by when it is paid at the latest, its request plus 120 minutes, in
 * the page's language and the browser's time zone (named), in English and in Brazilian
 * Portuguese; a customer billed elsewhere sees no deadline. axe at 0 with the deadline shown.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { catalogue, expectNoAxeViolations, merchantApi, must, visit } from './support';
import { payoutDueTime } from '../lib/checkout/cashier/payout-due';

const REGULATED = 'sbx_regulated_merchant';
const ZONE = 'America/Sao_Paulo';
const BR_BILLING = { address: 'Avenida Paulista 1000', city: 'São Paulo', state: 'SP', countryCode: 'BR', postalCode: '01310-100' };
/** A valid CPF the sandbox's SIGAP stand-in clears (docs/sandbox.md). */
const CPF_KYC = { idType: 'CPF', idNumber: '529.982.247-25', idCountry: 'BR' } as const;

/**
 * A EUR session of the regulated merchant for a new customer billed in `billing`'s country (in
 * Brazil with their CPF in `kyc`), with a withdrawal of 20 the merchant asked for before the page
 * opens (it waits for its destination): the session's pages and the payout's id, request time and
 * deadline.
 */
async function sessionWithWithdrawal(billing: typeof sampleCustomer.billing) {
  const merchant = merchantApi(REGULATED);
  const customer = {
    ...sampleCustomer,
    externalUserId: `br-deadline-${randomUUID()}`,
    billing,
    ...(billing.countryCode === 'BR' ? { kyc: CPF_KYC } : {}),
  };
  const session = must(
    await merchant.POST('/public/cashier/session', {
      body: {
        customer,
        returnUrls: { success: 'https://merchant.example/ok', failure: 'https://merchant.example/ko' },
        currency: 'EUR',
        kycVerified: true,
        previousTransactionCount: 0,
        balance: 100,
      },
    }),
    'create the session',
  );
  const { payoutId } = must(
    await merchant.POST('/public/cashier/session/{sessionId}/payout', {
      params: { path: { sessionId: session.sessionId } },
      body: { value: 20 },
    }),
    'ask for the withdrawal',
  );
  const payout = must(await merchant.GET('/public/payout/{payoutId}', { params: { path: { payoutId } } }), 'read the payout');
  return { ...session, payoutId, createdAt: payout.createdAt, payoutDueAt: payout.payoutDueAt };
}

test.describe('a customer billed in Brazil', () => {
  test.use({ timezoneId: ZONE });

  for (const locale of ['en', 'pt-BR'] as const) {
    test(`the cashier and the widget say by when the withdrawal is paid at the latest (${locale})`, async ({ page }) => {
      const session = await sessionWithWithdrawal(BR_BILLING);
      expect(session.payoutDueAt).toBeDefined();
      const due = session.payoutDueAt!;
      expect(new Date(due).getTime() - new Date(session.createdAt).getTime()).toBe(120 * 60_000);
      const expected = (catalogue(locale).cashier.payoutDueBy as string).replace(
        '{time}',
        payoutDueTime(due, session.createdAt, locale, ZONE),
      );

      await visit(page, `${session.checkoutUrl}&tab=withdraw&locale=${locale}`);
      const deadline = page.locator(`[data-transaction="${session.payoutId}"]`).getByTestId('payout-due');
      // In the browser's zone once hydrated (the server renders UTC, named).
      await expect(deadline).toHaveText(expected);
      await expect(deadline).toHaveAttribute('datetime', due);
      await expectNoAxeViolations(page, `cashier with a withdrawal's payout deadline (${locale})`);

      await visit(page, `${session.widgetUrl}&locale=${locale}`);
      await expect(page.locator(`[data-transaction="${session.payoutId}"]`).getByTestId('payout-due')).toHaveText(expected);
    });
  }
});

test('a customer billed elsewhere sees no deadline', async ({ page }) => {
  const session = await sessionWithWithdrawal({ ...sampleCustomer.billing, countryCode: 'GB' });
  expect(session.payoutDueAt).toBeUndefined();
  await visit(page, `${session.checkoutUrl}&tab=withdraw`);
  const item = page.locator(`[data-transaction="${session.payoutId}"]`);
  await expect(item.getByTestId('status')).toBeVisible();
  await expect(item.getByTestId('payout-due')).toHaveCount(0);
});
