/**
 * The sandbox's pay-in operations through their route handlers (HTTP in, HTTP out):
 * authentication, validation, conversion, selection, state rules, test cards, idempotency,
 * concurrency, and what is stored of a card. Figures from docs/design.md, section 6.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleSandboxRequest } from '../http';
import { payins } from '@sandbox/db/schema';
import { completeChallenge } from './payin-decisions';
import { sandboxDb } from '../core/store';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer's JSON as the service sent it; the tests read its fields freely
type Json = Record<string, any>;
import sampleCustomer from '@sandbox/service/sample-customer.json';

const DEMO = 'sbx_demo_merchant';
const OTHER = 'sbx_other_merchant';
const CHECKOUT = 'sbx_checkout';

function request(path: string, init: { method?: string; token?: string | null; body?: unknown; key?: string; raw?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token !== null) headers.Authorization = `Bearer ${init.token ?? DEMO}`;
  if (init.body !== undefined || init.raw !== undefined) headers['Content-Type'] = 'application/json';
  if (init.key) headers['Idempotency-Key'] = init.key;
  return new Request(`http://localhost/sandbox/api${path}`, {
    method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
}

/** The sandbox's router, as /sandbox/api serves it; the path parameters come from the URL. */
const route = (r: Request, _params?: unknown) => handleSandboxRequest(r);
const [createRoute, getRoute, processCardRoute, settingsRoute] = [route, route, route, route];
const params = <T extends Record<string, string>>(value: T) => value;

function payinBody(overrides: Record<string, unknown> = {}) {
  return {
    orderId: `order-${randomUUID()}`,
    amount: 100,
    currency: 'EUR',
    kycVerified: false,
    previousTransactionCount: 2,
    customer: sampleCustomer,
    returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, token = DEMO) {
  const response = await createRoute(request('/public/payin', { body: payinBody(overrides), token }));
  return { status: response.status, body: (await response.json()) as Json };
}

async function fetchPayin(id: string, token = DEMO) {
  const response = await getRoute(request(`/public/payin/${id}`, { token }), params({ payinId: id }));
  return { status: response.status, body: (await response.json()) as Json };
}

const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({
  browser: {
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile',
    customerIp: '203.0.113.9',
    javascriptEnabled: true,
  },
  cardData: {
    cardNumber,
    cardHolderName: 'Ada Lovelace',
    expiryMonth: '12',
    expiryYear: '2030',
    cvv: cardNumber.startsWith('3') ? '1234' : '123',
  },
  saveCard: false,
  ...extra,
});

async function processCard(id: string, body: unknown, options: { key?: string; token?: string } = {}) {
  const response = await processCardRoute(
    request(`/public/payin/${id}/process/card`, { body, token: options.token ?? CHECKOUT, key: options.key }),
    params({ payinId: id }),
  );
  return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
}

beforeAll(async () => {
  await sandboxDb();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('authentication and errors', () => {
  it('401 without or with a wrong bearer token', async () => {
    for (const token of [null, 'nope']) {
      const response = await createRoute(request('/public/payin', { body: payinBody(), token }));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ errorKey: 'UNAUTHORIZED', errorMessage: expect.any(String), errorCode: 4011 });
    }
  });

  it('400 VALIDATION_ERROR for a bad body, naming the fields', async () => {
    const response = await createRoute(
      request('/public/payin', { body: { ...payinBody(), amount: 'ten', returnUrls: { success: 'javascript:alert(1)', failure: 'x' } } }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ errorKey: 'VALIDATION_ERROR', errorCode: 4001 });
    expect(body.errorMessage).toMatch(/amount/);
    expect(body.errorMessage).toMatch(/returnUrls\.success/);
  });

  it('400 for JSON that is not JSON, 413 for a body over 64 KB', async () => {
    expect((await createRoute(request('/public/payin', { raw: '{"orderId":' }))).status).toBe(400);
    const huge = JSON.stringify({ ...payinBody(), merchantAdditionalData: { blob: 'x'.repeat(70_000) } });
    expect((await createRoute(request('/public/payin', { raw: huge }))).status).toBe(413);
  });

  it('403 when the checkout token tries a merchant operation', async () => {
    expect((await create({}, CHECKOUT)).status).toBe(403);
  });

  it('404 for an unknown pay-in and for another merchant’s', async () => {
    const { body } = await create();
    expect((await fetchPayin('pi_unknown')).status).toBe(404);
    expect((await fetchPayin(body.paymentId, OTHER)).status).toBe(404);
    expect((await fetchPayin(body.paymentId, CHECKOUT)).status).toBe(200);
  });

  it('409 DUPLICATE_ORDER_ID for an orderId used before by the same merchant only', async () => {
    const orderId = `order-${randomUUID()}`;
    expect((await create({ orderId })).status).toBe(200);
    const again = await create({ orderId });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorKey: 'DUPLICATE_ORDER_ID', errorCode: 4093 });
    expect((await create({ orderId }, OTHER)).status).toBe(200);
  });
});

