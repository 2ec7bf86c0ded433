/**
 * The regulated cashier in the service, per rule and regulator, through the sandbox's
 * router with every answer checked against the OpenAPI document: limits before a first deposit
 * (asked: UKGC, AGCO, MGA; required: Sweden day/week/month, Germany month), a decrease at once and
 * an increase after the cooling-off (24 h; 72 h and the period in Sweden; 7 days in Germany), the
 * confirmation UKGC wants after it, Germany's monthly ceiling, withdrawal reversal (banned in GB,
 * SE, DE), reality checks, and a time-out or self-exclusion that blocks deposits at creation and
 * at payment but not withdrawals.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { cardRequest, endCoolingOff } from '@sandbox/testing/sandbox-fixtures';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';

/** The test's browser: it opens every session the file creates, and the pages' credential calls with its proof. */
const browserOf = testBrowser();
import { sandboxDb } from '../core/store';
import { completeChallenge } from '../payins/payin-decisions';
import { settleDuePayins } from '../payins/payin-loading';

const CHECKOUT = 'sbx_checkout';
const MERCHANT = 'sbx_regulated_merchant';
const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };
const HOUR = 3600_000;

const customer = (country: string, state = 'X') => ({
  ...sampleCustomer,
  externalUserId: `rg-${randomUUID()}`,
  billing: { ...sampleCustomer.billing, countryCode: country, state },
});

async function newSession(country: string, options: { state?: string; token?: string; balance?: number } = {}) {
  const answer = await api('POST', '/public/cashier/session', {
    token: options.token ?? MERCHANT,
    body: {
      customer: customer(country, options.state),
      returnUrls,
      currency: 'EUR',
      kycVerified: true,
      previousTransactionCount: 0,
      balance: options.balance ?? 500,
    },
    key: randomUUID(),
  });
  expect(answer.status).toBe(200);
  await browserOf.open(answer.body.checkoutUrl);
  return answer.body.sessionId as string;
}
const session = async (id: string) => (await api('GET', `/public/cashier/session/${id}`, { ...browserOf.pages })).body;
const rg = async (id: string) => (await session(id)).responsibleGambling;
const setRg = (id: string, body: object) => api('PUT', `/public/cashier/session/${id}/responsible-gambling`, { ...browserOf.pages, body });
const deposit = (id: string, amount: number, extra: object = {}) =>
  api('POST', `/public/cashier/session/${id}/payin`, { body: { amount, ...extra }, ...browserOf.pages, key: randomUUID() });
const withdraw = (id: string, value: number) =>
  api('POST', `/public/cashier/session/${id}/payout`, { body: { value }, ...browserOf.pages, key: randomUUID() });
const payCard = (payinId: string, cardNumber = '4242424242424242') =>
  api('POST', `/public/payin/${payinId}/process/card`, {
    ...browserOf.pages,
    key: randomUUID(),
    body: cardRequest(cardNumber),
  });
const customerIdOf = async (sessionId: string) => {
  const created = await api('POST', `/public/cashier/session/${sessionId}/payout`, {
    body: { value: 1 },
    ...browserOf.pages,
    key: randomUUID(),
  });
  return (await api('GET', `/public/payout/${created.body.payoutId}`, { token: MERCHANT })).body.customerId as string;
};
const cancel = async (payoutId: string) => (await api('PUT', `/public/payout/${payoutId}/cancel`, { ...browserOf.pages })).status;
/**
 * A withdrawal of `value` in session `id` with its destination given (4242, paid in with first, the
 * customer's limits answered): WAITING_FOR_CONFIRMATION, a requested withdrawal whose cancel is a reversal.
 */
async function withdrawnToCard(id: string, value: number): Promise<string> {
  await setRg(id, { noLimits: true });
  const paid = await deposit(id, 50);
  expect((await payCard(paid.body.paymentId)).body.status).toBe('SUCCESS');
  const payoutId = (await withdraw(id, value)).body.payoutId as string;
  const given = await api('POST', `/public/payout/${payoutId}/process/card`, {
    ...browserOf.pages,
    key: randomUUID(),
    body: {
      browser: { javascriptEnabled: true },
      cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031' },
    },
  });
  expect(given.body.status, JSON.stringify(given.body)).toBe('WAITING_FOR_CONFIRMATION');
  return payoutId;
}
const exclude = (customerId: string, body: object, token = MERCHANT) =>
  api('PUT', `/public/customer/${customerId}/exclusion`, { token, body });

