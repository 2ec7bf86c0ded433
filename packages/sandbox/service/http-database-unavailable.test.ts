/**
 * A transaction the database could not run (a failover: the connection was lost, the server is
 * going away) is answered 503 SERVICE_UNAVAILABLE with Retry-After, which every client reads as
 * "send the same request again with the same Idempotency-Key"; and the same request sent again
 * then has its one effect. Any other failure stays 500 INTERNAL_ERROR.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import sampleCustomer from './sample-customer.json';
import { handleSandboxRequest } from './http';
import { sandboxDb } from './core/store';
import type { Db } from '@sandbox/db/client';

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
}, 120_000);
afterEach(() => vi.restoreAllMocks());

/** The merchant's create call: the same key and order make the same request (one customer per order). */
const createPayin = (key: string, orderId: string) =>
  handleSandboxRequest(
    new Request('http://localhost/sandbox/api/public/payin', {
      method: 'POST',
      headers: { Authorization: 'Bearer sbx_demo_merchant', 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({
        orderId,
        amount: 12,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        customer: { ...sampleCustomer, externalUserId: `c-${orderId}` },
        returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
      }),
    }),
  );

/** What drizzle throws when node-postgres lost the connection under a statement. */
const lostConnection = () =>
  Object.assign(new Error('Failed query: begin'), {
    cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  });

describe('the database unavailable for a moment', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After; the same request again has its one effect', async () => {
    const key = randomUUID();
    const orderId = `order-${randomUUID()}`;
    vi.spyOn(db, 'transaction').mockRejectedValueOnce(lostConnection());
    const refused = await createPayin(key, orderId);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ errorKey: 'SERVICE_UNAVAILABLE', errorCode: 5031 });

    const created = await createPayin(key, orderId);
    expect(created.status).toBe(200);
    const again = await createPayin(key, orderId);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).paymentId).toBe((await created.json()).paymentId);
  });

  it('any other failure is still 500 INTERNAL_ERROR', async () => {
    vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('boom'));
    const failed = await createPayin(randomUUID(), `order-${randomUUID()}`);
    expect(failed.status).toBe(500);
    expect((await failed.json()).errorKey).toBe('INTERNAL_ERROR');
  });
});
