/**
 * The limit meter before Pay on the cashier's deposit step (docs/design.md, section 8): what the
 * most restrictive limit leaves, which limit, the licence and the funding types refused, in en and
 * ar with axe at 0; an amount above it refused before any card is typed; a limit lowered while the
 * page is open (as by the customer's other tab) shown on the page before Pay can be pressed; and
 * without JavaScript, the figure as rendered and a deposit posted on older figures answered with
 * the new ones. An NL customer of the regulated merchant (KSA: a monthly limit required first).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { catalogue, expectNoAxeViolations, expectNoAxeViolationsWithoutJs, visit } from './support';
import { createSessionForPages, depositPaidAsPages, setMonthlyLimit } from './support-cashier';

const REGULATED = 'sbx_regulated_merchant';

const nlSession = () =>
  createSessionForPages(REGULATED, {
    ...sampleCustomer,
    externalUserId: `meter-${randomUUID()}`,
    dateOfBirth: '1990-01-01',
    billing: { ...sampleCustomer.billing, countryCode: 'NL' },
  });

const euros = (amount: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(amount);

for (const locale of ['en', 'ar'] as const) {
  test(`the meter names what the tightest limit leaves, the licence and the refused funding (${locale})`, async ({ page }) => {
    const meter = catalogue(locale).cashier.meter;
    const g = catalogue(locale).responsibleGambling;
    const session = await nlSession();
    await setMonthlyLimit(page, session.sessionId, 100);
    await depositPaidAsPages(page, session.sessionId, 60);
    await visit(page, `${session.checkoutUrl}&locale=${locale}`);
    const box = page.getByTestId('limit-meter');
    await expect(box.getByRole('heading', { name: meter.label })).toBeVisible();
    await expect(box).toContainText(g.rulesOf.replace('{regulators}', g.regulators.KSA));
    await expect(page.getByTestId('limit-meter-refused')).toContainText(meter.funding.CREDIT);
    if (locale === 'en') await expect(page.getByTestId('limit-meter-figure')).toHaveText(`You can deposit up to ${euros(40)} now.`);
    // The figure describes the amount field.
    await expect(page.getByRole('textbox', { name: catalogue(locale).cashier.amount.replace('{currency}', 'EUR') })).toHaveAttribute(
      'aria-describedby',
      /limit-meter-figure/,
    );
    await expectNoAxeViolations(page, `limit meter (${locale})`);
  });
}

test('an amount above the meter is refused before any card is typed, and a limit lowered meanwhile reaches the page before Pay', async ({
  page,
}) => {
  const cashier = catalogue('en').cashier;
  const session = await nlSession();
  await setMonthlyLimit(page, session.sessionId, 100);
  await depositPaidAsPages(page, session.sessionId, 60);
  await visit(page, `${session.checkoutUrl}&locale=en`);
  const amount = page.getByRole('textbox', { name: cashier.amount.replace('{currency}', 'EUR') });
  await amount.fill('41');
  await page.getByRole('button', { name: cashier.submitDeposit }).click();
  await expect(page.locator('#deposit-amount-error')).not.toBeEmpty();
  await expect(page.locator('iframe')).toHaveCount(0);

  // The customer lowers the limit in another tab; back on this one, the page shows the new figure.
  await setMonthlyLimit(page, session.sessionId, 75);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByTestId('limit-meter-figure')).toHaveText(`You can deposit up to ${euros(15)} now.`);
  await expect(page.getByRole('button', { name: cashier.submitDeposit })).toBeEnabled();
  await expectNoAxeViolations(page, 'limit meter after a change (en)');
});

test('without JavaScript: the figure as rendered, and a deposit on older figures answered with the new ones', async ({ browser }) => {
  const cashier = catalogue('en').cashier;
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en' });
  try {
    const page = await context.newPage();
    const session = await nlSession();
    await setMonthlyLimit(page, session.sessionId, 100);
    await visit(page, `${session.checkoutUrl}&locale=en`);
    await expect(page.getByTestId('limit-meter-figure')).toHaveText(`You can deposit up to ${euros(100)} now.`);
    await expectNoAxeViolationsWithoutJs(browser, page, 'limit meter without JavaScript (en)');
    await setMonthlyLimit(page, session.sessionId, 30);
    await page.getByRole('textbox', { name: cashier.amount.replace('{currency}', 'EUR') }).fill('10');
    await page.getByRole('button', { name: cashier.submitDeposit }).click();
    await expect(page.getByText(cashier.errors.limitsChanged)).toBeVisible();
    await expect(page.getByTestId('limit-meter-figure')).toHaveText(`You can deposit up to ${euros(30)} now.`);
    await expect(page.locator('iframe')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
