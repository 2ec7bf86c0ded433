/**
 * The cashier's rules in the service (withdrawals, fees, limits), through the sandbox's router with answers checked
 * against the OpenAPI document: cancelling a pending withdrawal (allowed, GB, merchant off, wrong
 * status, the reservation released), the merchant's bounds, a customer's deposit limits per
 * period (at creation and again at payment), fees recorded in minor units, and KYC_REQUIRED.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { cardRequest } from '@sandbox/testing/sandbox-fixtures';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';

/** The test's browser: it opens every session the file creates, and the pages' credential calls with its proof. */
const browserOf = testBrowser();
import { eq } from 'drizzle-orm';
import { payins } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';

const CASINO = 'sbx_casino_merchant';
const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };
const browser = { javascriptEnabled: true };
const FR = { ...sampleCustomer.billing, countryCode: 'FR' };

const customer = (country = 'FR', externalUserId = `r-${randomUUID()}`) => ({
  ...sampleCustomer,
  externalUserId,
  billing: { ...FR, countryCode: country },
});

async function newSession(options: { token?: string; balance?: number; country?: string; kyc?: boolean; externalUserId?: string } = {}) {
  const answer = await api('POST', '/public/cashier/session', {
    token: options.token ?? CASINO,
    body: {
      customer: customer(options.country, options.externalUserId),
      returnUrls,
      currency: 'EUR',
      kycVerified: options.kyc ?? true,
      previousTransactionCount: 0,
      balance: options.balance ?? 500,
    },
    key: randomUUID(),
  });
  await browserOf.open(answer.body.checkoutUrl);
  return answer.body.sessionId as string;
}
const session = async (id: string) => (await api('GET', `/public/cashier/session/${id}`, { ...browserOf.pages })).body;
const withdraw = (id: string, value: number, method?: string) =>
  api('POST', `/public/cashier/session/${id}/payout`, {
    body: { value, ...(method ? { method } : {}) },
    ...browserOf.pages,
    key: randomUUID(),
  });
const deposit = (id: string, amount: number, method?: string) =>
  api('POST', `/public/cashier/session/${id}/payin`, {
    body: { amount, ...(method ? { method } : {}) },
    ...browserOf.pages,
    key: randomUUID(),
  });
const cancel = (payoutId: string) => api('PUT', `/public/payout/${payoutId}/cancel`, { ...browserOf.pages });
const payCard = (payinId: string) =>
  api('POST', `/public/payin/${payinId}/process/card`, {
    ...browserOf.pages,
    key: randomUUID(),
    body: cardRequest('4242424242424242'),
  });
