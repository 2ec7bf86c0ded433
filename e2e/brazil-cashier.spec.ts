/**
 * Brazil's payment step at the regulated merchant (docs/design.md, section 8, "funding on credit",
 * "funding" and "own-name account"; Portaria SPA/MF 615/2024, in force since 18 April 2024), in en
 * and pt-BR, axe at 0 in each state: a customer billed in Brazil, their CPF in `kyc`, is told on
 * the deposit step that deposits come only from their own account by Pix, TED, debit or prepaid
 * card; a credit card and a card of unknown funding are refused as soon as the BIN is typed, in the
 * rule's words, and a debit card pays. On the APM page only Pix and Bank transfer are offered; a
 * Pix CPF is checked where it is typed; a Pix paid from another person's account (the provider's
 * test payer) is returned, the status page says so, and the pay-in ends DECLINED. The service's
 * side: packages/sandbox/service/payins/own-account-deposits.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type FrameLocator, type Page } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import {
  CHECKOUT_ORIGIN,
  catalogue,
  createPayin,
  expectNoAxeViolations,
  fetchPayin,
  fillCardByLabels,
  openEmbedded,
  visit,
  withQuery,
} from './support';
import { createSessionForPages, putResponsibleGambling, transactionsAsPages } from './support-cashier';

const REGULATED = 'sbx_regulated_merchant';
const BRAZIL = { address: 'Avenida Paulista 1000', city: 'São Paulo', state: 'SP', countryCode: 'BR', postalCode: '01310-100' };
const CPF = '529.982.247-25';

/** A new customer billed in Brazil, their CPF in `kyc` (docs/design.md, section 8: idType CPF, idCountry BR). */
const brazilian = () => ({
  ...sampleCustomer,
  externalUserId: `brazil-${randomUUID()}`,
  billing: BRAZIL,
  kyc: { idType: 'CPF', idNumber: CPF, idCountry: 'BR' },
});

const step = (page: Page) => page.frameLocator('iframe[src*="/payments/"]');
const paid = async (page: Page, sessionId: string) =>
  (await transactionsAsPages(page, sessionId)).filter((t) => t.kind === 'payin' && t.status === 'SUCCESS').length;
/** The summary (disclosure) of the APM page's methods. */
const methods = (frame: FrameLocator) => frame.locator('summary');

