/**
 * The payout deadline of a cashier withdrawal under SPA/MF (payout-deadline.ts; docs/design.md,
 * section 8; Portaria SPA/MF 615/2024, article not confirmed): a customer billed in Brazil at the
 * regulated merchant has `payoutDueAt` = request + 120 minutes on the payout and in the session's
 * transactions; the worker (a fake clock) sends `payout.deadline_approaching` with 30 minutes left
 * and `payout.deadline_passed` at the deadline, each once, while the withdrawal is not final
 * (waiting for the merchant's confirmation included); nothing for a customer billed elsewhere or
 * at a merchant without the licence; and the gauge of those past their deadline.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { payouts } from '@sandbox/db/schema';
import { webhookDeliveries } from '@sandbox/db/schema-records';
import { PayoutDeadlineEvent } from '@hosted-checkout/contract/payout-deadline-events';
import { metrics } from '@hosted-checkout/runtime/metrics/registry';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';
import { openCashierSession } from '@sandbox/testing/cashier-calls';
import { receiveWebhooks } from '@sandbox/testing/webhook-receiver';
import { sandboxDb } from '../core/store';
import { runSandboxWorkerOnce } from '../worker';
import { countPayoutsPastDeadline, PAST_DEADLINE_COUNT_MS, payoutsPastDeadline } from './payout-deadline';

const REGULATED = 'sbx_regulated_merchant';
const DEMO = 'sbx_demo_merchant';
const MINUTE = 60_000;
const browser = testBrowser();

receiveWebhooks(REGULATED);
receiveWebhooks(DEMO);

afterEach(() => {
  delete process.env.SANDBOX_PAYOUT_DEADLINE_MINUTES;
});

/** A withdrawal of 20 in a new BRL session (EUR where the merchant has no BRL PSP for it) of a customer billed in `country`. */
async function withdrawal(country: string, token = REGULATED) {
  const sessionId = await openCashierSession(browser, { token, country, currency: 'BRL', balance: 500 });
  const answer = await api('POST', `/public/cashier/session/${sessionId}/payout`, {
    body: { value: 20 },
    ...browser.pages,
    key: randomUUID(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const payoutId = answer.body.payoutId as string;
  return { sessionId, payoutId, payout: await payoutOf(payoutId, token) };
}

const payoutOf = async (payoutId: string, token = REGULATED) => {
  const answer = await api('GET', `/public/payout/${payoutId}`, { token });
  expect(answer.status).toBe(200);
  return answer.body as { status: string; createdAt: string; payoutDueAt?: string };
};

/** Its destination given (as payouts.ts's detailsGiven does without payoutAutoConfirm): it waits for the merchant's confirmation. */
async function awaitConfirmation(payoutId: string) {
  const db = await sandboxDb();
  await db
    .update(payouts)
    .set({ status: 'WAITING_FOR_CONFIRMATION', transactionType: 'BANK', pendingUntil: null, pendingOutcome: null })
    .where(eq(payouts.id, payoutId));
}

/** The deadline events queued for `payoutId`, oldest first, checked against the contract. */
async function deadlineEvents(payoutId: string) {
  const db = await sandboxDb();
  const rows = await db
    .select({ body: webhookDeliveries.body, createdAt: webhookDeliveries.createdAt })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.transactionId, payoutId),
        inArray(webhookDeliveries.eventType, ['payout.deadline_approaching', 'payout.deadline_passed']),
      ),
    );
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => PayoutDeadlineEvent.parse(JSON.parse(r.body)));
}

/** Runs the worker at `minutes` after `from` (ISO). */
const workerAt = async (from: string, minutes: number) =>
  runSandboxWorkerOnce(await sandboxDb(), new Date(new Date(from).getTime() + minutes * MINUTE));

describe('the payout deadline of a withdrawal (SPA/MF, 120 minutes)', () => {
  it('is its request plus 120 minutes for a customer billed in BR, on the payout and in the session', async () => {
    const { sessionId, payoutId, payout } = await withdrawal('BR');
    expect(payout.payoutDueAt).toBeDefined();
    expect(new Date(payout.payoutDueAt!).getTime() - new Date(payout.createdAt).getTime()).toBe(120 * MINUTE);
    const session = await api('GET', `/public/cashier/session/${sessionId}?transactions=open`, { ...browser.pages });
    expect(session.body.transactions).toEqual([expect.objectContaining({ id: payoutId, payoutDueAt: payout.payoutDueAt })]);
    const listed = await api('GET', `/public/cashier/session/${sessionId}/transactions`, { token: REGULATED });
    expect(listed.body.transactions).toEqual([expect.objectContaining({ id: payoutId, payoutDueAt: payout.payoutDueAt })]);
  });

  it('is absent for a customer billed elsewhere, and at a merchant without the licence', async () => {
    for (const country of ['GB', 'DE', 'MT']) expect((await withdrawal(country)).payout.payoutDueAt, country).toBeUndefined();
    const demo = await withdrawal('BR', DEMO);
    expect(demo.payout.payoutDueAt).toBeUndefined();
    const session = await api('GET', `/public/cashier/session/${demo.sessionId}/transactions`, { token: DEMO });
    expect(session.body.transactions[0]).not.toHaveProperty('payoutDueAt');
  });

  it('takes SANDBOX_PAYOUT_DEADLINE_MINUTES in place of the licence’s minutes, for demos', async () => {
    process.env.SANDBOX_PAYOUT_DEADLINE_MINUTES = '4';
    const { payout } = await withdrawal('BR');
    expect(new Date(payout.payoutDueAt!).getTime() - new Date(payout.createdAt).getTime()).toBe(4 * MINUTE);
    expect((await withdrawal('GB')).payout.payoutDueAt).toBeUndefined();
  });
});

