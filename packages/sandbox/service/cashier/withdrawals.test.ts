/**
 * Withdrawals reserve the session balance: parallel withdrawals of the whole balance
 * create exactly one payout; a rejected or failed one releases its reservation; a processed one
 * leaves the balance. Through the sandbox's router, answers checked against the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api, pagesHolding } from '@sandbox/testing/sandbox-http';
import { settleDuePayouts } from '../payouts/payouts';
import { createTestSession, depositByCard, recordDepositCard } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from '../core/store';

/** Each session's holder: the pages' credential with the proof of the browser that opened it. */
const holders = new Map<string, Awaited<ReturnType<typeof pagesHolding>>>();
const as = (sessionId: string) => holders.get(sessionId)!;
const browser = { javascriptEnabled: true };
const destination = (cardNumber = '4242424242424242') => ({
  browser,
  cardData: { cardNumber, cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2031' },
});

/** A session with `balance` whose customer has deposited as much with 4242 4242 4242 4242 (the closed loop's card, its share that balance). */
async function newSession(balance: number) {
  const { sessionId, holding } = await createTestSession(balance);
  holders.set(sessionId, holding);
  await depositByCard(sessionId, holding, '4242424242424242', { amount: balance });
  return sessionId;
}
const session = async (id: string) => (await api('GET', `/public/cashier/session/${id}`, { ...as(id) })).body;
const withdraw = (id: string, value: number) =>
  api('POST', `/public/cashier/session/${id}/payout`, { body: { value }, ...as(id), key: randomUUID() });

beforeAll(async () => {
  await sandboxDb();
});

describe('withdrawals reserve the balance', () => {
  it('ten parallel withdrawals of the whole balance create exactly one payout; available is then 0', async () => {
    const id = await newSession(100);
    const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw(id, 100)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.errorKey === 'INSUFFICIENT_BALANCE')).toHaveLength(9);
    expect(await session(id)).toMatchObject({ balance: 100, reserved: 100, available: 0 });
    const list = await api('GET', `/public/cashier/session/${id}/transactions`, { ...as(id) });
    expect(list.body.transactions.filter((t: { kind: string }) => t.kind === 'payout')).toHaveLength(1);
  });

  it('a withdrawal with its destination still holds its amount; a rejected one releases it', async () => {
    const id = await newSession(100);
    const first = await withdraw(id, 60);
    expect(
      (await api('POST', `/public/payout/${first.body.payoutId}/process/card`, { body: destination(), ...as(id), key: randomUUID() })).body
        .status,
    ).toBe('WAITING_FOR_CONFIRMATION');
    expect((await withdraw(id, 50)).status).toBe(409);
    expect((await api('PUT', `/public/payout/${first.body.payoutId}/reject`)).status).toBe(204);
    expect(await session(id)).toMatchObject({ balance: 100, reserved: 0, available: 100 });
    expect((await withdraw(id, 50)).status).toBe(200);
  });

  it('a processed withdrawal leaves the balance; a failed one releases its amount', async () => {
    const id = await newSession(100);
    const paid = await withdraw(id, 30);
    await api('POST', `/public/payout/${paid.body.payoutId}/process/card`, { body: destination(), ...as(id), key: randomUUID() });
    expect((await api('PUT', `/public/payout/${paid.body.payoutId}/confirm`)).status).toBe(204);
    // 4000 0000 0000 0119 fails a payout but never pays a deposit: recorded as a deposit card of the customer.
    await recordDepositCard(await sandboxDb(), await depositByCard(id, as(id), '4111111111111111', { amount: 20 }), '4000000000000119');
    const failing = await withdraw(id, 20);
    await api('POST', `/public/payout/${failing.body.payoutId}/process/card`, {
      body: destination('4000000000000119'),
      ...as(id),
      key: randomUUID(),
    });
    expect((await api('PUT', `/public/payout/${failing.body.payoutId}/confirm`)).status).toBe(204);
    expect(await session(id)).toMatchObject({ balance: 100, reserved: 50, available: 50 });

    const db = await sandboxDb();
    await db.transaction((tx) => settleDuePayouts(tx, new Date(Date.now() + 60_000)));
    expect((await api('GET', `/public/payout/${paid.body.payoutId}`)).body.status).toBe('PROCESSED');
    expect((await api('GET', `/public/payout/${failing.body.payoutId}`)).body.status).toBe('FAILED');
    expect(await session(id)).toMatchObject({ balance: 70, reserved: 0, available: 70 });
  });
});
