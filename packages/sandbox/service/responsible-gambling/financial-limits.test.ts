/**
 * UKGC financial limits since 31 October 2025 (RTS 12; docs/design.md, section 8), in the service
 * through the sandbox's router with every answer checked against the OpenAPI document: loss and
 * net deposit limits beside deposit limits (same periods, same cooling-off and confirmation), the
 * most restrictive limit binding and named, the six-monthly review reminder remembered per
 * customer, and the signed `customer.financial_check_due` event at net deposits of £150 over 30
 * days (LCCP SR code 3.4.4), once per crossing, never blocking.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { customers, merchants } from '@sandbox/db/schema';
import { cardRequest, payOutWithdrawal } from '@sandbox/testing/sandbox-fixtures';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';
import { cashierCalls, openCustomerSession } from '@sandbox/testing/cashier-calls';
import { receiveWebhooks } from '@sandbox/testing/webhook-receiver';
import { FinancialCheckDueEvent } from '@hosted-checkout/contract/events';
import { sandboxDb } from '../core/store';
import { runSandboxWorkerOnce } from '../worker';

const browserOf = testBrowser();
const MERCHANT = 'sbx_regulated_merchant';
const DAY = 24 * 3600_000;

const received = receiveWebhooks(MERCHANT);

/** A session of a new GB customer (UKGC) at the regulated merchant, with its customer's id. */
const newSession = (currency = 'EUR', balance = 500) =>
  openCustomerSession(browserOf, { token: MERCHANT, externalUserId: `fl-${randomUUID()}`, country: 'GB', currency, balance });
const { rg, setRg, deposit, withdraw } = cashierCalls(browserOf);
const pay = async (id: string, amount: number) => {
  const created = await deposit(id, amount);
  expect(created.status).toBe(200);
  const paid = await api('POST', `/public/payin/${created.body.paymentId}/process/card`, {
    ...browserOf.pages,
    key: randomUUID(),
    body: cardRequest('4242424242424242'),
  });
  expect(paid.body.status).toBe('SUCCESS');
};

describe('loss and net deposit limits (UKGC RTS 12)', () => {
  it('a loss limit refuses a deposit it would pass, naming itself and its period', async () => {
    const { id } = await newSession();
    const set = await setRg(id, { lossLimits: { day: 30 } });
    expect(set.body).toMatchObject({ lossLimits: { day: 30 }, limits: {}, limitsPrompt: 'NONE' });
    const refused = await deposit(id, 40);
    expect(refused.body).toMatchObject({ errorKey: 'LIMIT_EXCEEDED' });
    expect(refused.body.message ?? refused.body.errorMessage ?? JSON.stringify(refused.body)).toMatch(/daily loss limit/);
    await pay(id, 20);
    // The loss so far: net deposits of 20, the balance not risen (no session before the day).
    expect((await rg(id)).room).toEqual([{ kind: 'loss', period: 'day', limit: 30, remaining: 10 }]);
    expect((await deposit(id, 11)).body.errorKey).toBe('LIMIT_EXCEEDED');
  });

  it('a net deposit limit counts withdrawals paid out; the most restrictive limit of any kind binds and is named', async () => {
    const { id } = await newSession();
    await setRg(id, { depositLimits: { week: 100 }, netDepositLimits: { day: 25 } });
    await pay(id, 20);
    const answer = await rg(id);
    expect(answer.room).toEqual(
      expect.arrayContaining([
        { kind: 'deposit', period: 'week', limit: 100, remaining: 80 },
        { kind: 'netDeposit', period: 'day', limit: 25, remaining: 5 },
      ]),
    );
    const refused = await deposit(id, 10);
    expect(JSON.stringify(refused.body)).toMatch(/daily net deposit limit/);
    const asked = await withdraw(id, 15);
    expect(asked.status).toBe(200);
    // Asked, not paid out: it lowers nothing.
    expect((await rg(id)).room).toEqual(expect.arrayContaining([{ kind: 'netDeposit', period: 'day', limit: 25, remaining: 5 }]));
    await payOutWithdrawal(await sandboxDb(), asked.body.payoutId, browserOf.pages, MERCHANT);
    // Deposits 20 less withdrawals paid out 15: 5 used of 25; the deposit limit still counts 20.
    expect((await rg(id)).room).toEqual(expect.arrayContaining([{ kind: 'netDeposit', period: 'day', limit: 25, remaining: 20 }]));
    expect((await deposit(id, 10)).status).toBe(200);
  });

  it('lowers at once; a raise waits 24 h and a confirmation, as deposit limits do', async () => {
    const { id, customerId } = await newSession();
    await setRg(id, { netDepositLimits: { month: 300 } });
    expect((await setRg(id, { netDepositLimits: { month: 200 } })).body).toMatchObject({ netDepositLimits: { month: 200 }, pending: [] });
    const raised = await setRg(id, { netDepositLimits: { month: 400 } });
    expect(raised.body.netDepositLimits).toEqual({ month: 200 });
    expect(raised.body.pending).toEqual([expect.objectContaining({ kind: 'netDeposit', period: 'month', limit: 400, ready: false })]);
    expect(Math.round((new Date(raised.body.pending[0].effectiveAt).getTime() - Date.now()) / 3600_000)).toBe(24);
    // The cooling-off ends.
    const db = await sandboxDb();
    const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
    const past = new Date(Date.now() - 1000).toISOString();
    const waiting = row!.gambling!.otherPending!.netDeposit!;
    const otherPending = {
      netDeposit: Object.fromEntries(Object.entries(waiting).map(([c, p]) => [c, { month: { ...p.month!, effectiveAt: past } }])),
    };
    await db
      .update(customers)
      .set({ gambling: { ...row!.gambling, otherPending } })
      .where(eq(customers.id, customerId));
    const ready = await rg(id);
    expect(ready.netDepositLimits).toEqual({ month: 200 });
    expect(ready.pending).toEqual([expect.objectContaining({ kind: 'netDeposit', ready: true })]);
    expect((await setRg(id, { confirmReady: true })).body).toMatchObject({ netDepositLimits: { month: 400 }, pending: [] });
  });
});

