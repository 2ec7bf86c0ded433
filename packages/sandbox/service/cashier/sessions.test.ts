/**
 * Cashier sessions through the sandbox's router (route handlers in process): create (the address
 * opens the cashier once, by its launch secret), fetch, the balance, transactions newest first, the
 * available balance held by withdrawals in progress; an expired session; a currency not enabled and
 * the checkout's token refused. Every answer validated against the generated OpenAPI document by a standard validator
 * (packages/sandbox/testing/sandbox-http.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cashierSessions } from '@sandbox/db/schema';
import { contractCall as api, pagesHolding } from '@sandbox/testing/sandbox-http';
import { RETURN_URLS as returnUrls, testCustomer as customer } from '@sandbox/testing/sandbox-fixtures';
import { payinSample } from '@sandbox/testing/operation-samples';
import { sandboxDb } from '../core/store';

const OTHER = 'sbx_other_merchant';
const CHECKOUT = 'sbx_checkout';

beforeAll(async () => {
  await sandboxDb();
});

describe('cashier sessions', () => {
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
    // The address opens the cashier once, by its launch secret.
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
    // 75.25 − 20 reserved by the withdrawal in progress: 60 is above the available 55.25.
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
    // The session answer carries the same list: the cashier reads the session once.
    expect((await api('GET', `/public/cashier/session/${id}`, { ...holder })).body.transactions).toEqual(list.body.transactions);
  });

  it("a deposit's and a withdrawal's reads name their session: their orderId is the service's, not the merchant's", async () => {
    const { id, holder } = await newSession(50);
    const payin = await api('POST', `/public/cashier/session/${id}/payin`, { body: { amount: 10 }, ...holder, key: randomUUID() });
    const payout = await api('POST', `/public/cashier/session/${id}/payout`, { body: { value: 20 }, ...holder });
    const payinRead = await api('GET', `/public/payin/${payin.body.paymentId}`, { token: CHECKOUT });
    expect(payinRead.body).toMatchObject({ sessionId: id, orderId: expect.stringMatching(new RegExp(`^${id}-`)) });
    expect((await api('GET', `/public/payout/${payout.body.payoutId}`)).body.sessionId).toBe(id);
    // A pay-in the merchant made outside a session names none.
    const own = await api('POST', '/public/payin', { body: payinSample(), key: randomUUID() });
    expect((await api('GET', `/public/payin/${own.body.paymentId}`)).body).not.toHaveProperty('sessionId');
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
