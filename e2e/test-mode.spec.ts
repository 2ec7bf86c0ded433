/**
 * Test mode: whenever the hosted pages run against a sandbox, every page says so with a visible,
 * translated badge (en and ar here), which axe finds no fault with. The live-mode server of
 * service-unavailable.spec.ts checks that a real service's pages carry none.
 */
import { expect, test, type Page } from './fixtures';
import { createPayin, createSession, expectNoAxeViolations, visit, withQuery } from './support';

const LOCALES = [
  { locale: 'en', badge: 'Test mode', explanation: 'No real payment is made.' },
  { locale: 'ar', badge: 'وضع الاختبار', explanation: 'لا تتم أي عملية دفع حقيقية.' },
];

async function expectBadge(page: Page, badge: string, explanation: string, label: string) {
  const aside = page.getByRole('complementary', { name: badge });
  await expect(aside, label).toBeVisible();
  await expect(aside).toContainText(badge);
  await expect(aside).toContainText(explanation);
  await expectNoAxeViolations(page, label);
}

for (const { locale, badge, explanation } of LOCALES) {
  test(`the Test mode badge in ${locale}: card, APM, status, cashier and widget`, async ({ page, request }) => {
    const payin = await createPayin(request);
    const session = await createSession(request, { balance: 100 });
    const pages: [string, string][] = [
      ['card', payin.iframeUrls.card],
      ['APM', payin.iframeUrls.apm],
      ['status', payin.iframeUrls.card.replace(/\/card$/, '/status')],
      ['cashier', session.checkoutUrl],
      ['widget', `${session.widgetUrl}`],
    ];
    for (const [name, url] of pages) {
      await visit(page, withQuery(url, `locale=${locale}`));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectBadge(page, badge, explanation, `${name} page in ${locale}`);
    }
  });
}
