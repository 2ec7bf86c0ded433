/**
 * The regulated cashier (the rules of a merchant's gambling licences), in en and ar, axe at 0 in each state: limits asked
 * before a first deposit, a decrease applied at once and an increase waiting for its
 * cooling-off (UKGC); a reality check after the interval; a self-excluded customer who cannot
 * deposit but can withdraw; deposit again in the widget with the card's security code alone, a
 * double press and a second tab paying once; after a deposit that did not go through, the
 * next method offered, which pays; and after a first decline, the way forward offered beside the
 * card page, which still takes the next attempt.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { catalogue, DEMO_TOKEN, expectNoAxeViolations, fillCardByLabels, merchantApi, must, visit } from './support';
import { createSessionForPages, pagesOf, putResponsibleGambling, sessionAsPages, transactionsAsPages } from './support-cashier';

const REGULATED = 'sbx_regulated_merchant';
/** A session of `token` for a new customer of `country` (EUR, balance 100, the pages' credential ready), with their externalUserId. */
async function newSession(token: string, country: string) {
  const externalUserId = `rg-${randomUUID()}`;
  const customer = { ...sampleCustomer, externalUserId, billing: { ...sampleCustomer.billing, countryCode: country } };
  return { ...(await createSessionForPages(token, customer)), externalUserId };
}

const step = (page: Page) => page.frameLocator('iframe[src*="/payments/"]');

