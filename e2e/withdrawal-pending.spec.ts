/**
 * A withdrawal left at its card step (payout CREATED, its amount reserved), on the demo merchant,
 * which lets no customer cancel a withdrawal with its destination given: the cashier and the
 * widget list it with Continue (its card step again, in the flow's frame) and Cancel (the amount
 * available again), the cancel works without JavaScript too, and the withdraw presets never offer
 * more than the available amount.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { createSession, DEMO_TOKEN, expectNoAxeViolations, fetchPayout, merchantApi, paymentStep as step, visit } from './support';
import { depositWith4242 } from './support-cashier';
import { openHistory } from './cashier-history';

/** A demo merchant session of €100 whose customer has paid in €100 by 4242 (the card a withdrawal may go back to). */
async function newSession() {
  const session = await createSession(undefined, { balance: 100, externalUserId: `pending-${randomUUID()}`, kycVerified: true });
  await depositWith4242(DEMO_TOKEN, session.sessionId, 100);
  return session;
}

/** Starts a withdrawal of `amount` by card on the open page, then leaves its card step. Answers the payout's id. */
async function startThenLeave(page: Page, amount: string): Promise<string> {
  await page.getByLabel('Amount in EUR').fill(amount);
  await page.getByRole('button', { name: 'Continue to withdraw' }).click();
  await expect(step(page).getByLabel('Card number')).toBeVisible();
  await page.getByRole('button', { name: 'Back to the cashier' }).click();
  const item = page.getByRole('region', { name: 'Pending withdrawals' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  return (await item.getAttribute('data-transaction'))!;
}

const payout = (id: string) => fetchPayout(undefined, id);

test('cashier: a withdrawal left at its card step is continued, then cancelled, and its amount is available again', async ({ page }) => {
  const session = await newSession();
  await visit(page, `${session.checkoutUrl}&tab=withdraw`);
  const presets = page.getByRole('group', { name: 'Preset amounts' }).getByRole('button');
  await expect(presets).toHaveText(['€10.00', '€25.00', '€50.00', '€100.00']);

  const payoutId = await startThenLeave(page, '60');
  await expect(page.getByTestId('available')).toHaveText('€40.00');
  await expect(page.getByTestId('reserved')).toHaveText('€60.00');
  const item = page.locator(`[data-transaction="${payoutId}"]`);
  await expect(item.getByTestId('status')).toHaveText('Created');
  await expect(item.getByTestId('unfinished')).toContainText('Not finished: say where to send it, or cancel it.');
  const continueLink = item.getByRole('link', { name: 'Continue the withdrawal of €60.00' });
  const cancel = item.getByRole('button', { name: 'Cancel the withdrawal of €60.00' });
  await expect(continueLink).toBeVisible();
  await expect(cancel).toBeVisible();
  // The presets never offer more than is available now: €40.00.
  await expect(presets).toHaveText(['€10.00', '€25.00']);
  await expectNoAxeViolations(page, 'cashier with a withdrawal left at its card step');

  // Continue: the same payout's card step, in the cashier's frame.
  await continueLink.click();
  await expect(page).toHaveURL(new RegExp(`continue=${payoutId}`));
  await expect(page.locator('iframe[title="Secure payment"]')).toHaveAttribute('src', new RegExp(`/payments/payout/${payoutId}/card`));
  await expect(step(page).getByRole('button', { name: /^Send €60.00/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back to the cashier' }).click();

  await item.getByRole('button', { name: 'Cancel the withdrawal of €60.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toHaveText(
    'Your withdrawal was cancelled. The amount is available again.',
  );
  await expect(page.getByTestId('available')).toHaveText('€100.00');
  await expect(page.getByTestId('reserved')).toHaveText('€0.00');
  await expect(page.locator(`[data-transaction="${payoutId}"]`).getByTestId('unfinished')).toHaveCount(0);
  await expect((await openHistory(page)).getByTestId('status').first()).toHaveText('Cancelled by you');
  expect(await payout(payoutId)).toMatchObject({ status: 'REJECTED', statusReason: { detailedStatus: 'CUSTOMER_CANCELLED' } });
});

test('widget: the same Continue and Cancel, inside the widget', async ({ page }) => {
  const session = await newSession();
  await visit(page, session.widgetUrl);
  const payoutId = await startThenLeave(page, '30');
  await expect(page.getByTestId('reserved')).toHaveText('€30.00');
  const item = page.locator(`[data-transaction="${payoutId}"]`);
  await expect(item.getByRole('link', { name: 'Continue the withdrawal of €30.00' })).toHaveAttribute(
    'href',
    new RegExp(`/widget\\?continue=${payoutId}$`),
  );
  await expectNoAxeViolations(page, 'widget with a withdrawal left at its card step');
  await item.getByRole('button', { name: 'Cancel the withdrawal of €30.00' }).click();
  await expect(page).toHaveURL(/\/widget\?notice=cancelled/);
  await expect(page.getByTestId('reserved')).toHaveText('€0.00');
  await expect(page.getByTestId('available')).toHaveText('€100.00');
  expect((await payout(payoutId)).status).toBe('REJECTED');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Continue opens the card step in the page, and Cancel is a form post', async ({ page }) => {
    const session = await newSession();
    // Started by the merchant before the customer's browser holds the session: a withdrawal by card, no card given yet.
    const created = await merchantApi(DEMO_TOKEN).POST('/public/cashier/session/{sessionId}/payout', {
      params: { path: { sessionId: session.sessionId } },
      body: { value: 20, method: 'card' },
    });
    const payoutId = created.data!.payoutId;
    await visit(page, `${session.checkoutUrl}&tab=withdraw`);
    await expect(page.getByTestId('reserved')).toHaveText('€20.00');
    await page.getByRole('link', { name: 'Continue the withdrawal of €20.00' }).click();
    await expect(page.locator('iframe[title="Secure payment"]')).toHaveAttribute('src', new RegExp(`/payments/payout/${payoutId}/card`));
    await page.getByRole('button', { name: 'Cancel the withdrawal of €20.00' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toBeVisible();
    await expect(page.getByTestId('reserved')).toHaveText('€0.00');
    expect((await payout(payoutId)).status).toBe('REJECTED');
  });
});
