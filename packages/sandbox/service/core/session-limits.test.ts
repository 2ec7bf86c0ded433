/**
 * The service's per-session limits (LIMIT_CARD_FAILURES_PER_SESSION, LIMIT_TRANSACTIONS_PER_SESSION):
 * 429 RATE_LIMITED with Retry-After through the sandbox's router, never kept for replay.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import sampleCustomer from '../sample-customer.json';
import { sandboxDb } from './store';
import { call, contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';

/** The test's browser: it opens every session the file creates, and the pages' credential calls with its holder proof. */
const browserOf = testBrowser();

const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (key.startsWith('LIMIT_') && saved[key] === undefined) delete process.env[key];
});

beforeAll(async () => {
  await sandboxDb();
});

describe('the service’s per-session limits (429 RATE_LIMITED, Retry-After)', () => {
  const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };
  const declined = {
    browser: { javascriptEnabled: true },
    cardData: { cardNumber: '4000000000000002', cardHolderName: 'A', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
    saveCard: false,
  };
  async function session() {
    const answer = await api('POST', '/public/cashier/session', {
      body: {
        customer: { ...sampleCustomer, externalUserId: `v-${randomUUID()}` },
        returnUrls,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        balance: 100,
      },
    });
    await browserOf.open(answer.body.checkoutUrl);
    return answer.body.sessionId as string;
  }

  it('stops card attempts on a session whose failures are spent; the pay-in keeps its attempts', async () => {
    process.env.LIMIT_CARD_FAILURES_PER_SESSION = '2/3600';
    const id = await session();
    const payin = (await api('POST', `/public/cashier/session/${id}/payin`, { body: { amount: 5 }, ...browserOf.pages })).body
      .paymentId as string;
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await api('POST', `/public/payin/${payin}/process/card`, { body: declined, ...browserOf.pages, key: randomUUID() })).body.status,
      ).toBe('DECLINED');
    }
    const key = randomUUID();
    const third = await call('POST', `/public/payin/${payin}/process/card`, { body: declined, ...browserOf.pages, key });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ errorKey: 'RATE_LIMITED', errorCode: 4291 });
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await api('GET', `/public/payin/${payin}`)).body).toMatchObject({ status: 'DECLINED', attemptsRemaining: 1 });
    // A 429 is not kept for replay: the same key asks again.
    expect(
      (await call('POST', `/public/payin/${payin}/process/card`, { body: declined, ...browserOf.pages, key })).headers.get(
        'Idempotent-Replayed',
      ),
    ).toBeNull();
  });

  it('limits the transactions created in a session', async () => {
    process.env.LIMIT_TRANSACTIONS_PER_SESSION = '3/3600';
    const id = await session();
    for (let i = 0; i < 3; i += 1)
      expect((await api('POST', `/public/cashier/session/${id}/payin`, { body: { amount: 5 }, ...browserOf.pages })).status).toBe(200);
    const fourth = await call('POST', `/public/cashier/session/${id}/payout`, { body: { value: 5 }, ...browserOf.pages });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});
