/**
 * Denmark's licence (Spillemyndigheden) in the cashier (docs/design.md, section 8), in en and ar,
 * axe at 0 in each state: a customer whose CPR is on the ROFUS stand-in sees deposits closed with
 * ROFUS named and linked, and can still withdraw; a customer without a CPR is asked for one; a
 * customer with a clear CPR must set one deposit limit (day, week or month: one is enough) before
 * the deposit form shows. Test CPRs: docs/sandbox.md, "Danish and Brazilian customers".
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { catalogue, expectNoAxeViolations, visit } from './support';
import { createSessionForPages, pagesOf, sessionAsPages } from './support-cashier';

const REGULATED = 'sbx_regulated_merchant';
const ROFUS_URL = 'https://www.spillemyndigheden.dk/rofus';

/** A session of the regulated merchant for a new DK customer with `kyc` (none: no id given), EUR, balance 100. */
const dkSession = (kyc?: { idType: string; idNumber: string; idCountry: string }) =>
  createSessionForPages(REGULATED, {
    ...sampleCustomer,
    externalUserId: `dk-${randomUUID()}`,
    billing: { ...sampleCustomer.billing, countryCode: 'DK' },
    ...(kyc ? { kyc } : {}),
  });
const cpr = (idNumber: string) => ({ idType: 'CPR', idNumber, idCountry: 'DK' });

for (const locale of ['en', 'ar'] as const) {
  test.describe(locale, () => {
    test.use({ locale });
    const text = catalogue(locale);
    const g = text.responsibleGambling;

    test(`a customer on ROFUS cannot deposit, sees ROFUS named and linked, and can withdraw (${locale})`, async ({ page }) => {
      const session = await dkSession(cpr('010180-1010'));
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      const notice = page.getByTestId('register-excluded');
      await expect(notice.getByRole('heading', { name: g.excludedHeading })).toBeVisible();
      await expect(notice.getByText(g.registerExcluded.replace('{register}', 'ROFUS'))).toBeVisible();
      await expect(notice.getByText(g.withdrawalsOpen)).toBeVisible();
      await expect(notice.getByRole('link', { name: g.schemeLink.replace('{name}', 'ROFUS') })).toHaveAttribute('href', ROFUS_URL);
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toHaveCount(0);
      await expectNoAxeViolations(page, `ROFUS excluded (${locale})`);
      // A script, not the page, is refused the same, before anything is created.
      const forged = await page.request.post(`/sandbox/api/public/cashier/session/${session.sessionId}/payin`, {
        headers: { ...(await pagesOf(session.sessionId)), 'Idempotency-Key': randomUUID() },
        data: { amount: 10 },
      });
      expect(((await forged.json()) as { errorKey?: string }).errorKey).toBe('CUSTOMER_EXCLUDED');
      await page.getByRole('link', { name: text.cashier.withdraw }).click();
      await expect(page.getByRole('button', { name: text.cashier.submitWithdraw })).toBeVisible();
      await expectNoAxeViolations(page, `ROFUS excluded, withdrawal (${locale})`);
    });

    test(`a customer without a CPR is asked for it before a deposit (${locale})`, async ({ page }) => {
      const session = await dkSession();
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      const notice = page.getByTestId('register-identity');
      await expect(notice.getByRole('heading', { name: g.identityHeading.replace('{idType}', 'CPR') })).toBeVisible();
      await expect(notice.getByText(g.identityNeeded.replace('{idType}', 'CPR').replace('{register}', 'ROFUS'))).toBeVisible();
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toHaveCount(0);
      await expectNoAxeViolations(page, `CPR needed (${locale})`);
    });

    test(`a clear CPR: one deposit limit first, then the deposit form (${locale})`, async ({ page }) => {
      const session = await dkSession(cpr('030380-3030'));
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      const prompt = page.getByRole('region', { name: g.limitsHeading }).first();
      await expect(prompt.getByText(g.promptRequired)).toBeVisible();
      await expect(prompt.getByTestId('required-one-of')).toHaveText(g.requiredOneOf);
      // Required: no way to decline.
      await expect(prompt.getByRole('button', { name: g.decline })).toHaveCount(0);
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toHaveCount(0);
      await expectNoAxeViolations(page, `Danish limits required (${locale})`);

      // One limit (the first field, the daily deposit limit) is enough.
      await prompt.getByRole('textbox').first().fill('100');
      await prompt.getByRole('button', { name: g.review }).click();
      await expect(prompt.getByRole('heading', { name: g.reviewHeading })).toBeFocused();
      await prompt.getByRole('button', { name: g.confirm, exact: true }).click();
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toBeVisible();
      const rg = (await sessionAsPages(page, session.sessionId)).responsibleGambling;
      expect(rg).toMatchObject({ limits: { day: 100 }, limitsPrompt: 'NONE', requiredOneOf: true, coolingOffHours: 24 });
      await expectNoAxeViolations(page, `Danish limit set, deposit form (${locale})`);
    });
  });
}
