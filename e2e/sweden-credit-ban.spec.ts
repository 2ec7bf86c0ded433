/**
 * Sweden's ban on gambling on credit (docs/design.md, section 8, "funding on credit"; in force from
 * 1 May 2026 in Stockholm, so on today's clock), in en and ar, axe at 0 in each state: a customer
 * billed in Sweden at the regulated merchant is told on the deposit step, before any card is typed,
 * that credit is not allowed; the test credit card is refused as soon as its BIN is typed, in the
 * rule's words (not the shop's), Pay sends nothing and the deposit stays unpaid; a debit card
 * pays. A British customer of the same merchant sees no notice, and the same card is refused as the
 * merchant's own choice. The service refuses it too (packages/sandbox/service/responsible-gambling/funding-rules.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { catalogue, expectNoAxeViolations, fillCardByLabels, visit } from './support';
import { createSessionForPages, putResponsibleGambling, transactionsAsPages } from './support-cashier';

const REGULATED = 'sbx_regulated_merchant';
const SWEDEN = { address: 'Drottninggatan 1', city: 'Stockholm', state: 'Stockholm', countryCode: 'SE', postalCode: '111 51' };

/** A session of the regulated merchant for a new customer billed in `billing` (EUR, the pages' credential ready). */
async function newSession(billing: typeof SWEDEN) {
  const customer = { ...sampleCustomer, externalUserId: `credit-${randomUUID()}`, billing };
  return createSessionForPages(REGULATED, customer);
}

const step = (page: Page) => page.frameLocator('iframe[src*="/payments/"]');
const paid = async (page: Page, sessionId: string) =>
  (await transactionsAsPages(page, sessionId)).filter((t) => t.kind === 'payin' && t.status === 'SUCCESS').length;

for (const locale of ['en', 'ar'] as const) {
  test.describe(locale, () => {
    test.use({ locale });
    const text = catalogue(locale);
    const g = text.responsibleGambling;
    const payButton = new RegExp(text.card.pay.replace('{amount}', '.*'));

    test(`a Swedish customer is told first, and a credit card is refused by the rule; a debit card pays (${locale})`, async ({ page }) => {
      const session = await newSession(SWEDEN);
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      // Before any limits or amount: the deposit step says why.
      await expect(page.getByTestId('credit-ban')).toHaveText(g.creditBan.SPELINSPEKTIONEN);
      // Sweden requires the three limits before a first deposit.
      expect((await putResponsibleGambling(page, session.sessionId, { depositLimits: { day: 100, week: 200, month: 500 } })).status()).toBe(
        200,
      );
      await page.reload();
      await expect(page.getByTestId('credit-ban')).toHaveText(g.creditBan.SPELINSPEKTIONEN);
      await expectNoAxeViolations(page, `the notice of Sweden's ban on credit (${locale})`);

      await page.getByLabel(text.cashier.amount.replace('{currency}', 'EUR')).fill('10');
      await page.getByRole('button', { name: text.cashier.submitDeposit }).click();
      await fillCardByLabels(step(page), text.card, '4111111111111111', true);
      const number = step(page).getByLabel(text.card.cardNumber, { exact: true });
      await expect(step(page).locator('#cardNumber-error')).toHaveText(text.card.fundingRefusedByRule.SPELINSPEKTIONEN);
      await expect(number).toHaveAttribute('aria-invalid', 'true');
      await expect(number).toHaveAttribute('aria-describedby', /cardNumber-error/);
      await expectNoAxeViolations(page, `a credit card refused by Sweden's rule (${locale})`);
      await step(page).getByRole('button', { name: payButton }).click();
      await expect(number).toBeFocused();
      expect(await paid(page, session.sessionId)).toBe(0);

      await number.fill('4242424242424242');
      await expect(step(page).locator('#cardNumber-error')).toHaveText('');
      await step(page).getByRole('button', { name: payButton }).click();
      await expect.poll(() => paid(page, session.sessionId)).toBe(1);
    });

    test(`a British customer of the same merchant sees no notice; the card is refused as the shop's choice (${locale})`, async ({
      page,
    }) => {
      const session = await newSession({ ...SWEDEN, city: 'London', state: 'London', countryCode: 'GB', postalCode: 'N1 1AA' });
      expect((await putResponsibleGambling(page, session.sessionId, { noLimits: true })).status()).toBe(200);
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toBeVisible();
      await expect(page.getByTestId('credit-ban')).toHaveCount(0);
      await page.getByLabel(text.cashier.amount.replace('{currency}', 'EUR')).fill('10');
      await page.getByRole('button', { name: text.cashier.submitDeposit }).click();
      await fillCardByLabels(step(page), text.card, '4111111111111111', true);
      await expect(step(page).locator('#cardNumber-error')).toHaveText(text.card.fundingRefused.CREDIT);
      await expectNoAxeViolations(page, `a credit card refused by the shop (${locale})`);
    });
  });
}
