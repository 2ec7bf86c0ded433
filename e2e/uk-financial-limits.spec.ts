/**
 * The UKGC's financial limits as they stand since 31 October 2025 (RTS 12; docs/design.md,
 * section 8), in en and ar, keyboard only, axe at 0 in each state: the six-monthly reminder to
 * review one's limits and history (its date set back through the merchant's
 * `PUT /public/customer/{customerId}/review`), dismissed and not shown again; a loss limit, set in
 * the one limits form beside deposit and net deposit limits, refusing a deposit and naming itself
 * and its period; and the link to the limits on the deposit step itself.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { catalogue, expectNoAxeViolations, merchantApi, must, visit } from './support';
import { createSessionForPages, pagesOf, putResponsibleGambling, sessionAsPages } from './support-cashier';

const REGULATED = 'sbx_regulated_merchant';
const DAY = 24 * 3600_000;

/** One case of an ICU `select` in a catalogue's message: `{arg, select, … key {text} …}` → text. */
const selectCase = (message: string, arg: string, key: string) =>
  new RegExp(`\\{${arg}, select, [^]*?\\b${key} \\{([^{}]*)\\}`).exec(message)?.[1] ?? '';

/** A session of the regulated merchant for a new GB customer (UKGC), EUR, balance 100, with the customer's id. */
async function newSession() {
  const externalUserId = `ukfl-${randomUUID()}`;
  const customer = { ...sampleCustomer, externalUserId, billing: { ...sampleCustomer.billing, countryCode: 'GB' } };
  const created = await createSessionForPages(REGULATED, customer);
  // The merchant's own record of the customer (the same externalUserId): its id.
  const record = must(await merchantApi(REGULATED).POST('/public/customer', { body: customer }), 'customer') as { customerId: string };
  return { ...created, customerId: record.customerId };
}

const responsibleGamblingOf = async (page: Page, sessionId: string) => (await sessionAsPages(page, sessionId)).responsibleGambling;

/** The customer answers the question before a first deposit with no limits (as the page's "No limits for now"). */
const declineLimits = async (page: Page, sessionId: string) =>
  expect((await putResponsibleGambling(page, sessionId, { noLimits: true })).status()).toBe(200);

/** Presses a control with the keyboard: focus, then Enter. */
async function press(target: ReturnType<Page['getByRole']>) {
  await target.focus();
  await expect(target).toBeFocused();
  await target.press('Enter');
}

