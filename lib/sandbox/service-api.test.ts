/**
 * Contract tests of the sandbox's operations through HTTP (route handlers in process): each
 * success answer and each error class it can give, idempotent replay, state rules with the
 * docs/design.md's figures; every answer validated against the generated OpenAPI document by a
 * standard validator (lib/testing/sandbox-http.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi, afterEach } from 'vitest';
import { cashierSessions } from '@/lib/db/schema';
import sampleCustomer from '@/lib/sandbox/sample-customer.json';
import { contractCall as api, pagesHolding } from '@/lib/testing/sandbox-http';
import { decidePayinAtProvider } from './payins/payin-decisions';
import { sandboxDb } from './core/store';
import { runSandboxWorkerOnce } from './worker';

const OTHER = 'sbx_other_merchant';
const CHECKOUT = 'sbx_checkout';
const ctx = { checkoutUrl: 'http://checkout.test' };
const browser = { userAgent: 'Mozilla/5.0', customerIp: '203.0.113.9', javascriptEnabled: true };
const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };

const customer = (externalUserId = `c-${randomUUID()}`) => ({ ...sampleCustomer, externalUserId });
const card = (cardNumber: string, saveCard = false) => ({
  browser,
  cardData: { cardNumber, cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
  saveCard,
});

async function newPayin(overrides: Record<string, unknown> = {}) {
  const answer = await api('POST', '/public/payin', {
    body: {
      orderId: `o-${randomUUID()}`,
      amount: 20,
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
      customer: customer(),
      returnUrls,
      ...overrides,
    },
  });
  expect(answer.status).toBe(200);
  return answer.body.paymentId as string;
}

async function newPayout(overrides: Record<string, unknown> = {}) {
  const answer = await api('POST', '/public/payout', {
    body: { orderId: `o-${randomUUID()}`, value: 15, currency: 'EUR', kycVerified: false, customer: customer(), ...overrides },
  });
  expect(answer.status).toBe(200);
  return answer.body.payoutId as string;
}

async function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

beforeAll(async () => {
  await sandboxDb();
});
afterEach(() => vi.useRealTimers());

describe('customers and saved cards (E7)', () => {
  it('creates, then updates by externalUserId', async () => {
    const body = customer();
    const first = await api('POST', '/public/customer', { body });
    expect(first.status).toBe(200);
    const second = await api('POST', '/public/customer', { body: { ...body, firstName: 'Augusta' } });
    expect(second.body).toMatchObject({ customerId: first.body.customerId, firstName: 'Augusta' });
    expect((await api('POST', '/public/customer', { body: { ...body, email: 'nope' } })).status).toBe(400);
    expect((await api('POST', '/public/customer', { body, token: CHECKOUT })).status).toBe(403);
    expect((await api('POST', '/public/customer', { body, token: null })).status).toBe(401);
  });

  it('a card saved by saveCard is listed, paid with by CVV, and removed', async () => {
    const externalUserId = `c-${randomUUID()}`;
    const first = await newPayin({ customer: customer(externalUserId) });
    expect(
      (await api('POST', `/public/payin/${first}/process/card`, { body: card('5555555555554444', true), token: CHECKOUT })).body.status,
    ).toBe('SUCCESS');
    const customerId = (await api('GET', `/public/payin/${first}`)).body.customerId;
    const list = await api('GET', `/public/customer/${customerId}/cards`);
    expect(list.body.cards).toEqual([
      { cardId: expect.any(String), cardMask: '555555******4444', cardBrand: 'Mastercard', expiryMonth: '12', expiryYear: '2031' },
    ]);
    const cardId = list.body.cards[0].cardId;
    expect((await api('GET', `/public/customer/${customerId}/cards`, { token: OTHER })).status).toBe(404);

    const second = await newPayin({ customer: customer(externalUserId) });
    expect(
      (
        await api('POST', `/public/payin/${second}/process/saved-card`, {
          body: { browser, savedCardData: { cardId, cvv: '12' } },
          token: CHECKOUT,
        })
      ).status,
    ).toBe(400);
    const paid = await api('POST', `/public/payin/${second}/process/saved-card`, {
      body: { browser, savedCardData: { cardId, cvv: '123' } },
      token: CHECKOUT,
      key: randomUUID(),
    });
    expect(paid.body).toEqual({ paymentId: second, status: 'SUCCESS', attemptsRemaining: 0 });
    expect((await api('GET', `/public/payin/${second}`)).body).toMatchObject({ cardId, cardMask: '555555******4444' });

    const stranger = await newPayin();
    expect(
      (
        await api('POST', `/public/payin/${stranger}/process/saved-card`, {
          body: { browser, savedCardData: { cardId, cvv: '123' } },
          token: CHECKOUT,
        })
      ).status,
    ).toBe(404);

    expect((await api('DELETE', `/public/customer/${customerId}/cards/${cardId}`)).status).toBe(204);
    expect((await api('DELETE', `/public/customer/${customerId}/cards/${cardId}`)).status).toBe(404);
    expect((await api('GET', `/public/customer/${customerId}/cards`)).body.cards).toEqual([]);
  });

  it("a saved card's CVV has its brand's length: 4 digits for American Express (the brand table), 3 for Visa", async () => {
    const externalUserId = `c-${randomUUID()}`;
    const first = await newPayin({ customer: customer(externalUserId) });
    const amex = { ...card('378282246310005', true), cardData: { ...card('378282246310005').cardData, cvv: '1234' } };
    expect((await api('POST', `/public/payin/${first}/process/card`, { body: amex, token: CHECKOUT })).body.status).toBe('SUCCESS');
    const customerId = (await api('GET', `/public/payin/${first}`)).body.customerId;
    const cardId = (await api('GET', `/public/customer/${customerId}/cards`)).body.cards[0].cardId;
    const second = await newPayin({ customer: customer(externalUserId) });
    const pay = (cvv: string) =>
      api('POST', `/public/payin/${second}/process/saved-card`, { body: { browser, savedCardData: { cardId, cvv } }, token: CHECKOUT });
    expect((await pay('123')).body).toMatchObject({ errorKey: 'VALIDATION_ERROR', errorMessage: 'savedCardData.cvv: cvv.invalid' });
    expect((await pay('1234')).body).toMatchObject({ status: 'SUCCESS', attemptsRemaining: 0 });
  });

  it('a saved 3DS test card goes to the ACS (E2)', async () => {
    const externalUserId = `c-${randomUUID()}`;
    const first = await newPayin({ customer: customer(externalUserId) });
    await api('POST', `/public/payin/${first}/process/card`, { body: card('4000000000003220', true), token: CHECKOUT });
    const customerId = (await api('GET', `/public/payin/${first}`)).body.customerId;
    const cardId = (await api('GET', `/public/customer/${customerId}/cards`)).body.cards[0].cardId;
    const second = await newPayin({ customer: customer(externalUserId) });
    const answer = await api('POST', `/public/payin/${second}/process/saved-card`, {
      body: { browser, savedCardData: { cardId, cvv: '123' } },
      token: CHECKOUT,
    });
    expect(answer.body).toEqual({
      paymentId: second,
      status: 'PENDING_3DS',
      redirectUrl: `http://checkout.test/sandbox/3ds/${second}`,
      attemptsRemaining: 0,
    });
  });
});

describe('methods (E6) and direct-link pay-ins', () => {
  it('EUR offers the card and the APMs of psp-apm; BRL only APMs; a direct route only its method', async () => {
    const eur = await api('GET', `/public/payin/${await newPayin()}/methods`, { token: CHECKOUT });
    expect(eur.body.methods.map((m: { id: string }) => m.id)).toEqual(['card', 'bank-transfer', 'ewallet', 'pix', 'crypto']);
    const brl = await api('GET', `/public/payin/${await newPayin({ currency: 'BRL' })}/methods`, { token: CHECKOUT });
    expect(brl.body.methods.map((m: { id: string }) => m.id)).toEqual(['bank-transfer', 'ewallet', 'pix', 'crypto']);
    const pix = await api('GET', `/public/payin/${await newPayin({ currency: 'BRL', directRouteId: 'route-pix' })}/methods`, {
      token: CHECKOUT,
    });
    expect(pix.body.methods).toEqual([expect.objectContaining({ id: 'pix', type: 'BANK', directRouteId: 'route-pix' })]);
    expect((await api('GET', '/public/payin/pi_nope/methods', { token: CHECKOUT })).status).toBe(404);
  });

  it('checks the fields against the descriptors, goes PENDING with the provider page, and the provider decides', async () => {
    const id = await newPayin();
    const bad = await api('POST', `/public/payin/${id}/process/direct-link`, {
      body: { browser, additionalData: { methodId: 'bank-transfer', accountHolder: 'Ada', iban: 'not-an-iban' } },
      token: CHECKOUT,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toContain('iban');
    const ok = await api('POST', `/public/payin/${id}/process/direct-link`, {
      body: { browser, additionalData: { methodId: 'bank-transfer', accountHolder: 'Ada Lovelace', iban: 'DE89370400440532013000' } },
      token: CHECKOUT,
      headers: { 'X-User-Agent': 'Mozilla/5.0 (iPhone) Mobile', 'X-IP-Address': '198.51.100.4' },
    });
    expect(ok.body).toEqual({
      paymentId: id,
      status: 'PENDING',
      redirectUrl: `http://checkout.test/sandbox/provider/payin/${id}`,
      attemptsRemaining: 0,
    });
    const pending = (await api('GET', `/public/payin/${id}`)).body;
    expect(pending).toMatchObject({
      transactionType: 'BANK',
      additionalData: { methodId: 'bank-transfer', iban: 'DE89370400440532013000' },
      metadata: { ipAddress: '198.51.100.4', deviceType: 'MOBILE' },
    });
    const db = await sandboxDb();
    await db.transaction((tx) => decidePayinAtProvider(tx, id, 'approve', ctx));
    expect((await api('GET', `/public/payin/${id}`)).body.status).toBe('SUCCESS');
  });

  it('an unavailable method is 400', async () => {
    const id = await newPayin({ currency: 'GBP' });
    expect(
      (
        await api('POST', `/public/payin/${id}/process/direct-link`, {
          body: { browser, additionalData: { methodId: 'pix' } },
          token: CHECKOUT,
        })
      ).status,
    ).toBe(400);
  });
});

describe('payouts (E3, E4, E5) and their state rules', () => {
  it('card → WAITING_FOR_CONFIRMATION → confirm → PENDING → PROCESSED', async () => {
    const id = await newPayout();
    expect((await api('GET', `/public/payout/${id}`)).body).toMatchObject({ status: 'CREATED', value: 15, currency: 'EUR' });
    expect((await api('PUT', `/public/payout/${id}/confirm`)).status).toBe(409);
    const given = await api('POST', `/public/payout/${id}/process/card`, {
      body: { browser, cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031' } },
    });
    expect(given.body).toEqual({ payoutId: id, status: 'WAITING_FOR_CONFIRMATION' });
    expect((await api('PUT', `/public/payout/${id}/confirm`, { token: OTHER })).status).toBe(404);
    expect((await api('PUT', `/public/payout/${id}/confirm`)).status).toBe(204);
    expect((await api('GET', `/public/payout/${id}`)).body).toMatchObject({
      status: 'PENDING',
      cardMask: '424242******4242',
      transactionType: 'CARD',
    });
    await later(2_500);
    expect((await api('GET', `/public/payout/${id}`)).body.status).toBe('PROCESSED');
    expect((await api('PUT', `/public/payout/${id}/reject`)).status).toBe(409);
  });

  it('a CVV in a payout card is refused (no CVV is asked for)', async () => {
    const id = await newPayout();
    const answer = await api('POST', `/public/payout/${id}/process/card`, {
      body: {
        browser,
        cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
      },
    });
    expect(answer.status).toBe(400);
  });

  it('reject from CREATED or WAITING_FOR_CONFIRMATION; 4000 0000 0000 0119 ends FAILED', async () => {
    const a = await newPayout();
    expect((await api('PUT', `/public/payout/${a}/reject`)).status).toBe(204);
    expect((await api('GET', `/public/payout/${a}`)).body.status).toBe('REJECTED');
    const b = await newPayout();
    await api('POST', `/public/payout/${b}/process/card`, {
      body: { browser, cardData: { cardNumber: '4000000000000119', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031' } },
    });
    await api('PUT', `/public/payout/${b}/confirm`);
    await later(2_500);
    expect((await api('GET', `/public/payout/${b}`)).body).toMatchObject({
      status: 'FAILED',
      statusReason: { detailedStatus: 'PSP_ISSUES' },
    });
  });

  it('an APM payout (E4) takes the account from the method fields', async () => {
    const id = await newPayout({ currency: 'BRL', value: 100 });
    const answer = await api('POST', `/public/payout/${id}/process/direct-link`, {
      body: { browser, additionalData: { methodId: 'pix', cpf: '12345678901', keyType: 'cpf' } },
      key: randomUUID(),
    });
    expect(answer.body).toEqual({ payoutId: id, status: 'WAITING_FOR_CONFIRMATION' });
    expect((await api('GET', `/public/payout/${id}`)).body).toMatchObject({ transactionType: 'BANK', currency: 'BRL' });
  });

  it('payouts convert and select like pay-ins, and refuse a duplicate orderId', async () => {
    const id = await newPayout({ currency: 'USD', value: 100 });
    expect((await api('GET', `/public/payout/${id}`)).body).toMatchObject({
      value: 92,
      currency: 'EUR',
      initialAmount: 100,
      initialCurrency: 'USD',
    });
    const orderId = `o-${randomUUID()}`;
    await newPayout({ orderId });
    const again = await api('POST', '/public/payout', {
      body: { orderId, value: 1, currency: 'EUR', kycVerified: false, customer: customer() },
    });
    expect(again.status).toBe(409);
  });
});

describe('cashier sessions (E8 to E11)', () => {
  async function newSession(balance?: number) {
    const answer = await api('POST', '/public/cashier/session', {
      body: {
        customer: customer(),
        returnUrls,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 1,
        ...(balance === undefined ? {} : { balance }),
      },
    });
    expect(answer.status).toBe(200);
    // The address opens the cashier once, by its launch secret (E22).
    expect(answer.body.checkoutUrl).toMatch(
      new RegExp(`^http://checkout\\.test/cashier/${answer.body.sessionId}\\?launch=[A-Za-z0-9_-]{43}$`),
    );
    return { id: answer.body.sessionId as string, holder: await pagesHolding(answer.body.checkoutUrl) };
  }

  it('creates, fetches, updates the balance and lists transactions newest first', async () => {
    const { id, holder } = await newSession(50);
    expect((await api('GET', `/public/cashier/session/${id}`, { ...holder })).body).toMatchObject({
      sessionId: id,
      currency: 'EUR',
      balance: 50,
      status: 'ACTIVE',
    });
    expect((await api('PUT', `/public/cashier/session/${id}/balance`, { body: { balance: 75.25 } })).status).toBe(204);
    expect((await api('PUT', `/public/cashier/session/${id}/balance`, { body: { balance: -1 } })).status).toBe(400);
    expect((await api('PUT', `/public/cashier/session/${id}/balance`, { body: { balance: 1 }, token: OTHER })).status).toBe(404);
    expect((await api('GET', `/public/cashier/session/${id}`)).body.balance).toBe(75.25);

    const payin = await api('POST', `/public/cashier/session/${id}/payin`, { body: { amount: 10 }, ...holder, key: randomUUID() });
    expect(payin.body.iframeUrls.card).toContain(`/payments/payin/${payin.body.paymentId}/card`);
    const payout = await api('POST', `/public/cashier/session/${id}/payout`, { body: { value: 20 }, ...holder });
    expect(payout.status).toBe(200);
    // 75.25 − 20 reserved by the withdrawal in progress: 60 is above the available 55.25 (E19).
    expect((await api('POST', `/public/cashier/session/${id}/payout`, { body: { value: 60 }, ...holder })).body).toMatchObject({
      errorKey: 'INSUFFICIENT_BALANCE',
      errorCode: 4094,
    });
    expect((await api('GET', `/public/cashier/session/${id}`)).body).toMatchObject({ balance: 75.25, reserved: 20, available: 55.25 });
    const list = await api('GET', `/public/cashier/session/${id}/transactions`, { ...holder });
    expect(list.body.transactions.map((t: { id: string; kind: string }) => [t.kind, t.id])).toEqual([
      ['payout', payout.body.payoutId],
      ['payin', payin.body.paymentId],
    ]);
  });

  it('an expired session takes no new transaction (409) and reads EXPIRED', async () => {
    const { id, holder } = await newSession();
    const db = await sandboxDb();
    await db
      .update(cashierSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cashierSessions.id, id));
    expect((await api('GET', `/public/cashier/session/${id}`)).body.status).toBe('EXPIRED');
    expect((await api('POST', `/public/cashier/session/${id}/payin`, { body: { amount: 10 }, ...holder })).status).toBe(409);
  });

  it('a currency that is not enabled is 400; the checkout token cannot create a session', async () => {
    expect(
      (
        await api('POST', '/public/cashier/session', {
          body: { customer: customer(), returnUrls, currency: 'CHF', kycVerified: false, previousTransactionCount: 0 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api('POST', '/public/cashier/session', {
          body: { customer: customer(), returnUrls, currency: 'EUR', kycVerified: false, previousTransactionCount: 0 },
          token: CHECKOUT,
        })
      ).status,
    ).toBe(403);
  });
});

describe('PSP records', () => {
  it('answers an enabled PSP and 404 for another', async () => {
    expect((await api('GET', '/public/psp/psp-apm')).body).toMatchObject({ id: 'psp-apm', currencies: ['EUR', 'BRL'], requiresKyc: false });
    expect((await api('GET', '/public/psp/psp-nope')).status).toBe(404);
    expect((await api('GET', '/public/psp/psp-apm', { token: null })).status).toBe(401);
  });
});

describe('the worker', () => {
  it('settles timed outcomes without anyone fetching', async () => {
    const id = await newPayin();
    await api('POST', `/public/payin/${id}/process/card`, { body: card('4000000000000077'), token: CHECKOUT });
    const db = await sandboxDb();
    await runSandboxWorkerOnce(db, new Date(Date.now() + 6_000));
    const { payins } = await import('@/lib/db/schema');
    const [row] = await db.select({ status: payins.status }).from(payins).where(eq(payins.id, id));
    expect(row?.status).toBe('SUCCESS');
  });
});

describe('the OpenAPI check itself', () => {
  it('fails an answer that breaks the document', async () => {
    const { expectDeclared } = await import('@/lib/testing/sandbox-http');
    const wrong = { status: 200, body: { payoutId: 1, status: 'NOPE' }, headers: new Headers(), template: '/public/payout' };
    await expect(expectDeclared('POST', wrong)).rejects.toThrow(/does not match the OpenAPI document/);
  });
});
