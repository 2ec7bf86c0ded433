/**
 * Every operation of the sandbox, table-driven: 401 without a token, 404 for an unknown id,
 * 400 for a bad body, and replay of a POST with its Idempotency-Key. Every answer is checked
 * against the generated OpenAPI document by a standard validator.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import sampleCustomer from '@/lib/sandbox/sample-customer.json';
import { contractCall as api } from '@/lib/testing/sandbox-http';
import { sandboxDb } from './store';

interface Operation {
  method: string;
  /** Path with `{id}` where an unknown id gives 404. */
  path: string;
  token: 'merchant' | 'checkout';
  body?: () => unknown;
}

const browser = { javascriptEnabled: true };
let counter = 0;
const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };
const OPERATIONS: Operation[] = [
  { method: 'POST', path: '/public/customer', token: 'merchant', body: () => ({ ...sampleCustomer, externalUserId: randomUUID() }) },
  { method: 'GET', path: '/public/customer/{id}/cards', token: 'merchant' },
  { method: 'DELETE', path: '/public/customer/{id}/cards/card_x', token: 'merchant' },
  {
    method: 'POST',
    path: '/public/payin',
    token: 'merchant',
    body: () => ({ orderId: randomUUID(), amount: 5, currency: 'EUR', kycVerified: false, previousTransactionCount: 0, customer: sampleCustomer, returnUrls }),
  },
  { method: 'GET', path: '/public/payin/{id}', token: 'merchant' },
  { method: 'POST', path: '/public/payin/{id}/process/card', token: 'checkout', body: () => ({ browser, cardData: { cardNumber: '4242424242424242', cardHolderName: 'A', expiryMonth: '12', expiryYear: '2031', cvv: '123' }, saveCard: false }) },
  { method: 'POST', path: '/public/payin/{id}/process/saved-card', token: 'checkout', body: () => ({ browser, savedCardData: { cardId: 'card_x', cvv: '123' } }) },
  { method: 'POST', path: '/public/payin/{id}/process/direct-link', token: 'checkout', body: () => ({ browser, additionalData: { methodId: 'ewallet', email: 'a@b.example' } }) },
  { method: 'GET', path: '/public/payin/{id}/methods', token: 'checkout' },
  { method: 'POST', path: '/public/payout', token: 'merchant', body: () => ({ orderId: randomUUID(), value: 5, currency: 'EUR', kycVerified: false, customer: sampleCustomer }) },
  { method: 'GET', path: '/public/payout/{id}', token: 'merchant' },
  { method: 'PUT', path: '/public/payout/{id}/confirm', token: 'merchant' },
  { method: 'PUT', path: '/public/payout/{id}/reject', token: 'merchant' },
  { method: 'POST', path: '/public/payout/{id}/process/card', token: 'checkout', body: () => ({ browser, savedCardData: { cardId: 'card_x' } }) },
  { method: 'POST', path: '/public/payout/{id}/process/direct-link', token: 'checkout', body: () => ({ browser, additionalData: { methodId: 'ewallet', email: 'a@b.example' } }) },
  { method: 'GET', path: '/public/payout/{id}/methods', token: 'checkout' },
  { method: 'POST', path: '/public/cashier/session', token: 'merchant', body: () => ({ customer: sampleCustomer, returnUrls, currency: 'EUR', kycVerified: false, previousTransactionCount: (counter += 1) }) },
  { method: 'GET', path: '/public/cashier/session/{id}', token: 'merchant' },
  { method: 'PUT', path: '/public/cashier/session/{id}/balance', token: 'merchant', body: () => ({ balance: 10 }) },
  { method: 'POST', path: '/public/cashier/session/{id}/payin', token: 'checkout', body: () => ({ amount: 5 }) },
  { method: 'POST', path: '/public/cashier/session/{id}/payout', token: 'checkout', body: () => ({ value: 5 }) },
  { method: 'GET', path: '/public/cashier/session/{id}/transactions', token: 'checkout' },
  { method: 'GET', path: '/public/psp/{id}', token: 'merchant' },
  { method: 'GET', path: '/public/merchant/{id}/checkout-settings', token: 'merchant' },
];

const tokenOf = (op: Operation) => (op.token === 'merchant' ? 'sbx_demo_merchant' : 'sbx_checkout');
const unknown = (op: Operation) => op.path.replace('{id}', 'unknown_id');

beforeAll(async () => {
  await sandboxDb();
});

describe.each(OPERATIONS)('$method $path', (op) => {
  it('401 without a bearer token', async () => {
    const answer = await api(op.method, unknown(op), { token: null, body: op.body?.() });
    expect(answer.status).toBe(401);
    expect(answer.body.errorKey).toBe('UNAUTHORIZED');
  });

  if (op.path.includes('{id}')) {
    it('404 for an unknown id', async () => {
      const answer = await api(op.method, unknown(op), { token: tokenOf(op), body: op.body?.() });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ errorKey: 'NOT_FOUND', errorCode: 4041 });
    });
  }

  if (op.body) {
    it('400 for a body that is not the operation’s', async () => {
      const answer = await api(op.method, unknown(op), { token: tokenOf(op), body: { unexpected: [1, 2, 3] } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ errorKey: 'VALIDATION_ERROR', errorCode: 4001 });
    });
  }

  if (op.method === 'POST' && !op.path.includes('{id}')) {
    it('replays the first answer for the same Idempotency-Key and body', async () => {
      const key = randomUUID();
      const body = op.body!();
      const first = await api(op.method, op.path, { token: tokenOf(op), body, key });
      expect(first.status).toBe(200);
      const second = await api(op.method, op.path, { token: tokenOf(op), body, key });
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('Idempotent-Replayed')).toBe('true');
      const other = await api(op.method, op.path, { token: tokenOf(op), body: op.body!(), key });
      expect(other.status).toBe(409);
    });
  }
});

describe('replay of processing operations', () => {
  it('answers a repeated process call with the first answer, not a 409', async () => {
    const created = await api('POST', '/public/payin', { body: OPERATIONS[3]!.body!() });
    const id = created.body.paymentId;
    const key = randomUUID();
    const body = OPERATIONS[5]!.body!();
    const first = await api('POST', `/public/payin/${id}/process/card`, { token: 'sbx_checkout', body, key });
    const again = await api('POST', `/public/payin/${id}/process/card`, { token: 'sbx_checkout', body, key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });
});
