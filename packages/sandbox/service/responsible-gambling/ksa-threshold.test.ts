/**
 * The KSA licence in the service (docs/design.md, section 8): an NL customer of the regulated
 * merchant is served under the Kansspelautoriteit's rules (a monthly limit before the first
 * deposit, 30-minute reality checks, CRUKS), and the net deposit threshold of the calendar month
 * binds cashier deposits by the customer's age on both sides of the 24th birthday (EUR 300 at 23,
 * EUR 700 at 24), across currencies (GBP at the sandbox's rates), at creation and at payment;
 * withdrawals paid out lower the net; the session answer names the threshold and the notice share.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardRequest, payOutWithdrawal } from '@sandbox/testing/sandbox-fixtures';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';
import { cashierCalls, openCashierSession } from '@sandbox/testing/cashier-calls';
import { sandboxDb } from '../core/store';

const browserOf = testBrowser();
const MERCHANT = 'sbx_regulated_merchant';

/** The ISO date of someone whose 24th birthday is `days` days from today (UTC): -1 yesterday, 1 tomorrow. */
function bornFor24th(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCFullYear(d.getUTCFullYear() - 24);
  return d.toISOString().slice(0, 10);
}

const newSession = (externalUserId: string, dateOfBirth: string, currency = 'EUR', country = 'NL') =>
  openCashierSession(browserOf, { token: MERCHANT, externalUserId, dateOfBirth, currency, country, balance: 2000 });
const { rg, setRg, deposit, withdraw } = cashierCalls(browserOf);
const payCard = (payinId: string) =>
  api('POST', `/public/payin/${payinId}/process/card`, { ...browserOf.pages, key: randomUUID(), body: cardRequest('4242424242424242') });
/** A deposit created and paid by card; its pay-in id. */
async function paid(id: string, amount: number): Promise<string> {
  const created = await deposit(id, amount);
  expect(created.status).toBe(200);
  expect((await payCard(created.body.paymentId)).body.status).toBe('SUCCESS');
  return created.body.paymentId as string;
}

beforeAll(async () => {
  await sandboxDb();
});

describe('the KSA licence', () => {
  it('covers an NL customer: a monthly limit first, 30-minute reality checks, CRUKS and Loket Kansspel, notices at 50 %', async () => {
    const id = await newSession(`ksa-${randomUUID()}`, '1990-01-01');
    const answer = await rg(id);
    expect(answer).toMatchObject({
      regulators: ['KSA'],
      limitsPrompt: 'REQUIRED',
      requiredPeriods: ['month'],
      coolingOffHours: 168,
      withdrawalReversal: false,
      limitNoticePercent: 50,
      limitContactAbove: 350,
      realityCheck: { intervalMinutes: 30, mandatory: true, maxMinutes: 30 },
      selfExclusionScheme: { url: 'https://cruks.kansspelautoriteit.nl', name: 'CRUKS' },
      help: { url: 'https://www.loketkansspel.nl', name: 'Loket Kansspel' },
      netDepositThreshold: { limit: 700, netDeposited: 0, remaining: 700, youngAdult: false },
    });
    expect((await deposit(id, 20)).body.errorKey).toBe('LIMITS_REQUIRED');
    expect((await setRg(id, { noLimits: true })).status).toBe(400);
    expect((await setRg(id, { realityCheckMinutes: 60 })).status).toBe(400);
  });

  it('is EUR 300 a calendar month for a customer whose 24th birthday is tomorrow', async () => {
    const id = await newSession(`ksa-${randomUUID()}`, bornFor24th(1));
    await setRg(id, { depositLimits: { month: 5000 } });
    expect((await rg(id)).netDepositThreshold).toMatchObject({ limit: 300, youngAdult: true });
    expect((await rg(id)).limitContactAbove).toBe(150);
    await paid(id, 250);
    const refused = await deposit(id, 60);
    expect(refused.status).toBe(400);
    expect(refused.body.errorKey).toBe('LIMIT_EXCEEDED');
    expect(JSON.stringify(refused.body)).toMatch(/€300\.00/);
    await paid(id, 50);
    expect((await rg(id)).netDepositThreshold).toMatchObject({ limit: 300, netDeposited: 300, remaining: 0 });
    expect((await deposit(id, 1)).body.errorKey).toBe('LIMIT_EXCEEDED');
  });

  it('is EUR 700 on the 24th birthday; a withdrawal paid out lowers the net deposits', async () => {
    const id = await newSession(`ksa-${randomUUID()}`, bornFor24th(0));
    await setRg(id, { depositLimits: { month: 5000 } });
    expect((await rg(id)).netDepositThreshold).toMatchObject({ limit: 700, youngAdult: false });
    await paid(id, 700);
    expect((await deposit(id, 1)).body.errorKey).toBe('LIMIT_EXCEEDED');
    const asked = await withdraw(id, 100);
    expect(asked.status).toBe(200);
    await payOutWithdrawal(await sandboxDb(), asked.body.payoutId, browserOf.pages, MERCHANT);
    expect((await rg(id)).netDepositThreshold).toMatchObject({ netDeposited: 600, remaining: 100 });
    await paid(id, 100);
    expect((await deposit(id, 1)).body.errorKey).toBe('LIMIT_EXCEEDED');
  });

  it('binds deposits in another currency, converted at the sandbox rates (EUR 700 = GBP 598.29)', async () => {
    const customer = `ksa-${randomUUID()}`;
    const eur = await newSession(customer, '1990-01-01');
    await setRg(eur, { depositLimits: { month: 5000 } });
    await paid(eur, 600);
    const gbp = await newSession(customer, '1990-01-01', 'GBP');
    // EUR 100 left = GBP 85.47 at 1.17.
    expect((await rg(gbp)).netDepositThreshold).toMatchObject({ limit: 598.29, netDeposited: 512.82, remaining: 85.47 });
    expect((await deposit(gbp, 86)).body.errorKey).toBe('LIMIT_EXCEEDED');
    await paid(gbp, 85);
    expect((await deposit(eur, 1)).body.errorKey).toBe('LIMIT_EXCEEDED');
  });

  it('refuses at payment a deposit created within the threshold that another deposit paid first took past it', async () => {
    const id = await newSession(`ksa-${randomUUID()}`, bornFor24th(-1));
    await setRg(id, { depositLimits: { month: 5000 } });
    const first = await deposit(id, 500);
    const second = await deposit(id, 500);
    expect((await payCard(first.body.paymentId)).body.status).toBe('SUCCESS');
    expect((await payCard(second.body.paymentId)).body.errorKey).toBe('LIMIT_EXCEEDED');
  });

  it('does not apply to a customer of another country', async () => {
    const id = await newSession(`ksa-${randomUUID()}`, bornFor24th(1), 'EUR', 'FR');
    const answer = await rg(id);
    expect(answer.regulators).toEqual(['MGA']);
    expect(answer.netDepositThreshold).toBeUndefined();
    expect(answer.limitNoticePercent).toBeUndefined();
  });
});
