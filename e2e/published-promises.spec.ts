/**
 * What the app publishes from its own tests and benchmarks, as a merchant links to it and a
 * customer reads it: the accessibility statement (/accessibility, from the browser tests'
 * results, published/accessibility.json) and the performance table (/performance, from
 * `bench:clock`, published/performance.json). Each page shows what the build's copy of its file
 * says (.next/standalone/published/, the copy the server reads), is axe-clean in English and
 * Arabic (right to left), and the statement names the contact the merchant sets in its checkout
 * settings (`accessibilityContact`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { CHECKOUT_ORIGIN, expectNoAxeViolations, merchantApi, must, OTHER_TOKEN } from './support';

const published = (name: string) => {
  const file = `.next/standalone/published/${name}`;
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

test('the accessibility statement says what the build’s results say, in English and Arabic', async ({ page }) => {
  const statement = published('accessibility.json');
  await page.goto(`${CHECKOUT_ORIGIN}/accessibility`);
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  if (statement === null) {
    await expect(page.getByTestId('statement-missing')).toBeVisible();
  } else {
    await expect(page.getByTestId('statement-provenance')).toContainText(statement.commit ?? '—');
    await expect(page.getByTestId('statement-totals')).toContainText(`${statement.totals.axeChecks.toLocaleString('en')} checks`);
    for (const required of ['/payments/payin/{id}/card', '/payments/payin/{id}/apm', '/cashier/{id}', '/cashier/{id}/widget']) {
      const row = page.locator(`tr[data-page="${required}"]`);
      await expect(row).toBeVisible();
      await expect(row).toContainText('ar');
      await expect(row).toContainText('en');
    }
  }
  await expectNoAxeViolations(page, 'accessibility statement');
  await page.goto(`${CHECKOUT_ORIGIN}/accessibility?locale=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoAxeViolations(page, 'accessibility statement in Arabic');
});

test('the statement names where the merchant takes reports of barriers, as its settings say', async ({ page }) => {
  const merchantId = 'merchant-other';
  const api = merchantApi(OTHER_TOKEN);
  const settings = must(
    await api.GET('/public/merchant/{merchantId}/checkout-settings', { params: { path: { merchantId } } }),
    'get settings',
  );
  // Neither a script URL nor a phone number: an https page or an email address only.
  for (const accessibilityContact of ['javascript:alert(1)', 'http://example.com/a11y', '+44 20 7946 0000']) {
    const refused = await api.PUT('/public/merchant/{merchantId}/checkout-settings', {
      params: { path: { merchantId } },
      body: { ...settings, accessibilityContact },
    });
    expect(refused.response.status, accessibilityContact).toBe(400);
  }
  must(
    await api.PUT('/public/merchant/{merchantId}/checkout-settings', {
      params: { path: { merchantId } },
      body: { ...settings, accessibilityContact: 'access@other.example' },
    }),
    'put settings',
  );
  try {
    await page.goto(`${CHECKOUT_ORIGIN}/accessibility?merchant=${merchantId}`);
    const contact = page.getByTestId('statement-contact');
    await expect(contact).toContainText(settings.displayName);
    await expect(contact.getByRole('link', { name: 'access@other.example' })).toHaveAttribute('href', 'mailto:access@other.example');
    // An unknown or malformed merchant: the statement without a contact, not an error.
    for (const merchant of ['merchant-nobody', '../../etc', 'x'.repeat(300)]) {
      const answer = await page.goto(`${CHECKOUT_ORIGIN}/accessibility?merchant=${encodeURIComponent(merchant)}`);
      expect(answer?.status()).toBe(200);
      await expect(page.getByTestId('statement-contact')).not.toContainText('access@other.example');
    }
  } finally {
    must(await api.PUT('/public/merchant/{merchantId}/checkout-settings', { params: { path: { merchantId } }, body: settings }), 'restore');
  }
});

test('the performance table shows the published measurement, in English and Arabic', async ({ page }) => {
  const table = published('performance.json');
  await page.goto(`${CHECKOUT_ORIGIN}/performance`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (table === null) {
    await expect(page.getByTestId('performance-missing')).toBeVisible();
  } else {
    await expect(page.getByTestId('performance-provenance')).toContainText(table.buildId ?? '—');
    for (const [method, rows] of Object.entries(table.methods) as [string, { name: string; page: { lcp: { median: number } } }[]][]) {
      for (const row of rows) {
        await expect(page.getByTestId(`performance-${method}`).locator(`tr[data-row="${row.name}-page"]`)).toContainText(
          row.page.lcp.median.toLocaleString('en'),
        );
      }
    }
  }
  await expectNoAxeViolations(page, 'performance table');
  await page.goto(`${CHECKOUT_ORIGIN}/performance?locale=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoAxeViolations(page, 'performance table in Arabic');
});
