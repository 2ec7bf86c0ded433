/**
 * A cashier withdrawal waiting for its destination (CREATED: no card or account given yet), through
 * the router with answers checked against the OpenAPI document: its holder drops it
 * (`PUT /public/payout/{id}/cancel`) whatever the merchant's cancel rule, once or twice with the
 * same answer, never once its destination is given or it is on its way, never by another browser
 * or the merchant; and the worker releases it at the merchant's `withdrawalDestinationMinutes`
 * (a fake clock), each with its `payout.status_changed`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '@sandbox/db/schema';
import { webhookDeliveries } from '@sandbox/db/schema-records';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';
import { createTestSession, depositByCard } from '@sandbox/testing/sandbox-fixtures';
import { receiveWebhooks } from '@sandbox/testing/webhook-receiver';
import { sandboxDb } from '../core/store';
import { runSandboxWorkerOnce } from '../worker';
import { DEFAULT_WITHDRAWAL_DESTINATION_MINUTES } from './withdrawal-expiry';

/** The demo merchant: customers may not cancel a withdrawal whose destination is given (`withdrawalCancel` off). */
const DEMO = 'sbx_demo_merchant';
/** Another merchant, for its own `withdrawalDestinationMinutes`. */
const OTHER = 'sbx_other_merchant';
const MINUTE = 60_000;

receiveWebhooks(DEMO);
receiveWebhooks(OTHER);

beforeAll(async () => {
  await sandboxDb();
});

type Holding = Awaited<ReturnType<typeof createTestSession>>['holding'];

const withdraw = async (sessionId: string, holding: Holding, value: number) => {
  const answer = await api('POST', `/public/cashier/session/${sessionId}/payout`, {
    body: { value, method: 'card' },
    ...holding,
    key: randomUUID(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.status).toBe('CREATED');
  return answer.body.payoutId as string;
};
const cancel = (payoutId: string, holding: Pick<Holding, 'token' | 'headers'>) =>
  api('PUT', `/public/payout/${payoutId}/cancel`, { ...holding });
const figures = async (sessionId: string, holding: Holding) => {
  const body = (await api('GET', `/public/cashier/session/${sessionId}`, { ...holding })).body;
  return { balance: body.balance as number, reserved: body.reserved as number, available: body.available as number };
};
const payoutOf = async (payoutId: string, token = DEMO) => (await api('GET', `/public/payout/${payoutId}`, { token })).body;

/** The `payout.status_changed` events queued for `payoutId`, oldest first, as sent. */
async function eventsOf(payoutId: string) {
  const db = await sandboxDb();
  const rows = await db
    .select({ body: webhookDeliveries.body, createdAt: webhookDeliveries.createdAt })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.transactionId, payoutId), eq(webhookDeliveries.eventType, 'payout.status_changed')));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((row) => JSON.parse(row.body) as { type: string; data: { object: Record<string, unknown>; previousStatus: string } });
}

/** Gives the withdrawal its destination (4242, deposited with first): WAITING_FOR_CONFIRMATION. */
async function giveCard(payoutId: string, holding: Holding) {
  const given = await api('POST', `/public/payout/${payoutId}/process/card`, {
    ...holding,
    key: randomUUID(),
    body: {
      browser: { javascriptEnabled: true },
      cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2031' },
    },
  });
  expect(given.body.status, JSON.stringify(given.body)).toBe('WAITING_FOR_CONFIRMATION');
}

