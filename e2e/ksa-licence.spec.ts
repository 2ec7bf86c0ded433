/**
 * The KSA licence in the cashier (docs/design.md, section 8), in en and ar, axe at 0 in each state:
 * an NL customer's notice at 50 % of their monthly deposit limit and at 100 % (deposits closed,
 * with the CRUKS link reached by keyboard alone), the same notices rendered without JavaScript,
 * and the Kansspelautoriteit's net deposit threshold of EUR 300 a calendar month for a customer
 * whose 24th birthday is tomorrow, its notice at 50 %. Limits and deposits are made through the
 * pages' credential of a second browser of the customer (as in regulated-cashier.spec.ts).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { catalogue, expectNoAxeViolations, expectNoAxeViolationsWithoutJs, visit } from './support';
import { createSessionForPages, depositPaidAsPages, pagesOf, setMonthlyLimit } from './support-cashier';

const REGULATED = 'sbx_regulated_merchant';
const CRUKS = 'https://cruks.kansspelautoriteit.nl';

/** The ISO date of birth of someone whose 24th birthday is tomorrow (UTC): 23 today. */
function bornTomorrow24YearsAgo(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCFullYear(d.getUTCFullYear() - 24);
  return d.toISOString().slice(0, 10);
}

/** A session of the regulated merchant for a new NL customer born on `dateOfBirth`, EUR. */
const nlSession = (dateOfBirth: string) =>
  createSessionForPages(REGULATED, {
    ...sampleCustomer,
    externalUserId: `ksa-${randomUUID()}`,
    dateOfBirth,
    billing: { ...sampleCustomer.billing, countryCode: 'NL' },
  });

/** `template`'s `{name}` replaced (the link texts have that one placeholder). */
const named = (template: string, name: string) => template.replace('{name}', name);
/** The whole per cent the page shows, in `locale` (the notice's own formatting). */
const percent = (locale: string, share: number) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);

for (const locale of ['en', 'ar'] as const) {
  test.describe(locale, () => {
    test.use({ locale });
    const g = catalogue(locale).responsibleGambling;

    test(`the notice at 50 % of the monthly limit, then at 100 % with CRUKS by keyboard (KSA, ${locale})`, async ({ page }) => {
      const session = await nlSession('1990-01-01');
      await setMonthlyLimit(page, session.sessionId, 100);
      await depositPaidAsPages(page, session.sessionId, 60);
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      const panel = page.getByTestId('responsible-gambling');
      await expect(panel.getByText(g.rulesOf.replace('{regulators}', g.regulators.KSA))).toBeVisible();
      const notices = panel.getByTestId('limit-notices');
      await expect(notices.getByRole('heading', { name: g.noticesHeading })).toBeVisible();
      const month = notices.getByTestId('limit-notice-limit-month');
      await expect(month).toHaveAttribute('data-level', 'share');
      await expect(month).toContainText(percent(locale, 0.6));
      // Not yet at 100 %: no CRUKS link in the notice (the panel's own help links stay).
      await expect(notices.getByRole('link')).toHaveCount(0);
      await expectNoAxeViolations(page, `KSA notice at 50 % (${locale})`);

      await depositPaidAsPages(page, session.sessionId, 40);
      await page.reload();
      await expect(month).toHaveAttribute('data-level', 'full');
      const cruks = notices.getByRole('link', { name: named(g.schemeLink, 'CRUKS') });
      await expect(cruks).toHaveAttribute('href', CRUKS);
      await expect(notices.getByRole('link', { name: named(g.helpLink, 'Loket Kansspel') })).toBeVisible();
      const rg = (
        (await (
          await page.request.get(`/sandbox/api/public/cashier/session/${session.sessionId}`, { headers: await pagesOf(session.sessionId) })
        ).json()) as { depositLimits: { month: { limit: number; remaining: number } } }
      ).depositLimits;
      expect(rg.month).toEqual({ limit: 100, remaining: 0 });
      // Keyboard only: Tab reaches the CRUKS link of the notice.
      await page.locator('body').focus();
      let reached = false;
      for (let i = 0; i < 80 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await cruks.evaluate((el) => el === document.activeElement);
      }
      expect(reached).toBe(true);
      await expectNoAxeViolations(page, `KSA notice at 100 % (${locale})`);
    });

    test(`the notices without JavaScript (KSA, ${locale})`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      try {
        const page = await context.newPage();
        const session = await nlSession('1990-01-01');
        await setMonthlyLimit(page, session.sessionId, 100);
        await depositPaidAsPages(page, session.sessionId, 100);
        await visit(page, `${session.checkoutUrl}&locale=${locale}`);
        const notices = page.getByTestId('limit-notices');
        await expect(notices.getByTestId('limit-notice-limit-month')).toHaveAttribute('data-level', 'full');
        await expect(notices.getByRole('link', { name: named(g.schemeLink, 'CRUKS') })).toHaveAttribute('href', CRUKS);
        await expectNoAxeViolationsWithoutJs(browser, page, `KSA notice without JavaScript (${locale})`);
      } finally {
        await context.close();
      }
    });

    test(`the net deposit threshold of EUR 300 for a customer whose 24th birthday is tomorrow, its notice at 50 % (KSA, ${locale})`, async ({
      page,
    }) => {
      const session = await nlSession(bornTomorrow24YearsAgo());
      await setMonthlyLimit(page, session.sessionId, 5000);
      await depositPaidAsPages(page, session.sessionId, 150);
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      const threshold = page.getByTestId('limit-notices').getByTestId('limit-notice-threshold');
      await expect(threshold).toHaveAttribute('data-level', 'share');
      await expect(threshold).toContainText(percent(locale, 0.5));
      const rg = (
        (await (
          await page.request.get(`/sandbox/api/public/cashier/session/${session.sessionId}`, { headers: await pagesOf(session.sessionId) })
        ).json()) as { responsibleGambling: { netDepositThreshold: { limit: number; youngAdult: boolean; remaining: number } } }
      ).responsibleGambling;
      expect(rg.netDepositThreshold).toMatchObject({ limit: 300, youngAdult: true, remaining: 150 });
      // The monthly limit's own notice stays quiet: 150 of 5,000 is below the share.
      await expect(page.getByTestId('limit-notice-limit-month')).toHaveCount(0);
      await expectNoAxeViolations(page, `KSA threshold notice at 50 % (${locale})`);
    });
  });
}