/** Moves every waiting raise of the session's customer `hours` into the past (the cooling-off is over). */
/** Ends the cooling-off of the session customer's waiting raises. */
async function passCoolingOff(sessionId: string) {
  await endCoolingOff(await sandboxDb(), await customerIdOf(sessionId));
}

const hoursFromNow = (iso: string) => Math.round((new Date(iso).getTime() - Date.now()) / HOUR);

beforeAll(async () => {
  await sandboxDb();
});

describe('the licences that cover a customer', () => {
  it('are those of their country, Ontario by province, and MGA for other countries', async () => {
    expect((await rg(await newSession('GB'))).regulators).toEqual(['UKGC']);
    expect((await rg(await newSession('SE'))).regulators).toEqual(['SPELINSPEKTIONEN']);
    expect((await rg(await newSession('DE'))).regulators).toEqual(['GGL']);
    expect((await rg(await newSession('CA', { state: 'Ontario' }))).regulators).toEqual(['AGCO']);
    expect((await rg(await newSession('CA', { state: 'QC' }))).regulators).toEqual(['MGA']);
    expect((await rg(await newSession('FR'))).regulators).toEqual(['MGA']);
  });

  it('are none at an unlicensed merchant: nothing is asked, limits still wait a day to rise', async () => {
    const id = await newSession('GB', { token: 'sbx_demo_merchant' });
    const answer = await rg(id);
    expect(answer).toMatchObject({ regulators: [], limitsPrompt: 'NONE', coolingOffHours: 24 });
    expect((await deposit(id, 20)).status).toBe(200);
  });
});

describe('UKGC (RTS 12, 13, 14B)', () => {
  it('asks for limits before the first deposit; the customer may decline', async () => {
    const id = await newSession('GB');
    expect((await rg(id)).limitsPrompt).toBe('ASK');
    const refused = await deposit(id, 20);
    expect(refused.body).toMatchObject({ errorKey: 'LIMITS_REQUIRED', errorCode: 4098 });
    expect((await setRg(id, { noLimits: true })).body.limitsPrompt).toBe('NONE');
    expect((await deposit(id, 20)).status).toBe(200);
  });

  it('lowers a limit at once; a raise waits 24 h, then waits for the customer to confirm it', async () => {
    const id = await newSession('GB');
    expect((await setRg(id, { depositLimits: { day: 100 } })).body.limits).toEqual({ day: 100 });
    const lowered = await setRg(id, { depositLimits: { day: 40 } });
    expect(lowered.body).toMatchObject({ limits: { day: 40 }, pending: [] });
    expect((await session(id)).depositLimits.day).toEqual({ limit: 40, remaining: 40 });
    const raised = await setRg(id, { depositLimits: { day: 200 } });
    expect(raised.body.limits).toEqual({ day: 40 });
    expect(raised.body.pending).toEqual([
      { period: 'day', limit: 200, effectiveAt: expect.any(String), ready: false, setIn: { currency: 'EUR', amount: 200 } },
    ]);
    expect(hoursFromNow(raised.body.pending[0].effectiveAt)).toBe(24);
    expect((await deposit(id, 50)).body.errorKey).toBe('LIMIT_EXCEEDED');
    await passCoolingOff(id);
    const ready = await rg(id);
    expect(ready.limits).toEqual({ day: 40 });
    expect(ready.pending).toEqual([expect.objectContaining({ period: 'day', limit: 200, ready: true })]);
    expect((await setRg(id, { confirmReady: true })).body).toMatchObject({ limits: { day: 200 }, pending: [] });
    expect((await deposit(id, 50)).status).toBe(200);
  });

  it('asking the limit in force again drops a waiting raise', async () => {
    const id = await newSession('GB');
    await setRg(id, { depositLimits: { week: 100 } });
    expect((await setRg(id, { depositLimits: { week: 300 } })).body.pending).toHaveLength(1);
    expect((await setRg(id, { depositLimits: { week: 100 } })).body).toMatchObject({ limits: { week: 100 }, pending: [] });
  });

  it('removing a limit is a raise: it waits', async () => {
    const id = await newSession('GB');
    await setRg(id, { depositLimits: { month: 100 } });
    const removed = await setRg(id, { depositLimits: { month: null } });
    expect(removed.body).toMatchObject({ limits: { month: 100 }, pending: [{ period: 'month', limit: null, ready: false }] });
  });

  it('bans withdrawal reversal and keeps reality checks on (at most hourly)', async () => {
    const id = await newSession('GB');
    const answer = await session(id);
    expect(answer.withdrawalCancel).toBe(false);
    expect(answer.responsibleGambling).toMatchObject({
      withdrawalReversal: false,
      realityCheck: { intervalMinutes: 60, mandatory: true, maxMinutes: 60 },
    });
    expect((await setRg(id, { realityCheckMinutes: 0 })).status).toBe(400);
    expect((await setRg(id, { realityCheckMinutes: 120 })).status).toBe(400);
    expect((await setRg(id, { realityCheckMinutes: 30 })).body.realityCheck.intervalMinutes).toBe(30);
    // One never completed (its destination not given) its customer may drop: no reversal of a request.
    const left = await withdraw(id, 20);
    expect(await cancel(left.body.payoutId)).toBe(204);
    // One requested (its destination given) may not be reversed.
    expect(await cancel(await withdrawnToCard(id, 20))).toBe(403);
  });
});

