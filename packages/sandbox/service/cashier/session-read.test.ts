/**
 * The session read without its history (docs/design.md, E9): `?transactions=open` lists only the
 * session's transactions not final, what the cashier page and its actions need; the default lists
 * them all, as GET …/transactions does; any other value is 400.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api, pagesHolding } from '@sandbox/testing/sandbox-http';
import { RETURN_URLS as returnUrls, testCustomer as customer } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from '../core/store';

beforeAll(async () => {
  await sandboxDb();
});

describe('the session read with its open transactions only', () => {
  it('leaves the final transactions out with ?transactions=open', async () => {
    const created = await api('POST', '/public/cashier/session', {
      body: { customer: customer(), returnUrls, currency: 'EUR', kycVerified: false, previousTransactionCount: 1, balance: 100 },
    });
    expect(created.status).toBe(200);
    const id = created.body.sessionId as string;
    const holder = await pagesHolding(created.body.checkoutUrl);
    const payin = await api('POST', `/public/cashier/session/${id}/payin`, { body: { amount: 10 }, ...holder, key: randomUUID() });
    const rejected = await api('POST', `/public/cashier/session/${id}/payout`, { body: { value: 5 }, ...holder, key: randomUUID() });
    const pending = await api('POST', `/public/cashier/session/${id}/payout`, { body: { value: 7 }, ...holder, key: randomUUID() });
    expect([payin.status, rejected.status, pending.status]).toEqual([200, 200, 200]);
    expect((await api('PUT', `/public/payout/${rejected.body.payoutId}/reject`, {})).status).toBe(204);

    const ids = (answer: { body: { transactions: { id: string }[] } }) => answer.body.transactions.map((t) => t.id).sort();
    const all = await api('GET', `/public/cashier/session/${id}`, { ...holder });
    expect(ids(all)).toEqual([payin.body.paymentId, rejected.body.payoutId, pending.body.payoutId].sort());
    const open = await api('GET', `/public/cashier/session/${id}?transactions=open`, { ...holder });
    expect(open.status).toBe(200);
    expect(ids(open)).toEqual([payin.body.paymentId, pending.body.payoutId].sort());
    // The rest of the answer is the same read.
    expect({ ...open.body, transactions: [] }).toEqual({ ...all.body, transactions: [] });
    expect((await api('GET', `/public/cashier/session/${id}?transactions=all`, { ...holder })).body.transactions).toEqual(
      all.body.transactions,
    );
    expect((await api('GET', `/public/cashier/session/${id}?transactions=some`, { ...holder })).status).toBe(400);
  });
});
