/**
 * Loss and net deposit limits, the KSA threshold and the £150 signal cannot be cycled with
 * withdrawals (docs/design.md, section 8; net-deposits.ts): a withdrawal lowers net deposits
 * only once it is PROCESSED (paid out), counted by when it was paid out; one created, waiting or
 * pending frees nothing, and one cancelled or failed never did. Through the sandbox's router, every
 * answer checked against the OpenAPI document; customers of the regulated merchant (MT billing:
 * MGA; GB: UKGC; NL: KSA).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payouts } from '@sandbox/db/schema';
import { cardRequest, payOutWithdrawal } from '@sandbox/testing/sandbox-fixtures';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';
import { cashierCalls, openCustomerSession } from '@sandbox/testing/cashier-calls';
import { receiveWebhooks } from '@sandbox/testing/webhook-receiver';
import { sandboxDb } from '../core/store';
import { runSandboxWorkerOnce } from '../worker';

const browserOf = testBrowser();
const MERCHANT = 'sbx_regulated_merchant';
const DAY = 24 * 3600_000;

/** A session of a new customer billed in `country` at the regulated merchant, with its customer's id. */
const newSession = (country: string, currency = 'EUR', dateOfBirth = '1990-01-01') =>
  openCustomerSession(browserOf, { token: MERCHANT, externalUserId: `wc-${randomUUID()}`, country, dateOfBirth, currency, balance: 1000 });
const { rg, setRg } = cashierCalls(browserOf);
const withdraw = async (id: string, value: number) => {
  const answer = await api('POST', `/public/cashier/session/${id}/payout`, { body: { value }, ...browserOf.pages, key: randomUUID() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payoutId as string;
};
const cancel = async (payoutId: string) =>
  expect((await api('PUT', `/public/payout/${payoutId}/cancel`, { ...browserOf.pages })).status).toBe(204);

/** A deposit of `amount` asked and, when the cashier takes it, paid by card: the amount paid in (0 when refused). */
async function tryDeposit(id: string, amount: number): Promise<number> {
  const created = await api('POST', `/public/cashier/session/${id}/payin`, { body: { amount }, ...browserOf.pages, key: randomUUID() });
  if (created.status !== 200) {
    expect(created.body.errorKey).toBe('LIMIT_EXCEEDED');
    return 0;
  }
  const paid = await api('POST', `/public/payin/${created.body.paymentId}/process/card`, {
    ...browserOf.pages,
    key: randomUUID(),
    body: cardRequest('4242424242424242'),
  });
  return paid.body.status === 'SUCCESS' ? amount : 0;
}

/** Pays out a session withdrawal (to the deposit card, confirmed by the merchant, its processing time passed). */
const payOut = async (payoutId: string) => payOutWithdrawal(await sandboxDb(), payoutId, browserOf.pages, MERCHANT);

/**
 * The cycle of the finding: a first deposit of 50, then three times: withdraw all that was paid in,
 * deposit 50, cancel the withdrawal. What was paid in (before the fix: 200).
 */
async function cycles(id: string): Promise<number> {
  let paidIn = await tryDeposit(id, 50);
  for (let i = 0; i < 3; i++) {
    const payoutId = await withdraw(id, paidIn);
    paidIn += await tryDeposit(id, 50);
    await cancel(payoutId);
  }
  return paidIn;
}

describe('withdraw, deposit, cancel (MGA, withdrawals reversible)', () => {
  it('a net deposit limit of 50 a day admits 50, not 200, in three cycles', async () => {
    const { id } = await newSession('MT');
    expect((await rg(id)).regulators).toEqual(['MGA']);
    await setRg(id, { netDepositLimits: { day: 50 } });
    expect(await cycles(id)).toBe(50);
    expect((await rg(id)).room).toEqual([{ kind: 'netDeposit', period: 'day', limit: 50, remaining: 0 }]);
  });

  it('a loss limit of 50 a day admits 50, not 200, in three cycles', async () => {
    const { id } = await newSession('MT');
    await setRg(id, { lossLimits: { day: 50 } });
    expect(await cycles(id)).toBe(50);
    expect((await rg(id)).room).toEqual([{ kind: 'loss', period: 'day', limit: 50, remaining: 0 }]);
  });
});

describe('withdrawals not paid out (UKGC, withdrawals not reversible)', () => {
  it('150 of withdrawals left CREATED free nothing: 50 paid in against 50, not 200; paid out, one frees its 50', async () => {
    const { id } = await newSession('GB');
    expect((await rg(id)).regulators).toEqual(['UKGC']);
    await setRg(id, { netDepositLimits: { day: 50 } });
    let paidIn = await tryDeposit(id, 50);
    const asked: string[] = [];
    for (let i = 0; i < 3; i++) {
      asked.push(await withdraw(id, 50));
      paidIn += await tryDeposit(id, 50);
    }
    expect(paidIn).toBe(50);
    // Paid out, a withdrawal lowers the net deposits by its value.
    await payOut(asked[0]!);
    expect((await rg(id)).room).toEqual([{ kind: 'netDeposit', period: 'day', limit: 50, remaining: 50 }]);
    expect(await tryDeposit(id, 51)).toBe(0);
    expect(await tryDeposit(id, 50)).toBe(50);
  });

  it('a withdrawal counts by when it was paid out, not when it was asked', async () => {
    const { id } = await newSession('GB');
    await setRg(id, { netDepositLimits: { day: 50 } });
    expect(await tryDeposit(id, 50)).toBe(50);
    const payoutId = await withdraw(id, 50);
    // Asked two days ago, paid out now: inside today's window.
    const db = await sandboxDb();
    await db
      .update(payouts)
      .set({ createdAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(payouts.id, payoutId));
    await payOut(payoutId);
    expect((await rg(id)).room).toEqual([{ kind: 'netDeposit', period: 'day', limit: 50, remaining: 50 }]);
  });
});

describe('the KSA threshold', () => {
  it('is not lowered by a withdrawal until it is paid out', async () => {
    const { id } = await newSession('NL');
    await setRg(id, { depositLimits: { month: 5000 } });
    expect(await tryDeposit(id, 700)).toBe(700);
    const payoutId = await withdraw(id, 100);
    expect((await rg(id)).netDepositThreshold).toMatchObject({ limit: 700, netDeposited: 700, remaining: 0 });
    expect(await tryDeposit(id, 1)).toBe(0);
    await payOut(payoutId);
    expect((await rg(id)).netDepositThreshold).toMatchObject({ netDeposited: 600, remaining: 100 });
    expect(await tryDeposit(id, 100)).toBe(100);
  });
});

describe('customer.financial_check_due (UKGC, £150 net over 30 days)', () => {
  const received = receiveWebhooks(MERCHANT);

  it('is sent at 160 paid in while a withdrawal of 100 waits: it lowers nothing before it is paid out', async () => {
    const { id, customerId } = await newSession('GB', 'GBP');
    await setRg(id, { noLimits: true });
    const events = async () => {
      await runSandboxWorkerOnce(await sandboxDb());
      return received
        .map(({ raw }) => JSON.parse(raw))
        .filter((e) => e.type === 'customer.financial_check_due' && e.data.customerId === customerId);
    };
    expect(await tryDeposit(id, 100)).toBe(100);
    await withdraw(id, 100);
    expect(await tryDeposit(id, 60)).toBe(60);
    const [event] = await events();
    expect(event?.data.netDeposits).toEqual({ amountMinor: 16000, currency: 'GBP' });
  });
});