describe('Spelinspektionen (Spellagen 14:7, Spelförordningen 11:3)', () => {
  it('requires day, week and month limits before a deposit; they cannot be declined', async () => {
    const id = await newSession('SE');
    expect(await rg(id)).toMatchObject({ limitsPrompt: 'REQUIRED', requiredPeriods: ['day', 'week', 'month'] });
    expect((await setRg(id, { noLimits: true })).status).toBe(400);
    expect((await setRg(id, { depositLimits: { day: 50 } })).body.errorMessage).toMatch(/week/);
    expect((await deposit(id, 20)).body.errorKey).toBe('LIMITS_REQUIRED');
    expect((await setRg(id, { depositLimits: { day: 50, week: 200, month: 500 } })).body.limitsPrompt).toBe('NONE');
    expect((await deposit(id, 20)).status).toBe(200);
  });

  it('lets a raise wait 72 h, and no less than its own period; a limit cannot be removed', async () => {
    const id = await newSession('SE');
    await setRg(id, { depositLimits: { day: 50, week: 200, month: 500 } });
    const raised = await setRg(id, { depositLimits: { day: 80, week: 300 } });
    const by = Object.fromEntries(
      raised.body.pending.map((p: { period: string; effectiveAt: string }) => [p.period, hoursFromNow(p.effectiveAt)]),
    );
    expect(by).toEqual({ day: 72, week: 7 * 24 });
    expect((await setRg(id, { depositLimits: { month: null } })).status).toBe(400);
    await passCoolingOff(id);
    // No confirmation asked in Sweden: the raise applies once the wait is over.
    expect((await rg(id)).limits).toEqual({ day: 80, week: 300, month: 500 });
  });

  it('bans withdrawal reversal', async () => {
    expect((await session(await newSession('SE'))).withdrawalCancel).toBe(false);
  });
});

describe('GGL (GlüStV 2021 §6c)', () => {
  it('requires a monthly limit, at most EUR 1,000, before a deposit', async () => {
    const id = await newSession('DE');
    expect(await rg(id)).toMatchObject({ limitsPrompt: 'REQUIRED', requiredPeriods: ['month'], monthlyCeiling: 1000 });
    expect((await setRg(id, { depositLimits: { month: 1500 } })).body.errorMessage).toMatch(/1000 EUR/);
    expect((await setRg(id, { depositLimits: { month: 800 } })).body.limits).toEqual({ month: 800 });
    expect((await deposit(id, 20)).status).toBe(200);
  });

  it('lets a raise wait 7 days', async () => {
    const id = await newSession('DE');
    await setRg(id, { depositLimits: { month: 300 } });
    const raised = await setRg(id, { depositLimits: { month: 1000 } });
    expect(hoursFromNow(raised.body.pending[0].effectiveAt)).toBe(7 * 24);
    expect((await session(id)).withdrawalCancel).toBe(false);
  });
});

describe('AGCO (Registrar’s Standards 2.23, 2.24)', () => {
  it('asks for limits; a raise applies by itself after 24 h; a withdrawal may be cancelled', async () => {
    const id = await newSession('CA', { state: 'ON' });
    expect((await rg(id)).limitsPrompt).toBe('ASK');
    await setRg(id, { depositLimits: { day: 30 } });
    const raised = await setRg(id, { depositLimits: { day: 60 } });
    expect(hoursFromNow(raised.body.pending[0].effectiveAt)).toBe(24);
    await passCoolingOff(id);
    expect(await rg(id)).toMatchObject({ limits: { day: 60 }, pending: [] });
    expect((await session(id)).withdrawalCancel).toBe(true);
  });
});

