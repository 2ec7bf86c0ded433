/**
 * Germany: a customer asks for a monthly deposit limit above LUGAS' EUR 1,000 (GlüStV 2021
 * §6c(1) S.3; docs/design.md, section 8), and the merchant decides. In en, de and ar (right to
 * left), axe at 0 in each state, with and without JavaScript: a customer billed in Germany whose
 * monthly limit is at the ceiling is offered "Ask for a higher limit"; the form (income, ceiling,
 * document) posts as a plain form; a wrong file is refused beside its field (aria-describedby);
 * the request then waits (the ceiling unchanged) until the merchant approves it (the panel says
 * the new ceiling) or declines it (the panel says the reason).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { catalogue, CHECKOUT_ORIGIN, expectNoAxeViolations, expectNoAxeViolationsWithoutJs, visit } from './support';
import { createSessionForPages, putResponsibleGambling, sessionAsPages } from './support-cashier';

const REGULATED = 'sbx_regulated_merchant';
const GERMANY = { address: 'Unter den Linden 1', city: 'Berlin', state: 'Berlin', countryCode: 'DE', postalCode: '10117' };
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const API = `${CHECKOUT_ORIGIN}/sandbox/api`;
const merchantHeaders = { Authorization: `Bearer ${REGULATED}`, 'Content-Type': 'application/json' };

/** A session of a new customer billed in Germany, their monthly limit set at the EUR 1,000 ceiling. */
async function atCeiling(page: Page) {
  const customer = { ...sampleCustomer, externalUserId: `de-raise-${randomUUID()}`, billing: GERMANY };
  const session = await createSessionForPages(REGULATED, customer);
  expect((await putResponsibleGambling(page, session.sessionId, { depositLimits: { month: 1000 } })).status()).toBe(200);
  return session;
}

/** The merchant's pending request of the session's customer (GET /public/limit-raise-requests). */
async function pendingOf(page: Page, sessionId: string): Promise<{ id: string; requestedCeiling: number; document?: { sha256: string } }> {
  const answer = await page.request.get(`${API}/public/limit-raise-requests`, { headers: merchantHeaders });
  expect(answer.status()).toBe(200);
  const { requests } = (await answer.json()) as { requests: { id: string; sessionId: string; requestedCeiling: number }[] };
  const request = requests.find((r) => r.sessionId === sessionId);
  expect(request, 'the request in the merchant’s list').toBeDefined();
  return request!;
}

const decide = (page: Page, requestId: string, body: object) =>
  page.request.post(`${API}/public/limit-raise-requests/${requestId}/decision`, {
    headers: { ...merchantHeaders, 'Idempotency-Key': randomUUID() },
    data: body,
  });

for (const locale of ['en', 'de', 'ar'] as const) {
  test.describe(locale, () => {
    test.use({ locale });
    const text = catalogue(locale);
    const l = text.responsibleGambling.limitRaise;

    /** Opens the offer (unless an error kept it open) and fills the form (a PDF unless `file` says otherwise). */
    async function fillRequest(page: Page, file = { name: 'Einkommensteuerbescheid.pdf', mimeType: 'application/pdf', buffer: PDF }) {
      const offer = page.getByTestId('limit-raise').locator('details');
      if ((await offer.getAttribute('open')) === null) await page.getByText(l.offer, { exact: true }).click();
      await page.getByLabel(l.income).fill('6500');
      await page.getByLabel(l.ceiling).fill('5000');
      await page.getByLabel(l.document).setInputFiles(file);
    }

    test(`without JavaScript: ask, wait, approved by the merchant (${locale})`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      try {
        const page = await context.newPage();
        const session = await atCeiling(page);
        await visit(page, `${session.checkoutUrl}&locale=${locale}`);
        await expect(page.getByTestId('limit-raise')).toBeVisible();
        await fillRequest(page);
        await expectNoAxeViolationsWithoutJs(browser, page, `the limit raise form without JavaScript (${locale})`);
        await page.getByRole('button', { name: l.send }).click();
        await expect(page.getByTestId('limit-raise-pending')).toBeVisible();
        await expectNoAxeViolationsWithoutJs(browser, page, `a limit raise pending without JavaScript (${locale})`);
        // Pending: the ceiling has not moved.
        expect((await sessionAsPages(page, session.sessionId)).responsibleGambling.monthlyCeiling).toBe(1000);
        const request = await pendingOf(page, session.sessionId);
        expect(request.document?.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect((await decide(page, request.id, { status: 'approved', ceiling: 5000 })).status()).toBe(200);
        await page.reload();
        await expect(page.getByTestId('limit-raise-approved')).toBeVisible();
        expect((await sessionAsPages(page, session.sessionId)).responsibleGambling.monthlyCeiling).toBe(5000);
        await expectNoAxeViolationsWithoutJs(browser, page, `a limit raise approved without JavaScript (${locale})`);
      } finally {
        await context.close();
      }
    });

    test(`with JavaScript: a wrong file is refused beside its field; then declined with a reason (${locale})`, async ({ page }) => {
      const session = await atCeiling(page);
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      await fillRequest(page, { name: 'proof.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
      await page.getByRole('button', { name: l.send }).click();
      const document = page.getByLabel(l.document);
      await expect(page.locator('#limit-raise-document-error')).toHaveText(l.errors.documentType);
      await expect(document).toHaveAttribute('aria-invalid', 'true');
      await expect(document).toHaveAttribute('aria-describedby', /limit-raise-document-error/);
      await expectNoAxeViolations(page, `a limit raise with a wrong file (${locale})`);

      await fillRequest(page);
      await page.getByRole('button', { name: l.send }).click();
      await expect(page.getByTestId('limit-raise-pending')).toBeVisible();
      await expectNoAxeViolations(page, `a limit raise pending (${locale})`);
      const reason = 'Bitte reichen Sie einen Einkommensnachweis ein.';
      const request = await pendingOf(page, session.sessionId);
      expect((await decide(page, request.id, { status: 'declined', reason })).status()).toBe(200);
      // A second decision is refused.
      expect((await decide(page, request.id, { status: 'approved', ceiling: 5000 })).status()).toBe(409);
      await page.reload();
      await expect(page.getByTestId('limit-raise-declined')).toContainText(reason);
      expect((await sessionAsPages(page, session.sessionId)).responsibleGambling.monthlyCeiling).toBe(1000);
      await expectNoAxeViolations(page, `a limit raise declined (${locale})`);
    });
  });
}
