/**
 * A Pay N Play deposit awaiting the limits a player's rules ask before a first deposit
 * (deposits-awaiting-limits.ts; docs/design.md, E26 and section 8), at the regulated merchant (a copy of it
 * per deposit, so each player is new there: the service recognises a person again): a Swedish
 * player (Spelinspektionen: limits required) allowed by the merchant sees the deposit held, pays
 * it by setting limits (which bind it) in that answer's own request, or gets it back when they
 * never answer; a player whose rules ask nothing is paid at once.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { bankLogin, freshMerchant, payNPlaySession, type PayNPlaySession } from '@sandbox/testing/pay-n-play-fixtures';
import type { Db } from '@sandbox/db/client';
import { sandboxDb } from '../core/store';
import { settleDuePayins } from '../payins/payin-loading';
import { runSandboxWorkerOnce } from '../worker';
import { LIMITS_WAIT_MS } from './deposits-awaiting-limits';

const REGULATED = 'sbx_regulated_merchant';
let db: Db;

beforeAll(async () => {
  db = await sandboxDb();
});

const decide = (s: PayNPlaySession, identificationId: string, token: string) =>
  api('POST', `/public/cashier/session/${s.id}/player-decision`, {
    token,
    key: randomUUID(),
    body: { identificationId, decision: 'ALLOW', customerId: `held-${randomUUID()}` },
  });
const sessionOf = async (s: PayNPlaySession) => (await api('GET', `/public/cashier/session/${s.id}`, s.as)).body;
/** The merchant of each deposit's pay-in (each deposit is at its own copy of the regulated merchant). */
const merchantOf = new Map<string, string>();
const payinOf = async (id: string) => (await api('GET', `/public/payin/${id}`, { token: merchantOf.get(id)! })).body;
const setLimits = (s: PayNPlaySession, body: object) =>
  api('PUT', `/public/cashier/session/${s.id}/responsible-gambling`, { ...s.as, body, key: randomUUID() });
/** The worker's pass: it returns deposits at their deadline and pays none that waits for its player. */
const pass = (now = new Date()) => runSandboxWorkerOnce(db, now);

/** A Pay N Play deposit of `amount` EUR by `username` at `bankId`, a first visit at a new copy of the regulated merchant, allowed by it. */
async function allowedDeposit(amount: number, username: string, bankId: string) {
  const { token } = await freshMerchant(REGULATED);
  const s = await payNPlaySession(token);
  const login = await bankLogin(s, username, amount, randomUUID(), bankId);
  merchantOf.set(login.payinId, token);
  const allowed = await decide(s, login.identificationId, token);
  expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  return { s, paymentId: login.payinId, allowed: allowed.body };
}

describe('a Pay N Play deposit held for the limits asked before a first deposit', () => {
  it('is held on ALLOW for a Swedish player, then paid once the player sets the limits the rules require', async () => {
    const { s, paymentId, allowed } = await allowedDeposit(30, 'pays', 'se-gota');
    expect(allowed).toMatchObject({ decision: 'ALLOW', paymentStatus: 'PENDING' });
    const session = await sessionOf(s);
    expect(session.responsibleGambling).toMatchObject({ regulators: ['SPELINSPEKTIONEN'], limitsPrompt: 'REQUIRED' });
    // Not released while the question is open, whatever the worker does.
    await pass();
    expect((await payinOf(paymentId)).status).toBe('PENDING');
    const answered = await setLimits(s, { depositLimits: { day: 100, week: 200, month: 500 } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect((await payinOf(paymentId)).status).toBe('SUCCESS');
    // Paid once: a pass after it moves nothing of this deposit.
    await pass();
    const { transactions } = (await api('GET', `/public/cashier/session/${s.id}/transactions`, s.as)).body;
    expect(transactions.filter((t: { id: string; status: string }) => t.id === paymentId && t.status === 'SUCCESS')).toHaveLength(1);
  });

  it('is declined by the limits the player sets when it passes them', async () => {
    const { s, paymentId } = await allowedDeposit(50, 'no-id', 'se-norrland');
    expect((await setLimits(s, { depositLimits: { day: 20, week: 20, month: 20 } })).status).toBe(200);
    expect(await payinOf(paymentId)).toMatchObject({ status: 'DECLINED', statusReason: { detailedStatus: 'CUSTOMER_ISSUES' } });
  });

  it('is returned to the payer when the player never answers', async () => {
    const { paymentId } = await allowedDeposit(25, 'no-id', 'se-malar');
    const later = new Date(Date.now() + LIMITS_WAIT_MS + 1000);
    await db.transaction((tx) => settleDuePayins(tx, later));
    expect(await payinOf(paymentId)).toMatchObject({ status: 'DECLINED', statusReason: { detailedStatus: 'CUSTOMER_ISSUES' } });
  });

  it('is paid once its player answers, however many deposits held before it still wait', async () => {
    // Unanswered deposits, all due before the answered one: the answer pays its own player's alone.
    const waiting = [await allowedDeposit(5, 'no-id', 'se-malar'), await allowedDeposit(6, 'no-id', 'se-malar')];
    const { s, paymentId } = await allowedDeposit(12, 'no-id', 'se-gota');
    expect((await setLimits(s, { depositLimits: { day: 100, week: 200, month: 500 } })).status).toBe(200);
    expect((await payinOf(paymentId)).status).toBe('SUCCESS');
    for (const { paymentId } of waiting) expect((await payinOf(paymentId)).status).toBe('PENDING');
  });

  it('is paid once the player answers a question the rules only ask (MGA), by declining limits', async () => {
    // A Finnish player: served under the MGA licence, which asks; declining the limits answers it.
    const { s, paymentId, allowed } = await allowedDeposit(15, 'pays', 'fi-saimaa');
    expect(allowed.paymentStatus).toBe('PENDING');
    expect((await sessionOf(s)).responsibleGambling.limitsPrompt).toBe('ASK');
    expect((await setLimits(s, { noLimits: true })).status).toBe(200);
    expect((await payinOf(paymentId)).status).toBe('SUCCESS');
  });

  it("is paid in the answer's own request: no worker pass runs between the answer and the paid deposit", async () => {
    const { s, paymentId } = await allowedDeposit(20, 'pays', 'se-gota');
    // The answer's transaction: when it commits the deposit is paid, with its webhook queued beside it.
    const answered = await setLimits(s, { depositLimits: { day: 100, week: 200, month: 500 } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.limitsPrompt).toBe('NONE');
    expect(await payinOf(paymentId)).toMatchObject({ status: 'SUCCESS' });
  });

  it('is paid when the merchant sets the limits the rules require, in that request', async () => {
    const { paymentId } = await allowedDeposit(10, 'no-id', 'se-norrland');
    const token = merchantOf.get(paymentId)!;
    const customerId = (await payinOf(paymentId)).customerId as string;
    const set = await api('PUT', `/public/customer/${customerId}/limits`, {
      token,
      body: { deposit: { EUR: { day: 100, week: 200, month: 500 } } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(204);
    expect((await payinOf(paymentId)).status).toBe('SUCCESS');
  });
});
