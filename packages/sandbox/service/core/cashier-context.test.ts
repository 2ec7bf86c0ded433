/**
 * Whose money a payment of a cashier session is: every `payin.status_changed` of a deposit and
 * `payout.status_changed` of a withdrawal carries `data.cashier` (the session id, the customer's
 * externalUserId, the session's merchantReference); a payment outside a session carries none; a
 * Pay N Play session's provisional customer is never named. Read from the outbox as it will be
 * sent (the signed body), checked against the contract's PaymentEvent.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cashierSessions, merchants, webhookDeliveries } from '@sandbox/db/schema';
import { PaymentEvent } from '@hosted-checkout/contract/events';
import { contractCall as api, pagesHolding } from '@sandbox/testing/sandbox-http';
import {
  cardRequest,
  createTestPayin,
  depositByCard,
  payOutWithdrawal,
  RETURN_URLS,
  testCustomer,
} from '@sandbox/testing/sandbox-fixtures';
import { createProvisionalCustomer } from '../cashier/pay-n-play';
import { cashierEventContext } from './cashier-context';
import { sandboxDb } from './store';

const TOKEN = 'sbx_demo_merchant';

beforeAll(async () => {
  const db = await sandboxDb();
  // Events are queued only for a merchant with a webhook URL; no worker runs here, so none is sent.
  await db.update(merchants).set({ webhookUrl: 'https://merchant.example/hooks' }).where(eq(merchants.token, TOKEN));
});

/** The bodies of the events queued for transaction `id`, oldest first, each checked against the contract. */
async function eventsOf(id: string): Promise<PaymentEvent[]> {
  const db = await sandboxDb();
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.transactionId, id))
    .orderBy(webhookDeliveries.createdAt);
  return rows.map((row) => {
    const body = JSON.parse(row.body) as PaymentEvent;
    expect(PaymentEvent.parse(body)).toEqual(body);
    return body;
  });
}

/** A EUR session of customer `externalUserId` with a balance of 100, opened by a test browser. */
async function openSession(externalUserId: string, merchantReference?: string) {
  const answer = await api('POST', '/public/cashier/session', {
    token: TOKEN,
    body: {
      customer: testCustomer(externalUserId),
      returnUrls: RETURN_URLS,
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
      balance: 100,
      ...(merchantReference === undefined ? {} : { merchantReference }),
    },
    key: randomUUID(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { sessionId: answer.body.sessionId as string, holding: await pagesHolding(answer.body.checkoutUrl as string) };
}

describe('events of a cashier session say whose money it is', () => {
  it("a deposit's and a withdrawal's every event carry the session, the customer and the merchant's reference", async () => {
    const player = `player-${randomUUID()}`;
    const { sessionId, holding } = await openSession(player, 'visit-2026-0042');
    const cashier = { sessionId, externalUserId: player, merchantReference: 'visit-2026-0042' };

    const payinId = await depositByCard(sessionId, holding, '4242424242424242', { amount: 25 });
    const deposit = await eventsOf(payinId);
    // 4242 4242 4242 4242 pays at once: the deposit's one event is the paid one, the one to credit on.
    expect(deposit.map((e) => [e.type, e.data.previousStatus, e.data.object.status])).toEqual([
      ['payin.status_changed', 'CREATED', 'SUCCESS'],
    ]);
    for (const event of deposit) expect(event.data.cashier).toEqual(cashier);

    const created = await api('POST', `/public/cashier/session/${sessionId}/payout`, {
      body: { value: 20 },
      ...holding,
      key: randomUUID(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const payoutId = created.body.payoutId as string;
    await payOutWithdrawal(await sandboxDb(), payoutId, holding, TOKEN);
    const withdrawal = await eventsOf(payoutId);
    expect(withdrawal.map((e) => e.data.object.status)).toEqual(['WAITING_FOR_CONFIRMATION', 'PENDING', 'PROCESSED']);
    for (const event of withdrawal) {
      expect(event.type).toBe('payout.status_changed');
      expect(event.data.cashier).toEqual(cashier);
    }
  });

  it('a session created without a reference carries none', async () => {
    const player = `player-${randomUUID()}`;
    const { sessionId, holding } = await openSession(player);
    const payinId = await depositByCard(sessionId, holding);
    for (const event of await eventsOf(payinId)) expect(event.data.cashier).toEqual({ sessionId, externalUserId: player });
  });

  it('a pay-in outside a session carries no cashier object', async () => {
    const payinId = await createTestPayin({ token: TOKEN });
    const paid = await api('POST', `/public/payin/${payinId}/process/card`, {
      body: cardRequest('4242424242424242'),
      token: 'sbx_checkout',
    });
    expect(paid.body.status).toBe('SUCCESS');
    const events = await eventsOf(payinId);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event.data).not.toHaveProperty('cashier');
  });

  it('refuses a blank reference or one over 128 characters (400), and keeps one of 128', async () => {
    for (const merchantReference of ['   ', 'r'.repeat(129)]) {
      const answer = await api('POST', '/public/cashier/session', {
        token: TOKEN,
        body: {
          customer: testCustomer(),
          returnUrls: RETURN_URLS,
          currency: 'EUR',
          kycVerified: false,
          previousTransactionCount: 0,
          merchantReference,
        },
        key: randomUUID(),
      });
      expect(answer.status, merchantReference).toBe(400);
    }
    const { sessionId } = await openSession(`player-${randomUUID()}`, 'r'.repeat(128));
    const db = await sandboxDb();
    const [row] = await db.select().from(cashierSessions).where(eq(cashierSessions.id, sessionId));
    expect(row?.merchantReference).toBe('r'.repeat(128));
  });

  it("never names a Pay N Play session's provisional customer", async () => {
    const db = await sandboxDb();
    const { sessionId } = await openSession(`player-${randomUUID()}`, 'pnp-visit');
    const customerId = await createProvisionalCustomer(db, 'merchant-demo', sessionId);
    expect(await cashierEventContext(db, { sessionId, customerId })).toEqual({ sessionId, merchantReference: 'pnp-visit' });
    expect(await cashierEventContext(db, { sessionId: null, customerId })).toBeNull();
  });
});