for (const locale of ['en', 'ar'] as const) {
  test.describe(locale, () => {
    test.use({ locale });
    const text = catalogue(locale);
    const g = text.responsibleGambling;

    test(`limits before the first deposit; a decrease applies at once, an increase waits (UKGC, ${locale})`, async ({ page }) => {
      const session = await newSession(REGULATED, 'GB');
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      const prompt = page.getByRole('region', { name: g.limitsHeading }).first();
      await expect(prompt.getByText(g.promptAsk)).toBeVisible();
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toHaveCount(0);
      await expectNoAxeViolations(page, `limits asked before a first deposit (${locale})`);

      const day = prompt.getByRole('textbox').first();
      await day.fill('100');
      await prompt.getByRole('button', { name: g.review }).click();
      await expect(prompt.getByRole('heading', { name: g.reviewHeading })).toBeFocused();
      await expect(prompt.getByTestId('limit-changes').getByRole('listitem')).toHaveCount(1);
      await expectNoAxeViolations(page, `limits review (${locale})`);
      await prompt.getByRole('button', { name: g.confirm, exact: true }).click();
      // Answered: the deposit form takes the prompt's place.
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toBeVisible();
      expect((await sessionAsPages(page, session.sessionId)).responsibleGambling.limits).toEqual({ day: 100 });

      const panel = page.getByTestId('responsible-gambling');
      const inForce = panel.getByTestId('limits-in-force');
      // The review's words for a change that applies now ("…, from now."), from the catalogue.
      const nowSuffix = g.changeNow.slice(g.changeNow.lastIndexOf('{to}') + 4).trim();
      const before = await inForce.textContent();
      await panel.locator('summary').click();
      await panel.getByRole('textbox').first().fill('50');
      await panel.getByRole('button', { name: g.review }).click();
      await expect(panel.getByTestId('limit-changes')).toContainText(nowSuffix);
      await panel.getByRole('button', { name: g.confirm, exact: true }).click();
      await expect(inForce).not.toHaveText(before ?? '');
      await expect(panel.getByTestId('limit-waiting')).toHaveCount(0);
      expect((await sessionAsPages(page, session.sessionId)).responsibleGambling.limits).toEqual({ day: 50 });

      const loweredLine = (await inForce.getByRole('listitem').first().textContent()) ?? '';
      if (!(await panel.getByRole('textbox').first().isVisible())) await panel.locator('summary').click();
      await panel.getByRole('textbox').first().fill('200');
      await panel.getByRole('button', { name: g.review }).click();
      // A raise says from when: not "now".
      await expect(panel.getByTestId('limit-changes')).not.toContainText(nowSuffix);
      await panel.getByRole('button', { name: g.confirm, exact: true }).click();
      await expect(panel.getByTestId('limit-waiting')).toHaveCount(1);
      await expect(inForce.getByRole('listitem').first()).toHaveText(loweredLine);
      const rg = (await sessionAsPages(page, session.sessionId)).responsibleGambling;
      expect(rg.limits).toEqual({ day: 50 });
      expect(rg.pending).toEqual([expect.objectContaining({ period: 'day', limit: 200, ready: false })]);
      expect(new Date(rg.pending[0].effectiveAt).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
      await expectNoAxeViolations(page, `a raise waiting (${locale})`);
    });

    test(`a reality check appears after the interval (${locale})`, async ({ page }) => {
      const session = await newSession(REGULATED, 'GB');
      await putResponsibleGambling(page, session.sessionId, { noLimits: true, realityCheckMinutes: 30 });
      await page.clock.install({ time: new Date() });
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      const dialog = page.getByRole('alertdialog', { name: g.realityTitle });
      await expect(dialog).toBeHidden();
      await page.clock.fastForward('31:00');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: g.realityContinue })).toBeFocused();
      await expectNoAxeViolations(page, `reality check (${locale})`);
      await dialog.getByRole('button', { name: g.realityContinue }).click();
      await expect(dialog).toBeHidden();
      // A check seen is not shown again on a reload; the next one comes at its time.
      await page.reload();
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toBeVisible();
      await expect(dialog).toBeHidden();
      await page.clock.fastForward('30:00');
      await expect(dialog).toBeVisible();
    });

    test(`a self-excluded customer cannot deposit, and can withdraw (${locale})`, async ({ page }) => {
      const session = await newSession(REGULATED, 'SE');
      const record = must(
        await merchantApi(REGULATED).POST('/public/customer', {
          body: { ...sampleCustomer, externalUserId: session.externalUserId, billing: { ...sampleCustomer.billing, countryCode: 'SE' } },
        }),
        'customer',
      );
      const excluded = await merchantApi(REGULATED).PUT('/public/customer/{customerId}/exclusion', {
        params: { path: { customerId: record.customerId } },
        body: { kind: 'SELF_EXCLUSION' },
      });
      expect(excluded.response.status).toBe(204);
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      const notice = page.getByTestId('excluded');
      await expect(notice.getByRole('heading', { name: g.excludedHeading })).toBeVisible();
      await expect(notice.getByText(g.excludedSelf)).toBeVisible();
      await expect(notice.getByRole('link', { name: g.helpLink.replace('{name}', 'Stödlinjen') })).toHaveAttribute(
        'href',
        'https://www.stodlinjen.se',
      );
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toHaveCount(0);
      await expectNoAxeViolations(page, `self-excluded (${locale})`);
      // A script, not the page, is refused the same.
      const forged = await page.request.post(`/sandbox/api/public/cashier/session/${session.sessionId}/payin`, {
        headers: await pagesOf(session.sessionId),
        data: { amount: 10 },
      });
      expect((await forged.json()).errorKey).toBe('CUSTOMER_EXCLUDED');
      await page.getByRole('link', { name: text.cashier.withdraw }).click();
      await expect(page.getByRole('button', { name: text.cashier.submitWithdraw })).toBeVisible();
      await expect(page.getByText(g.noReversal)).toBeVisible();
    });

    test(`deposit again pays with the security code alone, once for two presses and two tabs (${locale})`, async ({ page, context }) => {
      const session = await newSession(REGULATED, 'FR');
      await putResponsibleGambling(page, session.sessionId, { noLimits: true });
      const first = await (
        await page.request.post(`/sandbox/api/public/cashier/session/${session.sessionId}/payin`, {
          headers: await pagesOf(session.sessionId),
          data: { amount: 25, method: 'card' },
        })
      ).json();
      const paid = await page.request.post(`/sandbox/api/public/payin/${first.paymentId}/process/card`, {
        headers: await pagesOf(session.sessionId),
        data: {
          browser: {},
          cardData: { cardNumber: '4000056655665556', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2034', cvv: '123' },
          saveCard: true,
        },
      });
      // A debit card: the merchant refuses credit cards (UKGC).
      expect((await paid.json()).status).toBe('SUCCESS');

      // The customer's browser opens the cashier by its address, then the widget's page (the same holder of the session).
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      await page.waitForURL((address) => !address.searchParams.has('launch'));
      const widget = `/cashier/${session.sessionId}/widget?locale=${locale}`;
      await page.goto(widget);
      const second = await context.newPage();
      await second.goto(widget);
      const again = page.getByRole('region', { name: text.cashier.depositAgain.heading });
      await expect(again).toBeVisible();
      await expectNoAxeViolations(page, `deposit again offered (${locale})`);
      await again.getByRole('button').dblclick();
      await second.getByRole('region', { name: text.cashier.depositAgain.heading }).getByRole('button').click();
      const frame = step(page);
      const cvv = frame.getByLabel(text.card.savedCvv);
      await expect(cvv).toBeVisible();
      // The same deposit in both tabs.
      const src = (p: Page) => p.locator('iframe[src*="/payments/"]').getAttribute('src');
      await expect
        .poll(async () => new URL((await src(second)) ?? '', 'http://x').pathname)
        .toBe(new URL((await src(page)) ?? '', 'http://x').pathname);
      await expect(frame.getByLabel(text.card.cardNumber, { exact: true })).toBeHidden();
      await cvv.fill('123');
      await frame.getByRole('button', { name: new RegExp(text.card.payWithSaved.replace('{amount}', '.*')) }).click();
      await expect(page.getByRole('status').filter({ hasText: text.cashier.done.success })).toBeVisible();
      await expectNoAxeViolations(page, `deposit again paid (${locale})`);
      // The second tab's payment page shows it paid; nothing is charged twice.
      const deposits = (await transactionsAsPages(page, session.sessionId)).filter((t) => t.kind === 'payin');
      expect(deposits.map((d) => d.status).sort()).toEqual(['SUCCESS', 'SUCCESS']);
      const secondFrame = step(second);
      if (await secondFrame.getByLabel(text.card.savedCvv).isVisible()) {
        await secondFrame.getByLabel(text.card.savedCvv).fill('123');
        await secondFrame.getByRole('button', { name: new RegExp(text.card.payWithSaved.replace('{amount}', '.*')) }).click();
      }
      await expect
        .poll(
          async () =>
            (await transactionsAsPages(page, session.sessionId)).filter((t) => t.kind === 'payin' && t.status === 'SUCCESS').length,
        )
        .toBe(2);
      await second.close();
    });

    test(`after a deposit that did not go through, the next method is offered and pays (${locale})`, async ({ page }) => {
      const session = await newSession(DEMO_TOKEN, 'FR');
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      await page.getByLabel(text.cashier.amount.replace('{currency}', 'EUR')).fill('20');
      await page.getByRole('button', { name: text.cashier.submitDeposit }).click();
      await fillCardByLabels(step(page), text.card, '4000000000000119', true);
      await step(page)
        .getByRole('button', { name: new RegExp(text.card.pay.replace('{amount}', '.*')) })
        .click();
      const retry = page.getByRole('region', { name: text.cashier.retry.heading });
      await expect(retry.getByRole('heading', { name: text.cashier.retry.heading })).toBeFocused();
      const apm = retry.getByRole('button', { name: new RegExp(text.cashier.retry.apm.replace('{methods}', '.*').replace(/[()]/g, '.')) });
      await expect(apm).toBeVisible();
      await expect(retry.getByRole('button', { name: text.cashier.retry.card })).toBeVisible();
      await expectNoAxeViolations(page, `retry after a failed deposit (${locale})`);
      await apm.click();
      await step(page)
        .locator('summary')
        .filter({ hasText: /E-wallet|محفظة|wallet/i })
        .first()
        .click();
      await step(page).getByLabel(text.apm.fields.email).fill('ada@example.com');
      await step(page)
        .getByRole('button', { name: new RegExp(text.apm.continue.replace('{method}', '.*')) })
        .click();
      await step(page).getByRole('button', { name: text.provider.approve }).click();
      await expect(page.getByRole('status').filter({ hasText: text.cashier.done.success })).toBeVisible();
      const deposits = (await transactionsAsPages(page, session.sessionId)).filter((t) => t.kind === 'payin');
      expect(deposits.map((d) => d.status)).toEqual(['SUCCESS', 'FAILED']);
    });
  });
}