describe('MGA (Player Protection Directive)', () => {
  it('asks for limits before the first deposit; 24 h cooling-off; reversal left to the merchant', async () => {
    const id = await newSession('FR');
    expect(await rg(id)).toMatchObject({
      limitsPrompt: 'ASK',
      coolingOffHours: 24,
      withdrawalReversal: true,
      realityCheck: { intervalMinutes: 60 },
    });
    await setRg(id, { noLimits: true });
    expect((await deposit(id, 20)).status).toBe(200);
  });
});

describe('a time-out or self-exclusion set by the merchant', () => {
  it('blocks deposits at creation and at payment, not withdrawals, and ends when lifted or over', async () => {
    const id = await newSession('GB');
    await setRg(id, { noLimits: true });
    const before = await deposit(id, 20);
    const customerId = await customerIdOf(id);
    const until = new Date(Date.now() + 24 * HOUR).toISOString();
    expect((await exclude(customerId, { kind: 'TIME_OUT', until })).status).toBe(204);
    expect((await rg(id)).exclusion).toEqual({ kind: 'TIME_OUT', until });
    expect((await deposit(id, 20)).body).toMatchObject({ errorKey: 'CUSTOMER_EXCLUDED', errorCode: 4097 });
    expect((await payCard(before.body.paymentId)).body.errorKey).toBe('CUSTOMER_EXCLUDED');
    expect((await withdraw(id, 10)).status).toBe(200);
    const direct = await api('POST', '/public/payin', {
      token: MERCHANT,
      key: randomUUID(),
      body: {
        orderId: randomUUID(),
        amount: 5,
        currency: 'EUR',
        kycVerified: true,
        previousTransactionCount: 0,
        returnUrls,
        customer: { ...sampleCustomer, externalUserId: (await session(id)).customer.externalUserId },
      },
    });
    expect(direct.body.errorKey).toBe('CUSTOMER_EXCLUDED');
    expect((await exclude(customerId, { kind: 'SELF_EXCLUSION' })).status).toBe(204);
    expect((await rg(id)).exclusion).toEqual({ kind: 'SELF_EXCLUSION' });
    expect((await exclude(customerId, { kind: 'NONE' })).status).toBe(204);
    expect((await payCard(before.body.paymentId)).body.status).toBe('SUCCESS');
  });

  it('is the merchant’s to set (403 for the pages), needs an end for a time-out, never in the past', async () => {
    const id = await newSession('FR');
    const customerId = await customerIdOf(id);
    expect((await exclude(customerId, { kind: 'SELF_EXCLUSION' }, CHECKOUT)).status).toBe(403);
    expect((await exclude(customerId, { kind: 'TIME_OUT' })).status).toBe(400);
    expect((await exclude(customerId, { kind: 'TIME_OUT', until: new Date(Date.now() - HOUR).toISOString() })).status).toBe(400);
    expect((await exclude(customerId, { kind: 'SELF_EXCLUSION' }, 'sbx_demo_merchant')).status).toBe(404);
  });
});

describe('limits at payment', () => {
  it('a decrease applies at once to a deposit created before it', async () => {
    const id = await newSession('GB');
    await setRg(id, { depositLimits: { day: 100 } });
    const created = await deposit(id, 80);
    await setRg(id, { depositLimits: { day: 50 } });
    expect((await payCard(created.body.paymentId)).body.errorKey).toBe('LIMIT_EXCEEDED');
  });

  it('the reality check counts the session’s deposits paid and withdrawals', async () => {
    const id = await newSession('FR');
    await setRg(id, { noLimits: true });
    const created = await deposit(id, 30);
    await payCard(created.body.paymentId);
    await withdraw(id, 12);
    expect((await rg(id)).realityCheck).toMatchObject({ deposited: 30, withdrawn: 12, startedAt: expect.any(String) });
  });
});