for (const locale of ['en', 'ar'] as const) {
  test.describe(locale, () => {
    test.use({ locale });
    const text = catalogue(locale);
    const g = text.responsibleGambling;

    test(`the six-monthly review reminder: shown when due, dismissed, not shown again (${locale})`, async ({ page }) => {
      const session = await newSession();
      await declineLimits(page, session.sessionId);
      // Not due: the account was opened now.
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toBeVisible();
      await expect(page.getByTestId('review-reminder')).toHaveCount(0);

      // The last review 183 days ago (the merchant records it): due.
      const recorded = await merchantApi(REGULATED).PUT('/public/customer/{customerId}/review', {
        params: { path: { customerId: session.customerId } },
        body: { reviewedAt: new Date(Date.now() - 183 * DAY).toISOString() },
      });
      expect(recorded.response.status).toBe(204);
      await page.reload();
      const reminder = page.getByRole('region', { name: g.reviewReminderHeading });
      await expect(reminder).toBeVisible();
      await expect(reminder.getByText(g.reviewReminderBody)).toBeVisible();
      await expect(reminder.getByRole('link', { name: g.reviewReminderLimits })).toHaveAttribute('href', '#responsible-gambling-limits');
      await expect(reminder.getByRole('link', { name: g.reviewReminderHistory })).toHaveAttribute('href', '#history-heading');
      await expectNoAxeViolations(page, `review reminder (${locale})`);

      await press(reminder.getByRole('button', { name: g.reviewReminderDismiss }));
      await expect(reminder.getByTestId('review-reminder-done')).toHaveText(g.reviewReminderDone);
      await expect(reminder.getByTestId('review-reminder-done')).toBeFocused();
      await expectNoAxeViolations(page, `review reminder dismissed (${locale})`);
      expect((await responsibleGamblingOf(page, session.sessionId)).review).toBeUndefined();
      // Remembered for the customer: not shown again.
      await page.reload();
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toBeVisible();
      await expect(page.getByTestId('review-reminder')).toHaveCount(0);
    });

    test(`a loss limit, set beside deposit and net deposit limits, refuses a deposit and names itself (${locale})`, async ({ page }) => {
      const session = await newSession();
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      const prompt = page.getByRole('region', { name: g.limitsHeading }).first();
      // One form, one level: deposit limits first, then loss and net deposit limits, each per day, week and month.
      const kinds = ['deposit', 'loss', 'netDeposit'] as const;
      for (const kind of kinds) {
        // Each kind is a group named by its legend, with a field per day, week and month.
        const group = prompt.getByRole('group', {
          name: selectCase(g.kindHeading, 'kind', kind === 'netDeposit' ? 'other' : kind),
          exact: true,
        });
        await expect(group).toBeVisible();
        await expect(group).toHaveAttribute('data-testid', `limits-${kind}`);
        await expect(group.getByRole('textbox')).toHaveCount(3);
      }
      await expectNoAxeViolations(page, `three kinds of limit asked before a first deposit (${locale})`);

      // A daily loss limit of 10, typed and confirmed with the keyboard.
      const lossDay = prompt.getByTestId('limits-loss').getByRole('textbox').first();
      await lossDay.focus();
      await page.keyboard.type('10');
      await press(prompt.getByRole('button', { name: g.review }));
      await expect(prompt.getByRole('heading', { name: g.reviewHeading })).toBeFocused();
      await expect(prompt.getByTestId('limit-changes').getByRole('listitem')).toHaveCount(1);
      await expect(prompt.getByTestId('limit-changes')).toContainText(selectCase(g.kindChangeNow, 'kind', 'loss'));
      await press(prompt.getByRole('button', { name: g.confirm, exact: true }));
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toBeVisible();
      const rg = await responsibleGamblingOf(page, session.sessionId);
      expect(rg.lossLimits).toEqual({ day: 10 });
      expect(rg.limits).toEqual({});
      expect(rg.room).toEqual([{ kind: 'loss', period: 'day', limit: 10, remaining: 10 }]);
      // The panel lists it beside (not as) a deposit limit.
      await expect(page.getByTestId('responsible-gambling').getByTestId('other-limit')).toHaveCount(1);

      // A deposit of 20 passes it: refused, naming the loss limit and its period.
      const lossName = selectCase(text.cashier.errors.aboveKindLimit, 'kind', 'loss');
      const perDay = selectCase(text.cashier.errors.aboveKindLimit, 'period', 'day');
      const amount = page.getByLabel(text.cashier.amount.replace('{currency}', 'EUR'));
      await amount.focus();
      await page.keyboard.type('20');
      await press(page.getByRole('button', { name: text.cashier.submitDeposit }));
      const error = page.locator('#deposit-amount-error');
      await expect(error).toContainText(lossName);
      await expect(error).toContainText(perDay);
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page, `a deposit refused by the loss limit (${locale})`);
      // The service refuses it the same, whoever asks, naming the limit.
      const forged = await page.request.post(`/sandbox/api/public/cashier/session/${session.sessionId}/payin`, {
        headers: await pagesOf(session.sessionId),
        data: { amount: 20 },
      });
      const refusal = (await forged.json()) as { errorKey: string; message?: string };
      expect(refusal.errorKey).toBe('LIMIT_EXCEEDED');
      expect(JSON.stringify(refusal)).toContain('daily loss limit');
    });

    test(`the deposit step links to the limits on the page (${locale})`, async ({ page }) => {
      const session = await newSession();
      await declineLimits(page, session.sessionId);
      await visit(page, `${session.checkoutUrl}&locale=${locale}`);
      await expect(page.getByRole('button', { name: text.cashier.submitDeposit })).toBeVisible();
      const link = page.getByRole('link', { name: text.cashier.limitsHere });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', '#responsible-gambling-limits');
      // On the deposit step itself: in the deposit form's terms, before the amount.
      await expect(page.locator('#deposit-terms').getByRole('link', { name: text.cashier.limitsHere })).toBeVisible();
      await expectNoAxeViolations(page, `deposit step with its limits link (${locale})`);
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#responsible-gambling-limits$/);
      const limits = page.locator('#responsible-gambling-limits');
      await expect(limits).toBeInViewport();
      await expect(limits.getByRole('heading', { name: g.limitsHeading })).toBeVisible();
    });
  });
}