describe('dropping a withdrawal waiting for its destination', () => {
  it('by its holder: REJECTED CUSTOMER_CANCELLED, the reservation released, even where a given withdrawal may not be cancelled', async () => {
    const { sessionId, holding } = await createTestSession(100);
    const payoutId = await withdraw(sessionId, holding, 20);
    expect(await figures(sessionId, holding)).toEqual({ balance: 100, reserved: 20, available: 80 });

    const answer = await cancel(payoutId, holding);
    expect(answer.status, JSON.stringify(answer.body)).toBe(204);
    expect(await figures(sessionId, holding)).toEqual({ balance: 100, reserved: 0, available: 100 });
    expect(await payoutOf(payoutId)).toMatchObject({
      status: 'REJECTED',
      statusReason: { detailedStatus: 'CUSTOMER_CANCELLED', status: 'REJECTED' },
    });
    // Its event carries the payout as the other payout events do, and the status it left.
    const [event, ...more] = await eventsOf(payoutId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'payout.status_changed',
      data: { previousStatus: 'CREATED', object: { id: payoutId, status: 'REJECTED', value: 20, currency: 'EUR' } },
    });
  });

  it('twice: the same answer, nothing changed and no second event', async () => {
    const { sessionId, holding } = await createTestSession(100);
    const payoutId = await withdraw(sessionId, holding, 30);
    expect((await cancel(payoutId, holding)).status).toBe(204);
    const before = await payoutOf(payoutId);
    expect((await cancel(payoutId, holding)).status).toBe(204);
    expect(await payoutOf(payoutId)).toEqual(before);
    expect(await figures(sessionId, holding)).toMatchObject({ reserved: 0, available: 100 });
    expect(await eventsOf(payoutId)).toHaveLength(1);
  });

  it('is refused once the destination is given (403) or the withdrawal is on its way (409), with a clear message', async () => {
    const { sessionId, holding } = await createTestSession(100);
    await depositByCard(sessionId, holding, '4242424242424242', { amount: 50 });
    const payoutId = await withdraw(sessionId, holding, 20);
    await giveCard(payoutId, holding);
    const given = await cancel(payoutId, holding);
    expect(given.status).toBe(403);
    expect(given.body.errorMessage).toContain('already has its destination');
    expect((await payoutOf(payoutId)).status).toBe('WAITING_FOR_CONFIRMATION');

    expect((await api('PUT', `/public/payout/${payoutId}/confirm`, { token: DEMO })).status).toBe(204);
    const sending = await cancel(payoutId, holding);
    expect(sending.status).toBe(409);
    expect(sending.body).toMatchObject({ errorKey: 'INVALID_STATE', errorMessage: expect.stringContaining('being sent') });
    expect((await payoutOf(payoutId)).status).toBe('PENDING');
    expect(await figures(sessionId, holding)).toMatchObject({ reserved: 20 });
  });

  it("is refused to anyone but the session's holder: another browser, the merchant", async () => {
    const { sessionId, holding } = await createTestSession(100);
    const payoutId = await withdraw(sessionId, holding, 20);
    const stranger = testBrowser();
    expect((await cancel(payoutId, stranger.pages)).status).toBe(403);
    expect((await api('PUT', `/public/payout/${payoutId}/cancel`, { token: DEMO })).status).toBe(403);
    expect((await api('PUT', `/public/payout/${payoutId}/cancel`, { token: OTHER })).status).toBe(403);
    expect((await payoutOf(payoutId)).status).toBe('CREATED');
    expect(await figures(sessionId, holding)).toMatchObject({ reserved: 20, available: 80 });
  });
});