describe('the six-monthly review reminder (UKGC RTS 12)', () => {
  it('is due 182 days after the account opened, not 181; once dismissed, not until the next six months', async () => {
    const db = await sandboxDb();
    const early = await newSession();
    await db
      .update(customers)
      .set({ createdAt: new Date(Date.now() - 181 * DAY) })
      .where(eq(customers.id, early.customerId));
    expect((await rg(early.id)).review).toBeUndefined();
    const due = await newSession();
    await db
      .update(customers)
      .set({ createdAt: new Date(Date.now() - 182 * DAY - 60_000) })
      .where(eq(customers.id, due.customerId));
    expect((await rg(due.id)).review).toEqual({ dueSince: expect.any(String) });
    expect((await setRg(due.id, { reviewDismissed: true })).body.review).toBeUndefined();
    const [row] = await db.select().from(customers).where(eq(customers.id, due.customerId));
    expect(Date.now() - new Date(row!.gambling!.reviewedAt!).getTime()).toBeLessThan(60_000);
    expect((await rg(due.id)).review).toBeUndefined();
  });

  it('counts from a review the merchant records (PUT …/review), never one in the future', async () => {
    const { id, customerId } = await newSession();
    const put = (reviewedAt: string) => api('PUT', `/public/customer/${customerId}/review`, { token: MERCHANT, body: { reviewedAt } });
    expect((await put(new Date(Date.now() - 181 * DAY).toISOString())).status).toBe(204);
    expect((await rg(id)).review).toBeUndefined();
    expect((await put(new Date(Date.now() - 183 * DAY).toISOString())).status).toBe(204);
    expect((await rg(id)).review).toEqual({ dueSince: expect.any(String) });
    expect((await put(new Date(Date.now() + DAY).toISOString())).status).toBe(400);
    expect(
      (await api('PUT', `/public/customer/${customerId}/review`, { ...browserOf.pages, body: { reviewedAt: new Date().toISOString() } }))
        .status,
    ).toBe(403);
  });
});

describe('customer.financial_check_due (LCCP SR code 3.4.4)', () => {
  it('is sent signed once per crossing of £150 net over 30 days, again only after falling below; never blocking', async () => {
    const { id, customerId } = await newSession('GBP', 1000);
    await setRg(id, { noLimits: true });
    const db = await sandboxDb();
    const [merchant] = await db.select().from(merchants).where(eq(merchants.token, MERCHANT));
    const events = async () => {
      await runSandboxWorkerOnce(db);
      return received
        .filter((r) => JSON.parse(r.raw).type === 'customer.financial_check_due' && JSON.parse(r.raw).data.customerId === customerId)
        .map((r) => {
          expect(new Webhook(merchant!.webhookSecret).verify(r.raw, r.headers as Record<string, string>)).toEqual(JSON.parse(r.raw));
          return FinancialCheckDueEvent.parse(JSON.parse(r.raw));
        });
    };
    await pay(id, 100);
    expect(await events()).toHaveLength(0);
    await pay(id, 60);
    const [first] = await events();
    expect(first?.data).toMatchObject({
      customerId,
      regulator: 'UKGC',
      netDeposits: { amountMinor: 16000, currency: 'GBP' },
      threshold: { amountMinor: 15000, currency: 'GBP' },
    });
    expect(new Date(first!.data.window.to).getTime() - new Date(first!.data.window.from).getTime()).toBe(30 * DAY);
    await pay(id, 10);
    expect(await events()).toHaveLength(1);
    const asked = await withdraw(id, 100);
    expect(asked.status).toBe(200);
    // Net deposits fall below £150 once the withdrawal is paid out: the next deposit re-arms the signal.
    await payOutWithdrawal(await sandboxDb(), asked.body.payoutId, browserOf.pages, MERCHANT);
    await pay(id, 20);
    expect(await events()).toHaveLength(1);
    await pay(id, 80);
    const all = await events();
    expect(all).toHaveLength(2);
    expect(all[1]?.data.netDeposits).toEqual({ amountMinor: 17000, currency: 'GBP' });
  });
});
