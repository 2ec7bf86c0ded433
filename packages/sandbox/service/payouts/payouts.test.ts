/**
 * Payouts through the sandbox's router (route handlers in process), with the state rules and the
 * figures of docs/design.md: a card payout waits for confirmation, then is paid after its timed
 * outcome; a CVV is refused; reject, and a failing test card; an APM payout; conversion and
 * processor selection as for pay-ins, and a duplicate orderId refused. Every answer validated against the generated OpenAPI document by a standard validator
 * (packages/sandbox/testing/sandbox-http.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { testCustomer as customer } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from '../core/store';

const OTHER = 'sbx_other_merchant';
const browser = { userAgent: 'Mozilla/5.0', customerIp: '203.0.113.9', javascriptEnabled: true };

async function newPayout(overrides: Record<string, unknown> = {}) {
  const answer = await api('POST', '/public/payout', {
    body: { orderId: `o-${randomUUID()}`, value: 15, currency: 'EUR', kycVerified: false, customer: customer(), ...overrides },
  });
  expect(answer.status).toBe(200);
  return answer.body.payoutId as string;
}

/** Moves the clock `ms` on (Date only), so that timed outcomes fall due. */
async function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

beforeAll(async () => {
  await sandboxDb();
});
afterEach(() => vi.useRealTimers());

describe('payouts and their state rules', () => {
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

  it('an APM payout takes the account from the method fields', async () => {
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