/** A withdrawal of `value` in session `id` given its destination (4242, deposited with first): WAITING_FOR_CONFIRMATION. */
async function withdrawnToCard(id: string, value: number): Promise<string> {
  const paid = await deposit(id, 50, 'card');
  expect((await payCard(paid.body.paymentId)).body.status).toBe('SUCCESS');
  const payoutId = (await withdraw(id, value)).body.payoutId as string;
  const given = await api('POST', `/public/payout/${payoutId}/process/card`, {
    ...browserOf.pages,
    key: randomUUID(),
    body: { browser, cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031' } },
  });
  expect(given.body.status).toBe('WAITING_FOR_CONFIRMATION');
  return payoutId;
}
const customerOf = async (payinId: string) => (await api('GET', `/public/payin/${payinId}`, { token: CASINO })).body.customerId as string;

beforeAll(async () => {
  await sandboxDb();
});

describe('cancelling a pending withdrawal', () => {
  it('ends REJECTED with CUSTOMER_CANCELLED and releases the reservation, from CREATED or WAITING_FOR_CONFIRMATION only', async () => {
    const id = await newSession({ balance: 100 });
    expect((await session(id)).withdrawalCancel).toBe(true);
    const first = await withdraw(id, 60);
    expect(await session(id)).toMatchObject({ reserved: 60, available: 40 });
    expect((await cancel(first.body.payoutId)).status).toBe(204);
    expect(await session(id)).toMatchObject({ reserved: 0, available: 100 });
    const payout = await api('GET', `/public/payout/${first.body.payoutId}`, { token: CASINO });
    expect(payout.body).toMatchObject({ status: 'REJECTED', statusReason: { detailedStatus: 'CUSTOMER_CANCELLED' } });
    // A second cancel changes nothing and answers as the first did.
    expect((await cancel(first.body.payoutId)).status).toBe(204);
    const list = await api('GET', `/public/cashier/session/${id}/transactions`, { ...browserOf.pages });
    expect(list.body.transactions[0]).toMatchObject({ status: 'REJECTED', statusReason: 'CUSTOMER_CANCELLED' });

    // A withdrawal by card goes to a card the customer deposited with, up to what it paid in (the closed loop).
    const cardDeposit = await deposit(id, 50, 'card');
    expect((await payCard(cardDeposit.body.paymentId)).body.status).toBe('SUCCESS');
    const second = await withdraw(id, 50);
    const given = await api('POST', `/public/payout/${second.body.payoutId}/process/card`, {
      ...browserOf.pages,
      key: randomUUID(),
      body: { browser, cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031' } },
    });
    expect(given.body.status).toBe('WAITING_FOR_CONFIRMATION');
    expect((await cancel(second.body.payoutId)).status).toBe(204);
  });

  it("is the customer's own action on a cashier withdrawal: not a merchant's call, nor any other payout", async () => {
    const id = await newSession();
    const mine = await withdraw(id, 20);
    expect((await api('PUT', `/public/payout/${mine.body.payoutId}/cancel`, { token: CASINO })).status).toBe(403);
    const direct = await api('POST', '/public/payout', {
      token: CASINO,
      key: randomUUID(),
      body: { orderId: randomUUID(), value: 5, currency: 'EUR', kycVerified: true, customer: customer() },
    });
    expect((await cancel(direct.body.payoutId)).status).toBe(403);
  });

  it('is refused (403) once the destination is given, for a customer in GB and on a merchant that does not allow it; the payout is unchanged', async () => {
    const gb = await newSession({ country: 'GB' });
    expect((await session(gb)).withdrawalCancel).toBe(false);
    const a = await withdrawnToCard(gb, 20);
    expect((await cancel(a)).status).toBe(403);
    const demo = await newSession({ token: 'sbx_demo_merchant' });
    expect((await session(demo)).withdrawalCancel).toBe(false);
    const b = await withdrawnToCard(demo, 20);
    expect((await cancel(b)).body).toMatchObject({
      errorKey: 'FORBIDDEN',
      errorMessage: expect.stringContaining('already has its destination'),
    });
    expect((await api('GET', `/public/payout/${b}`, { token: 'sbx_demo_merchant' })).body.status).toBe('WAITING_FOR_CONFIRMATION');
  });
});

describe('limits', () => {
  it("refuses amounts outside the merchant's bounds with the bound named", async () => {
    const id = await newSession();
    const small = await deposit(id, 4.99);
    expect(small.status).toBe(400);
    expect(small.body).toMatchObject({ errorKey: 'LIMIT_EXCEEDED', errorMessage: expect.stringContaining('€5.00') });
    expect((await deposit(id, 5000.01)).body.errorKey).toBe('LIMIT_EXCEEDED');
    expect((await withdraw(id, 9.99)).body.errorMessage).toContain('€10.00');
    expect((await deposit(id, 5)).status).toBe(200);
  });

  it("enforces the customer's daily limit at creation and at payment, and reports what is left", async () => {
    const externalUserId = `lim-${randomUUID()}`;
    const id = await newSession({ externalUserId });
    const first = await deposit(id, 60);
    const customerId = await customerOf(first.body.paymentId);
    expect(
      (await api('PUT', `/public/customer/${customerId}/limits`, { token: CASINO, body: { deposit: { EUR: { day: 100, month: 1000 } } } }))
        .status,
    ).toBe(204);
    expect((await api('PUT', `/public/customer/${customerId}/limits`, { ...browserOf.pages, body: { deposit: {} } })).status).toBe(403);
    expect((await session(id)).depositLimits).toEqual({ day: { limit: 100, remaining: 100 }, month: { limit: 1000, remaining: 1000 } });
    // Two deposits created before either is paid: the second is refused when it is paid.
    const second = await deposit(id, 60);
    expect(second.status).toBe(200);
    expect((await payCard(first.body.paymentId)).body.status).toBe('SUCCESS');
    expect((await session(id)).depositLimits.day).toEqual({ limit: 100, remaining: 40 });
    const late = await payCard(second.body.paymentId);
    expect(late.body).toMatchObject({
      errorKey: 'LIMIT_EXCEEDED',
      errorMessage: expect.stringContaining('daily deposit limit is €100.00'),
    });
    const over = await deposit(id, 40.01);
    expect(over.body.errorMessage).toContain('€40.00 is left');
    expect((await deposit(id, 40)).status).toBe(200);
  });

  it('counts a deposit when it is paid, not when it was created', async () => {
    const id = await newSession();
    const old = await deposit(id, 80);
    const customerId = await customerOf(old.body.paymentId);
    await api('PUT', `/public/customer/${customerId}/limits`, { token: CASINO, body: { deposit: { EUR: { day: 100 } } } });
    // Created two days ago, paid now: it uses today's limit.
    const db = await sandboxDb();
    await db
      .update(payins)
      .set({ createdAt: new Date(Date.now() - 48 * 3600_000) })
      .where(eq(payins.id, old.body.paymentId));
    expect((await payCard(old.body.paymentId)).body.status).toBe('SUCCESS');
    expect((await session(id)).depositLimits.day).toEqual({ limit: 100, remaining: 20 });
    expect((await deposit(id, 20.01)).body.errorKey).toBe('LIMIT_EXCEEDED');
  });

  it('refuses limits that are not amounts of the currency, and an unknown customer', async () => {
    const id = await newSession();
    const customerId = await customerOf((await deposit(id, 10)).body.paymentId);
    expect(
      (await api('PUT', `/public/customer/${customerId}/limits`, { token: CASINO, body: { deposit: { JPY: { day: 0.5 } } } })).status,
    ).toBe(400);
    expect(
      (await api('PUT', `/public/customer/${customerId}/limits`, { token: CASINO, body: { deposit: { ZZZ: { day: 10 } } } })).status,
    ).toBe(400);
    expect((await api('PUT', `/public/customer/cus_nobody/limits`, { token: CASINO, body: { deposit: {} } })).status).toBe(404);
  });
});

describe('fees and KYC', () => {
  it('adds a card deposit fee to the amount charged and records it; takes a withdrawal fee from what is received', async () => {
    const id = await newSession();
    const payin = await deposit(id, 100, 'card');
    const record = (await api('GET', `/public/payin/${payin.body.paymentId}`, { token: CASINO })).body;
    expect(record).toMatchObject({ amount: 101.8, fee: 1.8 });
    const apm = await deposit(id, 33.33, 'ewallet');
    expect((await api('GET', `/public/payin/${apm.body.paymentId}`, { token: CASINO })).body).toMatchObject({ amount: 33.66, fee: 0.33 });
    // The withdrawal fee is taken from what is sent; the balance holds (and loses) value and fee.
    const payout = await withdraw(id, 50, 'card');
    expect((await api('GET', `/public/payout/${payout.body.payoutId}`, { token: CASINO })).body).toMatchObject({ value: 49, fee: 1 });
    expect(await session(id)).toMatchObject({ balance: 500, reserved: 50, available: 450 });
    const listed = (await api('GET', `/public/cashier/session/${id}/transactions`, { ...browserOf.pages })).body.transactions;
    // A withdrawal is listed with what it took from the balance (value and fee), and its method's type.
    expect(listed.find((t: { id: string }) => t.id === payout.body.payoutId)).toMatchObject({
      kind: 'payout',
      amount: 50,
      fee: 1,
      transactionType: 'CARD',
    });
    expect(listed.find((t: { id: string }) => t.id === payin.body.paymentId)).toMatchObject({ kind: 'payin', amount: 101.8, fee: 1.8 });
    expect(listed.find((t: { id: string }) => t.id === apm.body.paymentId)).toMatchObject({ kind: 'payin', amount: 33.66, fee: 0.33 });
  });

  it('refuses to process a cashier transaction by another method than the one its fee was computed for', async () => {
    const id = await newSession();
    const apmDeposit = await deposit(id, 20, 'ewallet');
    expect((await payCard(apmDeposit.body.paymentId)).status).toBe(400);
    const apmWithdrawal = await withdraw(id, 20, 'apm');
    const card = { browser, cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031' } };
    expect(
      (
        await api('POST', `/public/payout/${apmWithdrawal.body.payoutId}/process/card`, {
          ...browserOf.pages,
          key: randomUUID(),
          body: card,
        })
      ).status,
    ).toBe(400);
    const cardDeposit = await deposit(id, 20, 'card');
    expect((await payCard(cardDeposit.body.paymentId)).body.status).toBe('SUCCESS');
  });

  it('answers 409 KYC_REQUIRED when only a verified customer would be served', async () => {
    const id = await newSession({ kyc: false });
    const refused = await deposit(id, 10);
    expect(refused.status).toBe(409);
    expect(refused.body.errorKey).toBe('KYC_REQUIRED');
    expect((await withdraw(id, 10)).body.errorKey).toBe('KYC_REQUIRED');
    // The demo merchant converts for an unverified customer: no refusal.
    expect((await deposit(await newSession({ token: 'sbx_demo_merchant', kyc: false }), 10)).status).toBe(200);
  });
});