describe('review findings', () => {
  const sessionIn = async (country: string, currency: string, externalUserId: string) => {
    const answer = await api('POST', '/public/cashier/session', {
      token: MERCHANT,
      body: {
        customer: { ...customer(country), externalUserId },
        returnUrls,
        currency,
        kycVerified: true,
        previousTransactionCount: 0,
        balance: 500,
      },
      key: randomUUID(),
    });
    await browserOf.open(answer.body.checkoutUrl);
    return answer.body.sessionId as string;
  };

  it('a limit binds deposits in every currency: a GBP limit cannot be escaped in a EUR session', async () => {
    const user = `rg-${randomUUID()}`;
    const gbp = await sessionIn('GB', 'GBP', user);
    await setRg(gbp, { depositLimits: { day: 10 } });
    const eur = await sessionIn('GB', 'EUR', user);
    // Answered in GBP: nothing is asked again; the GBP limit shows in EUR (GBP 1.17, EUR 1).
    expect((await rg(eur)).limitsPrompt).toBe('NONE');
    expect((await session(eur)).depositLimits.day).toEqual({ limit: 11.7, remaining: 11.7 });
    expect((await deposit(eur, 12)).body.errorKey).toBe('LIMIT_EXCEEDED');
    const small = await deposit(eur, 10);
    expect((await payCard(small.body.paymentId)).body.status).toBe('SUCCESS');
    // EUR 10 is GBP 8.55 of the GBP 10: GBP 1.45 (EUR 1.70) is left.
    expect((await session(gbp)).depositLimits.day.remaining).toBe(1.45);
    expect((await deposit(gbp, 2)).body.errorKey).toBe('LIMIT_EXCEEDED');
  });

  it('a decrease drops a raise ready to confirm; it cannot be confirmed afterwards', async () => {
    const id = await newSession('GB');
    await setRg(id, { depositLimits: { day: 100 } });
    await setRg(id, { depositLimits: { day: 1000 } });
    await passCoolingOff(id);
    expect((await rg(id)).pending).toEqual([expect.objectContaining({ ready: true, limit: 1000 })]);
    expect((await setRg(id, { depositLimits: { day: 50 } })).body).toMatchObject({ limits: { day: 50 }, pending: [] });
    expect((await setRg(id, { confirmReady: true })).body.limits).toEqual({ day: 50 });
  });

  it('a customer in a time-out cannot cancel a withdrawal where reversal is allowed', async () => {
    const id = await newSession('CA', { state: 'ON' });
    const payoutId = await withdrawnToCard(id, 10);
    expect((await session(id)).withdrawalCancel).toBe(true);
    await exclude(await customerIdOf(id), { kind: 'TIME_OUT', until: new Date(Date.now() + HOUR).toISOString() });
    expect((await session(id)).withdrawalCancel).toBe(false);
    expect(await cancel(payoutId)).toBe(403);
    // One left without its destination is still the customer's to drop (it is released at its time anyway).
    expect(await cancel((await withdraw(id, 10)).body.payoutId)).toBe(204);
  });

  it('an exclusion recorded during the 3DS challenge declines the deposit when the challenge passes', async () => {
    const id = await newSession('FR');
    await setRg(id, { noLimits: true });
    const created = await deposit(id, 20);
    expect((await payCard(created.body.paymentId, '4000000000003220')).body.status).toBe('PENDING_3DS');
    await exclude(await customerIdOf(id), { kind: 'SELF_EXCLUSION' });
    const db = await sandboxDb();
    await db.transaction((tx) => completeChallenge(tx, created.body.paymentId, true, { checkoutUrl: 'http://checkout.test' }));
    expect((await api('GET', `/public/payin/${created.body.paymentId}`, { token: MERCHANT })).body).toMatchObject({
      status: 'DECLINED',
      statusReason: { detailedStatus: 'BLOCKED_CUSTOMER' },
    });
  });

  it('a timed success due after an exclusion is declined when it settles', async () => {
    const id = await newSession('FR');
    await setRg(id, { noLimits: true });
    const created = await deposit(id, 20);
    expect((await payCard(created.body.paymentId, '4000000000000077')).body.status).toBe('PENDING');
    await exclude(await customerIdOf(id), { kind: 'TIME_OUT', until: new Date(Date.now() + HOUR).toISOString() });
    const db = await sandboxDb();
    await db.transaction((tx) => settleDuePayins(tx, new Date(Date.now() + 10_000)));
    expect((await api('GET', `/public/payin/${created.body.paymentId}`, { token: MERCHANT })).body).toMatchObject({
      status: 'DECLINED',
      statusReason: { detailedStatus: 'BLOCKED_CUSTOMER' },
    });
  });

  it('the merchant cannot set a month limit above the GGL ceiling either', async () => {
    const id = await newSession('DE');
    const customerId = await customerIdOf(id);
    expect(
      (await api('PUT', `/public/customer/${customerId}/limits`, { token: MERCHANT, body: { deposit: { EUR: { month: 1200 } } } })).status,
    ).toBe(400);
    expect(
      (await api('PUT', `/public/customer/${customerId}/limits`, { token: MERCHANT, body: { deposit: { EUR: { month: 900 } } } })).status,
    ).toBe(204);
  });
});
