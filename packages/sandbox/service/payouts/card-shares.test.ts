/**
 * Return to source with an amount (card-shares.ts, card-closed-loop.ts; docs/design.md,
 * "Withdrawals by card (closed loop)"), through the sandbox's router with answers checked against
 * the OpenAPI document: a card receives back at most what it paid in to the customer, less refunds
 * and what it already received (payouts on their way included, rejected ones not), also when
 * withdrawals race; the session read tells the cashier that most; a stranger's card saved on the
 * customer's pay-in is offered with its holder's name, only for what it paid in.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { cardRequest, createTestSession, depositByCard, RETURN_URLS, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from '../core/store';
import { refundPayin } from '../payins/payin-decisions';
import { shareMinor } from './card-shares';

const browser = { javascriptEnabled: true };
const card4242 = {
  browser,
  cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2034' },
};

beforeAll(async () => {
  await sandboxDb();
});

type Session = Awaited<ReturnType<typeof createTestSession>>;

/** A withdrawal of `value` EUR in the session, by the session's browser: its payout id. */
async function withdraw({ sessionId, holding }: Session, value: number): Promise<string> {
  const answer = await api('POST', `/public/cashier/session/${sessionId}/payout`, { body: { value }, ...holding, key: randomUUID() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payoutId as string;
}

/** Gives payout `payoutId` the card `body` by the session's browser: the raw answer. */
const give = ({ holding }: Session, payoutId: string, body: unknown = card4242) =>
  api('POST', `/public/payout/${payoutId}/process/card`, { body, ...holding, key: randomUUID() });

/** The session's `cardWithdrawalMax` (major units), as the cashier reads it. */
const cardMax = async (session: Session) =>
  (await api('GET', `/public/cashier/session/${session.sessionId}`, session.holding)).body.cardWithdrawalMax as number;

describe('the share', () => {
  it('is what was paid in less what was received, across currencies at the rates, never below 0', () => {
    const rates = { EUR: 1, GBP: 1.17 };
    expect(shareMinor([{ currency: 'EUR', paidInMinor: 1000, receivedMinor: 400 }], 'EUR', rates)).toBe(600);
    expect(shareMinor([{ currency: 'EUR', paidInMinor: 1000, receivedMinor: 1200 }], 'EUR', rates)).toBe(0);
    // £10 paid in is €11.70; €5 received leaves €6.70.
    const mixed = [
      { currency: 'GBP', paidInMinor: 1000, receivedMinor: 0 },
      { currency: 'EUR', paidInMinor: 0, receivedMinor: 500 },
    ];
    expect(shareMinor(mixed, 'EUR', rates)).toBe(670);
    // A pay-in in a currency without a rate is left out; a payout in one leaves nothing.
    expect(shareMinor([...mixed, { currency: 'XYZ', paidInMinor: 9000, receivedMinor: 0 }], 'EUR', rates)).toBe(670);
    expect(shareMinor([...mixed, { currency: 'XYZ', paidInMinor: 0, receivedMinor: 1 }], 'EUR', rates)).toBe(0);
    expect(shareMinor(undefined, 'EUR', rates)).toBe(0);
  });
});

describe('a card withdrawal takes at most what the card paid in', () => {
  it('€10 paid in, €100 balance: €99 refused stating the €10, €10 accepted, then €1 refused', async () => {
    const session = await createTestSession(100);
    await depositByCard(session.sessionId, session.holding, '4242424242424242', { amount: 10 });
    expect(await cardMax(session)).toBe(10);

    const big = await withdraw(session, 99);
    const refused = await give(session, big);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body).toMatchObject({ errorKey: 'CLOSED_LOOP', errorCode: 4032 });
    expect(refused.body.errorMessage).toContain('at most 10.00 EUR');
    expect(JSON.stringify(refused.body)).not.toMatch(/4242/);
    expect((await api('GET', `/public/payout/${big}`)).body.status).toBe('CREATED');
    // The merchant rejects it: its reservation ends (the €10 below fits the balance again).
    expect((await api('PUT', `/public/payout/${big}/reject`)).status).toBe(204);

    const ten = await withdraw(session, 10);
    const accepted = await give(session, ten);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.status).toBe('WAITING_FOR_CONFIRMATION');
    expect(await cardMax(session)).toBe(0);

    const one = await withdraw(session, 1);
    const again = await give(session, one);
    expect(again.status).toBe(403);
    expect(again.body.errorMessage).toContain('at most 0.00 EUR');
    // A deposit card with nothing left is not offered either.
    expect((await api('GET', `/public/payout/${one}`, session.holding)).body.savedCards).toEqual([]);
  });

  it('a refund shrinks the share by what was refunded; a rejected withdrawal frees its part', async () => {
    const session = await createTestSession(100);
    const payinId = await depositByCard(session.sessionId, session.holding, '4242424242424242', { amount: 10 });
    const db = await sandboxDb();
    await db.transaction((tx) => refundPayin(tx, { role: 'merchant', merchantId: 'merchant-demo' }, payinId, 4));
    expect(await cardMax(session)).toBe(6);

    const seven = await withdraw(session, 7);
    const refused = await give(session, seven);
    expect(refused.status).toBe(403);
    expect(refused.body.errorMessage).toContain('at most 6.00 EUR');
    await api('PUT', `/public/payout/${seven}/reject`);

    const six = await withdraw(session, 6);
    expect((await give(session, six)).status).toBe(200);
    expect(await cardMax(session)).toBe(0);
    // Rejected by the merchant (WAITING_FOR_CONFIRMATION → REJECTED): its €6 is the card's again.
    expect((await api('PUT', `/public/payout/${six}/reject`)).status).toBe(204);
    expect(await cardMax(session)).toBe(6);
  });

  it('parallel withdrawals to the same card never take more than its share together', async () => {
    const session = await createTestSession(100);
    await depositByCard(session.sessionId, session.holding, '4242424242424242', { amount: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await withdraw(session, 4));
    const answers = await Promise.all(ids.map((id) => give(session, id)));
    const statuses = answers.map((a) => a.status).sort();
    // €4 + €4 fit in €10; a third €4 would make €12.
    expect(statuses).toEqual([200, 200, 403, 403]);
    expect(await cardMax(session)).toBe(2);
  });
});

describe('a stranger’s card saved on the customer’s plain pay-in', () => {
  it('is offered with its holder’s name, only for a withdrawal within what it paid in', async () => {
    const session = await createTestSession(100);
    const { customer } = (await api('GET', `/public/cashier/session/${session.sessionId}`, session.holding)).body;
    // The merchant's plain pay-in for the customer, paid by someone else who saves their card.
    const created = await api('POST', '/public/payin', {
      body: {
        orderId: `stranger-${randomUUID()}`,
        amount: 10,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        customer: testCustomer(customer.externalUserId),
        returnUrls: RETURN_URLS,
      },
      key: randomUUID(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paid = await api('POST', `/public/payin/${created.body.paymentId}/process/card`, {
      body: cardRequest('5555555555554444', { holder: 'Eve Stranger', saveCard: true }),
      key: randomUUID(),
    });
    expect(paid.body.status).toBe('SUCCESS');

    // Above what it paid in: not offered, and refused typed in full.
    const thirty = await withdraw(session, 30);
    expect((await api('GET', `/public/payout/${thirty}`, session.holding)).body.savedCards).toEqual([]);
    const typed = await give(session, thirty, { browser, cardData: { ...card4242.cardData, cardNumber: '5555555555554444' } });
    expect(typed.status).toBe(403);
    expect(typed.body.errorMessage).toContain('at most 10.00 EUR');
    await api('PUT', `/public/payout/${thirty}/reject`);

    // Within it: offered, with the name on it, so the customer sees whose card it is.
    const ten = await withdraw(session, 10);
    const offered = (await api('GET', `/public/payout/${ten}`, session.holding)).body.savedCards;
    expect(offered).toEqual([expect.objectContaining({ cardMask: '555555******4444', cardHolderName: 'Eve Stranger' })]);
  });
});