for (const locale of ['en', 'pt-BR'] as const) {
  test.describe(locale, () => {
    test.use({ locale });
    const text = catalogue(locale);
    const g = text.responsibleGambling;
    const payButton = new RegExp(text.card.pay.replace('{amount}', '.*'));

    test(`the deposit step says it first; credit and unknown cards are refused by the rule, a debit card pays (${locale})`, async ({
      page,
    }) => {
      const session = await createSessionForPages(REGULATED, brazilian());
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      // Before any limits or amount: the deposit step says which means are allowed.
      await expect(page.getByTestId('credit-ban')).toHaveText(g.creditBan.SPA_MF);
      // SPA/MF requires a deposit limit before the first deposit.
      expect((await putResponsibleGambling(page, session.sessionId, { depositLimits: { day: 100, week: 200, month: 500 } })).status()).toBe(
        200,
      );
      await page.reload();
      await expect(page.getByTestId('credit-ban')).toHaveText(g.creditBan.SPA_MF);
      await expectNoAxeViolations(page, `the notice of Brazil's own-account rule (${locale})`);

      await page.getByLabel(text.cashier.amount.replace('{currency}', 'EUR')).fill('10');
      await page.getByRole('button', { name: text.cashier.submitDeposit }).click();
      await fillCardByLabels(step(page), text.card, '4111111111111111', true);
      const number = step(page).getByLabel(text.card.cardNumber, { exact: true });
      await expect(step(page).locator('#cardNumber-error')).toHaveText(text.card.fundingRefusedByRule.SPA_MF);
      await expect(number).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page, `a credit card refused by Brazil's rule (${locale})`);
      await step(page).getByRole('button', { name: payButton }).click();
      await expect(number).toBeFocused();
      // A card the BIN table cannot show to be debit or prepaid (funding UNKNOWN) is refused the same way.
      await number.fill('378282246310005');
      await expect(step(page).locator('#cardNumber-error')).toHaveText(text.card.fundingRefusedByRule.SPA_MF);
      expect(await paid(page, session.sessionId)).toBe(0);

      await number.fill('4242424242424242');
      await expect(step(page).locator('#cardNumber-error')).toHaveText('');
      await step(page).getByRole('button', { name: payButton }).click();
      await expect.poll(() => paid(page, session.sessionId)).toBe(1);
    });

    test(`only Pix and TED among methods; a Pix from another person's account is returned (${locale})`, async ({ page, request }) => {
      const payin = await createPayin(request, { customer: brazilian(), kycVerified: true, previousTransactionCount: 1 }, REGULATED);
      const frame = await openEmbedded(page, withQuery(payin.iframeUrls.apm, `locale=${locale}`));
      await expect(methods(frame)).toHaveCount(2);
      await expect(methods(frame).filter({ hasText: /^Pix$/ })).toHaveCount(1);
      await expect(methods(frame).filter({ hasText: /crypto|cripto|wallet|carteira/i })).toHaveCount(0);
      await expectNoAxeViolations(page, `the APM page under Brazil's rule (${locale})`);

      await methods(frame).filter({ hasText: /^Pix$/ }).click();
      const cpf = frame.getByLabel(text.apm.fields.cpf);
      await cpf.fill('52998224724');
      await frame.getByLabel(text.apm.fields.keyType).selectOption('cpf');
      await frame.getByRole('button', { name: new RegExp(text.apm.continue.replace('{method}', 'Pix')) }).click();
      await expect(cpf).toHaveAttribute('aria-invalid', 'true');
      await expect(cpf).toHaveAccessibleDescription(text.apm.errors.cpf);
      await expectNoAxeViolations(page, `a Pix CPF with a wrong check digit (${locale})`);
      expect((await fetchPayin(request, payin.paymentId, CHECKOUT_ORIGIN, REGULATED)).status).toBe('CREATED');

      await cpf.fill('52998224725');
      await frame.getByRole('button', { name: new RegExp(text.apm.continue.replace('{method}', 'Pix')) }).click();
      const other = frame.getByRole('button', { name: text.provider.approveOtherPayer });
      await expect(other).toBeVisible();
      await expectNoAxeViolations(page, `the provider page with the test payer (${locale})`);
      await other.click();
      await expect(frame.getByRole('status')).toContainText(text.reasons.RETURNED_TO_PAYER);
      await expectNoAxeViolations(page, `a transfer returned to its payer (${locale})`);
      const returned = await fetchPayin(request, payin.paymentId, CHECKOUT_ORIGIN, REGULATED);
      expect(returned).toMatchObject({ status: 'DECLINED', additionalData: { payer: { idType: 'CPF', ownAccount: false } } });
    });

    test(`a Pix from the customer's own account is credited (${locale})`, async ({ page, request }) => {
      const payin = await createPayin(request, { customer: brazilian(), kycVerified: true, previousTransactionCount: 1 }, REGULATED);
      const frame = await openEmbedded(page, withQuery(payin.iframeUrls.apm, `locale=${locale}`));
      await methods(frame).filter({ hasText: /^Pix$/ }).click();
      await frame.getByLabel(text.apm.fields.cpf).fill('52998224725');
      await frame.getByLabel(text.apm.fields.keyType).selectOption('cpf');
      await frame.getByRole('button', { name: new RegExp(text.apm.continue.replace('{method}', 'Pix')) }).click();
      await frame.getByRole('button', { name: text.provider.approve }).click();
      await expect.poll(async () => (await fetchPayin(request, payin.paymentId, CHECKOUT_ORIGIN, REGULATED)).status).toBe('SUCCESS');
    });
  });
}
