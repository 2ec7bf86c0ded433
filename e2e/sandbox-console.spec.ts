/**
 * The sandbox console (/sandbox): a merchant creates a pay-in, embeds it on a second origin,
 * pays it, watches the parent messages and the webhook; confirms a payout; updates a balance.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { createPayin, createSession, DEMO_TOKEN, expectNoAxeViolations, fillCard, MERCHANT_ORIGIN, OTHER_TOKEN, visit } from './support';

test('create a pay-in, embed it on a second origin, pay it, see its messages and its webhook', async ({ page, request }) => {
  await page.goto('/sandbox');
  await expect(page.getByRole('heading', { name: 'Sandbox console' })).toBeVisible();
  await expectNoAxeViolations(page, 'console');

  await page.getByLabel('Webhook URL for events of the public API').fill(`${MERCHANT_ORIGIN}/webhooks`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Webhook URL saved.');

  await page.getByLabel('Amount').first().fill('12.34');
  await page.getByRole('button', { name: 'Create a pay-in' }).click();
  await expect(page.getByRole('status')).toContainText('created');
  const paymentId = (await page.getByRole('status').textContent())!.match(/pi_[0-9a-f]+/)![0];
  const row = page.locator(`tr[data-payin="${paymentId}"]`);
  await expect(row.getByTestId('status')).toHaveText('CREATED');

  await row.getByRole('link', { name: 'Embed' }).click();
  const host = page.frameLocator('iframe[title="Merchant page embedding the checkout"]');
  const checkout = host.frameLocator('iframe[title="Secure payment"]');
  await expect(checkout.getByRole('button', { name: 'Pay €12.34' })).toBeVisible();
  await expect(page.getByTestId('message-log')).toContainText('"type":"ready"');
  await expectNoAxeViolations(page, 'console with an embedded checkout');
  await fillCard(checkout, { number: '4242424242424242' });
  await checkout.getByRole('button', { name: 'Pay €12.34' }).click();
  await expect(checkout.getByRole('status')).toHaveText('Payment successful.');
  await expect(page.getByTestId('message-log')).toContainText('"type":"redirect"');
  await expect(page.getByTestId('message-log')).toContainText('"status":"SUCCESS"');

  // The webhook reaches the merchant and shows in the console.
  await expect
    .poll(async () => {
      const log = (await (await request.get(`${MERCHANT_ORIGIN}/webhooks/log`)).json()) as {
        body: { data?: { object?: { id: string; status: string } } };
      }[];
      return log.filter((w) => w.body.data?.object?.id === paymentId).map((w) => w.body.data?.object?.status);
    })
    .toEqual(['SUCCESS']);
  await page.goto('/sandbox');
  await expect(page.locator(`tr[data-delivery="${paymentId}"]`)).toContainText('Delivered');
  await expect(page.locator(`tr[data-payin="${paymentId}"]`).getByTestId('status')).toHaveText('SUCCESS');

  // Refund from the console.
  await page.locator(`tr[data-payin="${paymentId}"]`).getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('status')).toHaveText('Refund started.');
  await expect(page.locator(`tr[data-payin="${paymentId}"]`).getByTestId('status')).toHaveText('REFUND_PENDING');
});

test('confirm a payout from the console', async ({ page, request }) => {
  const created = await request.post('/sandbox/api/public/payout', {
    headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
    data: { orderId: `o-${randomUUID()}`, value: 15, currency: 'EUR', kycVerified: false, customer: sampleCustomer },
  });
  const { payoutId } = (await created.json()) as { payoutId: string };
  const given = await request.post(`/sandbox/api/public/payout/${payoutId}/process/card`, {
    headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
    data: { browser: {}, cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031' } },
  });
  expect((await given.json()).status).toBe('WAITING_FOR_CONFIRMATION');

  await page.goto(`/sandbox?token=${DEMO_TOKEN}`);
  const row = page.locator(`tr[data-payout="${payoutId}"]`);
  await expect(row.getByTestId('status')).toHaveText('WAITING_FOR_CONFIRMATION');
  await row.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status')).toHaveText('Payout confirmed.');
  await expect(page.locator(`tr[data-payout="${payoutId}"]`).getByTestId('status')).toHaveText('PENDING');
  await expect
    .poll(
      async () =>
        (await (await request.get(`/sandbox/api/public/payout/${payoutId}`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } })).json())
          .status,
    )
    .toBe('PROCESSED');
});

test('create a session and update its balance from the console', async ({ page, request }) => {
  await page.goto('/sandbox');
  await page.getByLabel('Balance', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Create a cashier session' }).click();
  const sessionId = (await page.getByRole('status').textContent())!.match(/cs_[0-9a-f]+/)![0];
  const item = page.locator(`li[data-session="${sessionId}"]`);
  await expect(item.getByTestId('balance')).toHaveText('100 EUR');
  await item.getByLabel(`New balance for ${sessionId}`).fill('42.5');
  await item.getByRole('button', { name: 'Set balance' }).click();
  await expect(page.getByRole('status')).toHaveText('Balance updated.');
  await expect(page.locator(`li[data-session="${sessionId}"]`).getByTestId('balance')).toHaveText('42.5 EUR');
  const session = await request.get(`/sandbox/api/public/cashier/session/${sessionId}`, {
    headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
  });
  expect((await session.json()).balance).toBe(42.5);
});

test('a host-to-host transaction: the Pending3DS webhook reaches the merchant, the client passes 3DS and lands on callback', async ({
  page,
  request,
}) => {
  await page.goto(`/sandbox?token=${DEMO_TOKEN}`);
  await page.getByLabel('Test card').selectOption('4000000000003220');
  await page.getByLabel('Webhook URL (hookUrl)').fill(`${MERCHANT_ORIGIN}/webhooks`);
  await page.getByRole('button', { name: 'Create a host-to-host transaction' }).click();
  await expect(page.getByRole('status')).toContainText('Host-to-host transaction');
  const id = (await page.getByRole('status').textContent())!.match(/h2h_[0-9a-f]+/)![0];

  type Hook = { signature: string | null; body: { id?: string; status?: string; '3dsRedirectUrl'?: string } };
  let pending: Hook | undefined;
  await expect
    .poll(async () => {
      const log = (await (await request.get(`${MERCHANT_ORIGIN}/webhooks/log`)).json()) as Hook[];
      pending = log.find((w) => w.body.id === id && w.body.status === 'Pending3DS');
      return Boolean(pending);
    })
    .toBe(true);
  expect(pending!.signature).toMatch(/^sha256=[0-9a-f]{64}$/);

  // The merchant redirects the client to 3dsRedirectUrl.
  await page.goto(pending!.body['3dsRedirectUrl']!);
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/returned\?result=success/);
  await expect(page.getByRole('status')).toHaveText('The checkout returned with a successful payment.');
  await expect
    .poll(async () => {
      const log = (await (await request.get(`${MERCHANT_ORIGIN}/webhooks/log`)).json()) as Hook[];
      return log.filter((w) => w.body.id === id).map((w) => w.body.status);
    })
    .toEqual(['Pending3DS', 'Approved']);
  await expectNoAxeViolations(page, 'h2h callback page');
});

test('edit a merchant’s theme in the console: the pages follow within the settings cache time, a bad logo URL is refused', async ({
  page,
  request,
}) => {
  await page.goto(`/sandbox?token=${OTHER_TOKEN}`);
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Save settings' }) });
  const original = {
    primary: await form.getByLabel('Primary colour').inputValue(),
    radius: await form.getByLabel(/^Corner radius/).inputValue(),
    font: await form.getByLabel('Font').inputValue(),
    scheme: await form.getByLabel('Colour scheme').inputValue(),
  };
  expect(original).toEqual({ primary: '#38bdf8', radius: '0', font: 'serif', scheme: 'light' });
  try {
    await form.getByLabel('Primary colour').fill('#be123c');
    await form.getByLabel(/^Corner radius/).fill('12');
    await form.getByLabel('Font').selectOption('humanist');
    await form.getByLabel('Colour scheme').selectOption('auto');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved.');
    await expectNoAxeViolations(page, 'console after saving a theme');

    // `auto` follows the customer's prefers-color-scheme.
    const payin = await createPayin(request, {}, OTHER_TOKEN);
    const style = () =>
      page
        .getByRole('button', { name: /^Pay / })
        .evaluate((el) => ({ radius: getComputedStyle(el).borderTopLeftRadius, page: getComputedStyle(document.body).backgroundColor }));
    await page.emulateMedia({ colorScheme: 'dark' });
    // The checkout keeps settings 5 s per instance (lib/payments-api/client.ts): the edit shows within that.
    await expect(async () => {
      await page.goto(payin.iframeUrls.card);
      expect(await style()).toEqual({ radius: '12px', page: 'rgb(15, 23, 42)' });
    }).toPass({ timeout: 10_000 });
    await expectNoAxeViolations(page, 'card page in the edited theme, dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await style()).toEqual({ radius: '12px', page: 'rgb(255, 255, 255)' });
    await expectNoAxeViolations(page, 'card page in the edited theme, light');

    await page.goto(`/sandbox?token=${OTHER_TOKEN}`);
    await form.getByLabel('Logo URL (https: or data:image)').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toContainText('The sandbox refused: logoUrl');
  } finally {
    await page.goto(`/sandbox?token=${OTHER_TOKEN}`);
    await form.getByLabel('Primary colour').fill(original.primary);
    await form.getByLabel(/^Corner radius/).fill(original.radius);
    await form.getByLabel('Font').selectOption(original.font);
    await form.getByLabel('Colour scheme').selectOption(original.scheme);
    await form.getByLabel('Logo URL (https: or data:image)').fill('');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved.');
    // The next tests see the original theme once the checkout's cached copy has expired.
    const again = await createPayin(request, {}, OTHER_TOKEN);
    await expect(async () => {
      await page.goto(again.iframeUrls.card);
      expect(await page.getByRole('button', { name: /^Pay / }).evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('0px');
    }).toPass({ timeout: 10_000 });
  }
});

test('name a gambling licence in the console: the cashier then asks a UK customer for limits', async ({ page, request }) => {
  await page.goto(`/sandbox?token=${OTHER_TOKEN}`);
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Save settings' }) });
  const licences = form.getByRole('group', { name: 'Gambling licences' });
  const ukgc = licences.getByRole('checkbox', { name: 'UK Gambling Commission' });
  await expect(ukgc).not.toBeChecked();
  try {
    await ukgc.check();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved.');
    await expect(licences.getByRole('checkbox', { name: 'UK Gambling Commission' })).toBeChecked();
    await expectNoAxeViolations(page, 'console with a licence');
    // The sample customer bills in GB: under the UKGC's rules the cashier asks for limits first (within the settings cache time).
    await expect(async () => {
      const session = await createSession(request, { token: OTHER_TOKEN });
      await visit(page, session.checkoutUrl);
      await expect(page.getByText('Before your first deposit: would you like to set limits on your deposits or losses?')).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });
  } finally {
    await page.goto(`/sandbox?token=${OTHER_TOKEN}`);
    await licences.getByRole('checkbox', { name: 'UK Gambling Commission' }).uncheck();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved.');
  }
});

test('refund part of a pay-in from the console, then the rest: PARTIALLY_REFUNDED, then REFUNDED', async ({ page, request }) => {
  const payin = await createPayin(request);
  const paid = await request.post(`/sandbox/api/public/payin/${payin.paymentId}/process/card`, {
    headers: { Authorization: 'Bearer sbx_checkout' },
    data: {
      browser: {},
      cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
      saveCard: false,
    },
  });
  expect((await paid.json()).status).toBe('SUCCESS');
  const status = async () =>
    (
      await (
        await request.get(`/sandbox/api/public/payin/${payin.paymentId}`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } })
      ).json()
    ).status;

  await page.goto(`/sandbox?token=${DEMO_TOKEN}`);
  const row = () => page.locator(`tr[data-payin="${payin.paymentId}"]`);
  await row().getByLabel('Refund amount (empty: all)').fill('10');
  await row().getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('status')).toHaveText('Refund started.');
  await expect(row().getByTestId('status')).toHaveText('REFUND_PENDING');
  await expect.poll(status, { timeout: 15_000 }).toBe('PARTIALLY_REFUNDED');

  await page.reload();
  // More than what is left is refused with the sandbox's reason.
  await row().getByLabel('Refund amount (empty: all)').fill('20');
  await row().getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('status')).toContainText('at most what is left to refund');
  await row().getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('status')).toHaveText('Refund started.');
  await expect.poll(status, { timeout: 15_000 }).toBe('REFUNDED');
});

test('reject a payout from the console', async ({ page, request }) => {
  const created = await request.post('/sandbox/api/public/payout', {
    headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
    data: { orderId: `o-${randomUUID()}`, value: 15, currency: 'EUR', kycVerified: false, customer: sampleCustomer },
  });
  const { payoutId } = (await created.json()) as { payoutId: string };
  await request.post(`/sandbox/api/public/payout/${payoutId}/process/card`, {
    headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
    data: { browser: {}, cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031' } },
  });
  await page.goto(`/sandbox?token=${DEMO_TOKEN}`);
  const row = page.locator(`tr[data-payout="${payoutId}"]`);
  await expect(row.getByTestId('status')).toHaveText('WAITING_FOR_CONFIRMATION');
  await row.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('status')).toHaveText('Payout rejected.');
  await expect(page.locator(`tr[data-payout="${payoutId}"]`).getByTestId('status')).toHaveText('REJECTED');
  expect(
    (await (await request.get(`/sandbox/api/public/payout/${payoutId}`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } })).json())
      .status,
  ).toBe('REJECTED');
});