describe('currencies, conversion and selection', () => {
  it('100 USD without KYC: psp-card-eu, 92.00 EUR, initial 100 USD', async () => {
    const { body } = await create({ currency: 'USD', amount: 100, kycVerified: false });
    const payin = (await fetchPayin(body.paymentId)).body;
    expect(payin).toMatchObject({ amount: 92, currency: 'EUR', initialAmount: 100, initialCurrency: 'USD', merchantPspId: 'psp-card-eu' });
  });

  it('100 USD with KYC: psp-card-us keeps USD', async () => {
    const { body } = await create({ currency: 'USD', amount: 100, kycVerified: true });
    expect((await fetchPayin(body.paymentId)).body).toMatchObject({ amount: 100, currency: 'USD', merchantPspId: 'psp-card-us' });
  });

  it('10 000 JPY converts to 61.00 EUR; 10.5 JPY and 10.001 EUR break the minor units', async () => {
    const { body } = await create({ currency: 'JPY', amount: 10000 });
    expect((await fetchPayin(body.paymentId)).body).toMatchObject({
      amount: 61,
      currency: 'EUR',
      initialAmount: 10000,
      initialCurrency: 'JPY',
    });
    expect((await create({ currency: 'JPY', amount: 10.5 })).status).toBe(400);
    expect((await create({ currency: 'EUR', amount: 10.001 })).status).toBe(400);
    expect((await create({ currency: 'KWD', amount: 10.125 })).status).toBe(200);
  });

  it('a currency the merchant has not enabled (CHF) or an unknown code is 400', async () => {
    expect((await create({ currency: 'CHF' })).status).toBe(400);
    expect((await create({ currency: 'XYZ' })).status).toBe(400);
  });

  it('BRL stays with psp-apm; router-eu and direct routes choose their PSPs; unknown ones are 400', async () => {
    expect((await fetchPayin((await create({ currency: 'BRL', amount: 50 })).body.paymentId)).body).toMatchObject({
      currency: 'BRL',
      merchantPspId: 'psp-apm',
    });
    expect(
      (await fetchPayin((await create({ currency: 'USD', kycVerified: true, routerId: 'router-eu' })).body.paymentId)).body,
    ).toMatchObject({
      currency: 'EUR',
      merchantPspId: 'psp-card-eu',
      routerId: 'router-eu',
    });
    expect((await fetchPayin((await create({ directRouteId: 'route-pix', currency: 'BRL' })).body.paymentId)).body.merchantPspId).toBe(
      'psp-apm',
    );
    expect((await create({ routerId: 'router-nope' })).status).toBe(400);
    expect((await create({ directRouteId: 'route-nope' })).status).toBe(400);
  });

  it('no eligible PSP: the pay-in is created FAILED with NO_PROVIDER_AVAILABLE', async () => {
    const { body } = await create({ currency: 'USD', directRouteId: 'route-pix' });
    expect(body.status).toBe('FAILED');
    expect((await fetchPayin(body.paymentId)).body.statusReason).toMatchObject({ detailedStatus: 'NO_PROVIDER_AVAILABLE' });
  });

  it('iframeUrls point at the checkout origin', async () => {
    const { body } = await create();
    expect(body.iframeUrls).toEqual({
      card: `http://checkout.test/payments/payin/${body.paymentId}/card`,
      apm: `http://checkout.test/payments/payin/${body.paymentId}/apm`,
    });
  });

  it('serves the merchant’s checkout settings to the checkout and the merchant only', async () => {
    const ok = await settingsRoute(
      request('/public/merchant/merchant-demo/checkout-settings', { token: CHECKOUT }),
      params({ merchantId: 'merchant-demo' }),
    );
    expect(await ok.json()).toMatchObject({ displayName: 'Demo Shop', allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'] });
    const other = await settingsRoute(
      request('/public/merchant/merchant-demo/checkout-settings', { token: OTHER }),
      params({ merchantId: 'merchant-demo' }),
    );
    expect(other.status).toBe(404);
  });
});

describe('card processing: the test cards and the state rules', () => {
  it.each([
    ['4242424242424242', 'SUCCESS', undefined],
    ['5555555555554444', 'SUCCESS', undefined],
    ['378282246310005', 'SUCCESS', undefined],
    ['4000000000000002', 'DECLINED', 'CARD_DECLINED'],
    ['4000000000009995', 'DECLINED', 'INSUFFICIENT_FUNDS'],
    ['4000000000000069', 'DECLINED', 'CARD_EXPIRED'],
    ['4000000000000127', 'DECLINED', 'CVV_INVALID'],
    ['4000000000000119', 'FAILED', 'PSP_ISSUES'],
    ['4111111111111111', 'SUCCESS', undefined],
  ])('%s → %s %s', async (pan, status, detailed) => {
    const { body } = await create();
    const result = await processCard(body.paymentId, card(pan));
    expect(result.status).toBe(200);
    // Attempts left and the reason of the outcome come with the processing answer.
    expect(result.body).toEqual({
      paymentId: body.paymentId,
      status,
      attemptsRemaining: status === 'DECLINED' ? 2 : 0,
      ...(detailed ? { statusReason: { status, detailedStatus: detailed, reason: expect.any(String) } } : {}),
    });
    const payin = (await fetchPayin(body.paymentId)).body;
    expect(payin.status).toBe(status);
    expect(payin.statusReason?.detailedStatus).toBe(detailed);
    expect(payin.transactionType).toBe('CARD');
  });

  it('3DS: 4000 0000 0000 3220 is PENDING_3DS with the ACS URL; passed → SUCCESS, failed → DECLINED', async () => {
    for (const passed of [true, false]) {
      const { body } = await create();
      const result = await processCard(body.paymentId, card('4000000000003220'));
      expect(result.body).toEqual({
        paymentId: body.paymentId,
        status: 'PENDING_3DS',
        redirectUrl: `http://checkout.test/sandbox/3ds/${body.paymentId}`,
        attemptsRemaining: 0,
      });
      const db = await sandboxDb();
      const back = await db.transaction((tx) => completeChallenge(tx, body.paymentId, passed, { checkoutUrl: 'http://checkout.test' }));
      expect(back).toBe(`http://checkout.test/payments/payin/${body.paymentId}/status`);
      const payin = (await fetchPayin(body.paymentId)).body;
      expect(payin.status).toBe(passed ? 'SUCCESS' : 'DECLINED');
      if (!passed) expect(payin.statusReason.detailedStatus).toBe('AUTHENTICATION_FAILED');
    }
  });

  it('4000 0000 0000 0077 is PENDING for 5 s, then SUCCESS; 0101 TIMEOUT after 10 s', async () => {
    const a = (await create()).body.paymentId;
    const b = (await create()).body.paymentId;
    expect((await processCard(a, card('4000000000000077'))).body.status).toBe('PENDING');
    expect((await processCard(b, card('4000000000000101'))).body.status).toBe('PENDING');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 4_000);
    expect((await fetchPayin(a)).body.status).toBe('PENDING');
    vi.setSystemTime(start + 5_500);
    expect((await fetchPayin(a)).body.status).toBe('SUCCESS');
    expect((await fetchPayin(b)).body.status).toBe('PENDING');
    vi.setSystemTime(start + 10_500);
    expect((await fetchPayin(b)).body).toMatchObject({ status: 'TIMEOUT', statusReason: { detailedStatus: 'TRANSACTION_TIMEOUT' } });
  });

  it('a processed pay-in cannot be processed again: 409 INVALID_STATE', async () => {
    const { body } = await create();
    await processCard(body.paymentId, card('4242424242424242'));
    const again = await processCard(body.paymentId, card('5555555555554444'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorKey: 'INVALID_STATE', errorCode: 4092 });
  });

  it('a DECLINED pay-in may be tried again while it has had fewer than 3 attempts', async () => {
    const { body } = await create();
    for (const remaining of [2, 1, 0]) {
      const answer = (await processCard(body.paymentId, card('4000000000000002'))).body;
      expect(answer).toMatchObject({
        status: 'DECLINED',
        attemptsRemaining: remaining,
        statusReason: { detailedStatus: 'CARD_DECLINED', status: 'DECLINED' },
      });
      expect((await fetchPayin(body.paymentId)).body.attemptsRemaining).toBe(remaining);
    }
    expect((await processCard(body.paymentId, card('4242424242424242'))).status).toBe(409);
  });

  it('a card the checkout would refuse is refused here too (400)', async () => {
    const { body } = await create();
    const luhn = await processCard(body.paymentId, card('4242424242424241'));
    expect(luhn.status).toBe(400);
    expect(luhn.body.errorMessage).not.toContain('4242424242424241');
    const expired = await processCard(
      body.paymentId,
      card('4242424242424242', {
        cardData: { cardNumber: '4242424242424242', cardHolderName: 'A', expiryMonth: '01', expiryYear: '2020', cvv: '123' },
      }),
    );
    expect(expired.status).toBe(400);
    const amexCvv = await processCard(
      body.paymentId,
      card('378282246310005', {
        cardData: { cardNumber: '378282246310005', cardHolderName: 'A', expiryMonth: '01', expiryYear: '2031', cvv: '123' },
      }),
    );
    expect(amexCvv.status).toBe(400);
    expect((await fetchPayin(body.paymentId)).body.status).toBe('CREATED');
  });

  it('stores brand, mask, expiry, holder and a hash; never the PAN or the CVV', async () => {
    const { body } = await create();
    await processCard(body.paymentId, card('4242424242424242', { saveCard: true }));
    const payin = (await fetchPayin(body.paymentId)).body;
    expect(payin).toMatchObject({ cardMask: '424242******4242', cardBrand: 'Visa', cardId: expect.stringMatching(/^card_/) });
    expect(payin.cardHash).toMatch(/^[0-9a-f]{64}$/);
    const db = await sandboxDb();
    const rows = await db.select().from(payins);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
    expect(payin.metadata).toMatchObject({ ipAddress: '203.0.113.9', deviceType: 'MOBILE' });
  });
});

describe('the saved cards with the transaction (docs/design.md, E7)', () => {
  it('a pay-in answer carries its customer’s saved cards, as the cards’ list answers them; none for a new customer', async () => {
    const customer = { ...sampleCustomer, externalUserId: `saved-${randomUUID()}` };
    const first = (await create({ customer })).body;
    expect((await fetchPayin(first.paymentId)).body.savedCards).toEqual([]);
    await processCard(first.paymentId, card('4242424242424242', { saveCard: true }));
    const second = (await create({ customer })).body;
    const payin = (await fetchPayin(second.paymentId)).body;
    const list = await (await route(request(`/public/customer/${payin.customerId}/cards`))).json();
    expect(payin.savedCards).toEqual(list.cards);
    expect(payin.savedCards).toEqual([expect.objectContaining({ cardMask: '424242******4242', cardBrand: 'Visa', expiryYear: '2030' })]);
    // The pages' credential reads the same; another merchant's customer of the same external id has none.
    expect((await fetchPayin(second.paymentId, CHECKOUT)).body.savedCards).toEqual(list.cards);
    const elsewhere = (await create({ customer }, OTHER)).body;
    expect((await fetchPayin(elsewhere.paymentId, OTHER)).body.savedCards).toEqual([]);
  });
});

describe('Idempotency-Key and concurrency', () => {
  it('the same key and body answer the first answer again, without a second pay-in', async () => {
    const key = randomUUID();
    const body = payinBody();
    const first = await createRoute(request('/public/payin', { body, key }));
    const second = await createRoute(request('/public/payin', { body, key }));
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
  });

  it('the same key with another body is 409 CONFLICT', async () => {
    const key = randomUUID();
    await createRoute(request('/public/payin', { body: payinBody(), key }));
    const other = await createRoute(request('/public/payin', { body: payinBody(), key }));
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ errorKey: 'CONFLICT', errorCode: 4091 });
  });

  it('a card attempt replayed with its key is charged once', async () => {
    const { body } = await create();
    const key = randomUUID();
    const first = await processCard(body.paymentId, card('4000000000000002'), { key });
    const replay = await processCard(body.paymentId, card('4000000000000002'), { key });
    expect(replay.body).toEqual(first.body);
    expect((await fetchPayin(body.paymentId)).body.attemptsRemaining).toBe(2);
  });

  it('the same Idempotency-Key twice at once: one pay-in, the same answer twice', async () => {
    const key = randomUUID();
    const body = payinBody();
    const answers = await Promise.all([0, 1].map(() => createRoute(request('/public/payin', { body, key }))));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map((r) => r.json()));
    expect(b).toEqual(a);
  });

  it('the same orderId twice at once: one 200, one 409 DUPLICATE_ORDER_ID', async () => {
    const orderId = `order-${randomUUID()}`;
    const answers = await Promise.all([0, 1].map(() => createRoute(request('/public/payin', { body: payinBody({ orderId }) }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('two processing calls at once: exactly one takes effect', async () => {
    const { body } = await create();
    const results = await Promise.all([
      processCard(body.paymentId, card('4242424242424242'), { key: randomUUID() }),
      processCard(body.paymentId, card('5555555555554444'), { key: randomUUID() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await fetchPayin(body.paymentId)).body.status).toBe('SUCCESS');
  });
});