describe('the deadline events, each once', () => {
  it('waiting for the merchant: approaching with 30 minutes left, passed at the deadline, never again', async () => {
    const { payoutId, payout } = await withdrawal('BR');
    await awaitConfirmation(payoutId);
    await workerAt(payout.createdAt, 89);
    expect(await deadlineEvents(payoutId)).toEqual([]);

    await workerAt(payout.createdAt, 91);
    await workerAt(payout.createdAt, 100);
    const [approaching, ...none] = await deadlineEvents(payoutId);
    expect(none).toEqual([]);
    expect(approaching).toMatchObject({
      type: 'payout.deadline_approaching',
      data: {
        payoutDueAt: payout.payoutDueAt,
        object: { id: payoutId, status: 'WAITING_FOR_CONFIRMATION', payoutDueAt: payout.payoutDueAt },
        cashier: { sessionId: expect.stringMatching(/^cs_/) },
      },
    });

    await workerAt(payout.createdAt, 120);
    await workerAt(payout.createdAt, 200);
    const events = await deadlineEvents(payoutId);
    expect(events.map((e) => e.type)).toEqual(['payout.deadline_approaching', 'payout.deadline_passed']);
    expect(events[1]?.data.object.status).toBe('WAITING_FOR_CONFIRMATION');
    // The payout itself is unchanged by its events.
    expect((await payoutOf(payoutId)).status).toBe('WAITING_FOR_CONFIRMATION');
  });

  it('first looked at past its deadline: passed alone', async () => {
    const { payoutId, payout } = await withdrawal('BR');
    await awaitConfirmation(payoutId);
    await workerAt(payout.createdAt, 150);
    await workerAt(payout.createdAt, 151);
    expect((await deadlineEvents(payoutId)).map((e) => e.type)).toEqual(['payout.deadline_passed']);
  });

  it('paid out before its deadline: no passed event', async () => {
    const { payoutId, payout } = await withdrawal('BR');
    await awaitConfirmation(payoutId);
    await workerAt(payout.createdAt, 95);
    // Confirmed, then its processing outcome settles (PROCESSED) in the worker's pass before the deadline's events.
    expect((await api('PUT', `/public/payout/${payoutId}/confirm`, { token: REGULATED })).status).toBe(204);
    await workerAt(payout.createdAt, 125);
    expect((await payoutOf(payoutId)).status).toBe('PROCESSED');
    expect((await deadlineEvents(payoutId)).map((e) => e.type)).toEqual(['payout.deadline_approaching']);
  });

  it('none for a customer billed elsewhere, whatever the time', async () => {
    const { payoutId, payout } = await withdrawal('GB');
    await awaitConfirmation(payoutId);
    await workerAt(payout.createdAt, 95);
    await workerAt(payout.createdAt, 300);
    expect(await deadlineEvents(payoutId)).toEqual([]);
  });
});

describe('checkout_sandbox_payouts_past_deadline', () => {
  const gauge = async () =>
    Object.fromEntries((await metrics().payoutsPastDeadline.get()).values.map((v) => [String(v.labels.status), v.value]));

  it('counts the withdrawals not final past their deadline, by status, at most every 15 s of the worker’s clock', async () => {
    const db = await sandboxDb();
    const { payoutId, payout } = await withdrawal('BR');
    await awaitConfirmation(payoutId);
    const due = new Date(payout.payoutDueAt!).getTime();
    const before = (await payoutsPastDeadline(db, new Date(due - 1))).WAITING_FOR_CONFIRMATION ?? 0;
    const after = await payoutsPastDeadline(db, new Date(due));
    expect(after.WAITING_FOR_CONFIRMATION).toBe(before + 1);

    expect(await countPayoutsPastDeadline(db, new Date(due + 10 * MINUTE))).toBe(true);
    expect(await gauge()).toEqual({ CREATED: after.CREATED ?? 0, WAITING_FOR_CONFIRMATION: before + 1, PENDING: after.PENDING ?? 0 });
    // Not again within PAST_DEADLINE_COUNT_MS.
    expect(await countPayoutsPastDeadline(db, new Date(due + 10 * MINUTE + PAST_DEADLINE_COUNT_MS - 1))).toBe(false);

    // Rejected by the merchant: final, no longer counted.
    expect((await api('PUT', `/public/payout/${payoutId}/reject`, { token: REGULATED })).status).toBe(204);
    expect(await countPayoutsPastDeadline(db, new Date(due + 20 * MINUTE))).toBe(true);
    expect((await gauge()).WAITING_FOR_CONFIRMATION).toBe(before);
  });
});