describe("releasing a withdrawal left without its destination, at the merchant's time", () => {
  /** Sets the merchant OTHER's `withdrawalDestinationMinutes` through the API (the whole settings, changed). */
  const setMinutes = async (minutes: number) => {
    const path = '/public/merchant/merchant-other/checkout-settings';
    const settings = (await api('GET', path, { token: OTHER })).body;
    return api('PUT', path, { token: OTHER, body: { ...settings, withdrawalDestinationMinutes: minutes } });
  };

  it('takes 5 to 1440 minutes; anything else is 400', async () => {
    for (const bad of [4, 1441, 7.5, 0]) expect((await setMinutes(bad)).status, String(bad)).toBe(400);
    expect((await setMinutes(10)).status).toBe(200);
  });

  it('releases it at the merchant’s minutes, not before: REJECTED TRANSACTION_TIMEOUT, available back, its event sent', async () => {
    expect((await setMinutes(10)).status).toBe(200);
    const { sessionId, holding } = await createTestSession(100, OTHER);
    const start = Date.now();
    const payoutId = await withdraw(sessionId, holding, 25);
    const db = await sandboxDb();

    await runSandboxWorkerOnce(db, new Date(start + 9 * MINUTE));
    expect((await payoutOf(payoutId, OTHER)).status).toBe('CREATED');
    expect(await figures(sessionId, holding)).toMatchObject({ reserved: 25, available: 75 });
    expect(await eventsOf(payoutId)).toEqual([]);

    await runSandboxWorkerOnce(db, new Date(Date.now() + 10 * MINUTE + 1_000));
    expect(await payoutOf(payoutId, OTHER)).toMatchObject({
      status: 'REJECTED',
      statusReason: { detailedStatus: 'TRANSACTION_TIMEOUT', status: 'REJECTED' },
    });
    expect(await figures(sessionId, holding)).toMatchObject({ reserved: 0, available: 100 });
    const [event] = await eventsOf(payoutId);
    expect(event).toMatchObject({
      type: 'payout.status_changed',
      data: { previousStatus: 'CREATED', object: { id: payoutId, status: 'REJECTED', value: 25 } },
    });
    // Released, it is no longer the customer's to cancel.
    expect((await cancel(payoutId, holding)).body).toMatchObject({
      errorKey: 'INVALID_STATE',
      errorMessage: expect.stringContaining('released'),
    });
  });

  it(`waits ${DEFAULT_WITHDRAWAL_DESTINATION_MINUTES} minutes where the merchant sets none, and never once the destination is given`, async () => {
    const { sessionId, holding } = await createTestSession(100);
    await depositByCard(sessionId, holding, '4242424242424242', { amount: 50 });
    const start = Date.now();
    const left = await withdraw(sessionId, holding, 10);
    const given = await withdraw(sessionId, holding, 20);
    await giveCard(given, holding);
    const db = await sandboxDb();
    const [row] = await db.select({ pendingUntil: payouts.pendingUntil }).from(payouts).where(eq(payouts.id, left));
    const deadline = row?.pendingUntil?.getTime() ?? 0;
    expect(deadline - start).toBeGreaterThanOrEqual(DEFAULT_WITHDRAWAL_DESTINATION_MINUTES * MINUTE);
    expect(deadline - Date.now()).toBeLessThanOrEqual(DEFAULT_WITHDRAWAL_DESTINATION_MINUTES * MINUTE);

    await runSandboxWorkerOnce(db, new Date(Date.now() + (DEFAULT_WITHDRAWAL_DESTINATION_MINUTES + 1) * MINUTE));
    expect((await payoutOf(left)).status).toBe('REJECTED');
    expect((await payoutOf(given)).status).toBe('WAITING_FOR_CONFIRMATION');
    expect(await figures(sessionId, holding)).toMatchObject({ balance: 100, reserved: 20, available: 80 });
  });

  it('leaves one the merchant rejected first as it is: its time ends with it, the worker goes on', async () => {
    const { sessionId, holding } = await createTestSession(100);
    const payoutId = await withdraw(sessionId, holding, 10);
    expect((await api('PUT', `/public/payout/${payoutId}/reject`, { token: DEMO })).status).toBe(204);
    await runSandboxWorkerOnce(await sandboxDb(), new Date(Date.now() + (DEFAULT_WITHDRAWAL_DESTINATION_MINUTES + 1) * MINUTE));
    const payout = await payoutOf(payoutId);
    expect(payout.status).toBe('REJECTED');
    expect(payout.statusReason).toBeUndefined();
    expect(await eventsOf(payoutId)).toHaveLength(1);
  });
});