test('a soft decline asks for the bank: the next attempt goes through 3-D Secure and pays', async ({ page }) => {
  const text = catalogue('en');
  const session = await newSession(DEMO_TOKEN, 'FR');
  await visit(page, session.checkoutUrl);
  await page.getByLabel('Amount in EUR').fill('15');
  await page.getByRole('button', { name: 'Continue to deposit' }).click();
  await fillCardByLabels(step(page), text.card, '4000002760003184', true);
  await step(page).getByRole('button', { name: 'Pay €15.00' }).click();
  await expect(step(page).getByRole('alert').filter({ hasText: 'your bank needs you to confirm' })).toBeVisible();
  // After this first decline the cashier offers the way forward beside the card page: try again there, another card, another method.
  const beside = page.getByRole('region', { name: text.cashier.retry.heading });
  await expect(beside.getByRole('status')).toHaveText(text.cashier.retry.samePageHere.replace('{count}', '2'));
  await expect(beside.getByRole('button', { name: text.cashier.retry.card })).toBeVisible();
  await expect(
    beside.getByRole('button', { name: new RegExp(text.cashier.retry.apm.replace('{methods}', '.*').replace(/[()]/g, '.')) }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'the way forward beside the card page after a first decline');
  await fillCardByLabels(step(page), text.card, '4000002760003184', true);
  await step(page).getByRole('button', { name: 'Pay €15.00' }).click();
  await page.frameLocator(`iframe[title="${text.card.challengeTitle}"]`).getByRole('button', { name: text.acs.pass }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toHaveText(text.cashier.done.success);
});

test('a soft decline on the last attempt: the cashier offers the 3-D Secure retry, which is challenged and pays', async ({ page }) => {
  const text = catalogue('en');
  const session = await newSession(DEMO_TOKEN, 'FR');
  await visit(page, session.checkoutUrl);
  await page.getByLabel('Amount in EUR').fill('18');
  await page.getByRole('button', { name: 'Continue to deposit' }).click();
  // Two declines, then the soft decline on the pay-in's last attempt: the payment step ends. Each
  // decline is waited for by the attempts it leaves (the cashier says so beside the card page), so
  // the next card is not typed while the last one is still in flight.
  const beside = page.getByRole('region', { name: text.cashier.retry.heading });
  for (const [number, left] of [
    ['4000000000000002', 2],
    ['4000000000009995', 1],
    ['4000002760003184', 0],
  ] as const) {
    await fillCardByLabels(step(page), text.card, number, true);
    await step(page).getByRole('button', { name: 'Pay €18.00' }).click();
    if (left > 0) await expect(beside.getByRole('status')).toHaveText(text.cashier.retry.samePageHere.replace('{count}', String(left)));
  }
  const retry = page.getByRole('region', { name: text.cashier.retry.heading });
  await expect(retry.getByRole('button', { name: text.cashier.retry.threeDS })).toBeVisible();
  await expectNoAxeViolations(page, 'retry after a soft decline');
  await retry.getByRole('button', { name: text.cashier.retry.threeDS }).click();
  await fillCardByLabels(step(page), text.card, '4242424242424242', true);
  await step(page).getByRole('button', { name: 'Pay €18.00' }).click();
  // The retry is authenticated: the issuer's challenge, though this card needs none otherwise.
  await page.frameLocator(`iframe[title="${text.card.challengeTitle}"]`).getByRole('button', { name: text.acs.pass }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toHaveText(text.cashier.done.success);
  const deposits = (await transactionsAsPages(page, session.sessionId)).filter((t) => t.kind === 'payin');
  expect(deposits.map((d) => d.status)).toEqual(['SUCCESS', 'DECLINED']);
});
