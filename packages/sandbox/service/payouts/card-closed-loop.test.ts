/**
 * Closed-loop withdrawals by card (card-closed-loop.ts; docs/design.md, "Withdrawals by card"),
 * through the sandbox's router with answers checked against the OpenAPI document: a cashier
 * withdrawal goes only to a card the customer deposited with (typed in full or saved), and the
 * saved cards offered are those; a merchant's payout goes to a deposit card once the customer has
 * paid by card, and to any card before (the amounts each card may take: card-shares.test.ts). A refusal is 403 CLOSED_LOOP naming no card, and leaves
 * the payout waiting for a destination.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { cardRequest, createTestPayin, createTestSession, depositByCard, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from '../core/store';
import { cardAllowance } from './card-closed-loop';

const browser = { javascriptEnabled: true };
const newCard = (cardNumber: string) => ({
  browser,
  cardData: { cardNumber, cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2034' },
});
const savedCard = (cardId: string) => ({ browser, savedCardData: { cardId } });

beforeAll(async () => {
  await sandboxDb();
});

describe('the rule', () => {
  it('a deposit card up to its share; another card only outside a session, any amount, for a customer who never paid by card', () => {
    const deposits = new Set(['h1']);
    expect(cardAllowance(deposits, 'h1', true)).toBe('SHARE');
    expect(cardAllowance(deposits, 'h1', false)).toBe('SHARE');
    expect(cardAllowance(deposits, 'h2', true)).toBe('NONE');
    expect(cardAllowance(deposits, 'h2', false)).toBe('NONE');
    expect(cardAllowance(new Set(), 'h2', true)).toBe('NONE');
    expect(cardAllowance(new Set(), 'h2', false)).toBe('ANY');
  });
});

describe('a cashier withdrawal by card', () => {
  it('is refused to a card never deposited with, and accepted to the deposit card', async () => {
    const { sessionId, holding } = await createTestSession(100);
    const withdraw = async () => {
      const answer = await api('POST', `/public/cashier/session/${sessionId}/payout`, {
        body: { value: 20 },
        ...holding,
        key: randomUUID(),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.payoutId as string;
    };
    const give = (payoutId: string, body: unknown) =>
      api('POST', `/public/payout/${payoutId}/process/card`, { body, ...holding, key: randomUUID() });

    // No deposit yet: no card at all.
    const first = await withdraw();
    const early = await give(first, newCard('5555555555554444'));
    expect(early.status, JSON.stringify(early.body)).toBe(403);

    // €50 paid in: two withdrawals of €20 fit in the card's share (card-shares.test.ts has the amounts).
    await depositByCard(sessionId, holding, '4242424242424242', { amount: 50, saveCard: true });
    // A card saved on a declined deposit never paid: it is not in the loop either.
    const declined = await api('POST', `/public/cashier/session/${sessionId}/payin`, {
      body: { amount: 10, method: 'card' },
      ...holding,
      key: randomUUID(),
    });
    const refusedDeposit = await api('POST', `/public/payin/${declined.body.paymentId}/process/card`, {
      body: cardRequest('4000000000000002', { saveCard: true }),
      ...holding,
      key: randomUUID(),
    });
    expect(refusedDeposit.body.status).toBe('DECLINED');

    // The attacker's card, typed in full: refused, nothing given, no card in the answer.
    const foreign = await give(first, newCard('5555555555554444'));
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ errorKey: 'CLOSED_LOOP', errorCode: 4032 });
    expect(JSON.stringify(foreign.body)).not.toMatch(/5555|4444/);
    expect((await api('GET', `/public/payout/${first}`)).body.status).toBe('CREATED');

    // Only the deposit card is offered; the declined deposit's saved card is refused by its id too.
    const payout = (await api('GET', `/public/payout/${first}`, holding)).body;
    expect(payout.savedCards.map((c: { cardMask: string }) => c.cardMask)).toEqual(['424242******4242']);
    const customerCards = (await api('GET', `/public/customer/${payout.customerId}/cards`)).body.cards as {
      cardId: string;
      cardMask: string;
    }[];
    const declinedCard = customerCards.find((c) => c.cardMask.endsWith('0002'))!;
    expect((await give(first, savedCard(declinedCard.cardId))).body.errorKey).toBe('CLOSED_LOOP');

    // The deposit card: typed in full, or saved.
    const typed = await give(first, newCard('4242424242424242'));
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body.status).toBe('WAITING_FOR_CONFIRMATION');
    const second = await withdraw();
    const saved = await give(second, savedCard(payout.savedCards[0].cardId));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});

describe('a merchant’s payout to a card', () => {
  const newPayout = async (customer: ReturnType<typeof testCustomer>) => {
    const answer = await api('POST', '/public/payout', {
      key: randomUUID(),
      body: { orderId: `cl-${randomUUID()}`, value: 15, currency: 'EUR', kycVerified: false, customer },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.payoutId as string;
  };
  const give = (payoutId: string, cardNumber: string) =>
    api('POST', `/public/payout/${payoutId}/process/card`, { body: newCard(cardNumber), key: randomUUID() });

  it('for a customer who paid by card: refused to a foreign card, accepted to the deposit card', async () => {
    const customer = testCustomer(`cl-${randomUUID()}`);
    const payinId = await createTestPayin({ overrides: { customer } });
    const paid = await api('POST', `/public/payin/${payinId}/process/card`, { body: cardRequest('4242424242424242'), key: randomUUID() });
    expect(paid.body.status).toBe('SUCCESS');
    const payoutId = await newPayout(customer);
    const foreign = await give(payoutId, '5555555555554444');
    expect(foreign.status).toBe(403);
    expect(foreign.body.errorKey).toBe('CLOSED_LOOP');
    expect((await api('GET', `/public/payout/${payoutId}`)).body.status).toBe('CREATED');
    expect((await give(payoutId, '4242424242424242')).body.status).toBe('WAITING_FOR_CONFIRMATION');
  });

  it('for a customer who never paid by card: any card', async () => {
    const customer = testCustomer(`cl-${randomUUID()}`);
    expect((await give(await newPayout(customer), '5555555555554444')).body.status).toBe('WAITING_FOR_CONFIRMATION');
  });
});
