/**
 * The national self-exclusion registers in the service (national-registers.ts; docs/design.md,
 * section 8), through the sandbox's router with every answer checked against the OpenAPI document:
 * ROFUS (Denmark, by CPR) and SIGAP (Brazil, by CPF) asked when a cashier session starts; an
 * excluded customer's deposit refused before anything is created or charged, and at payment;
 * withdrawals open; a customer without the id refused with KYC_REQUIRED; the signed
 * `customer.register_excluded` event once per exclusion; SIGAP asked again on the next day of
 * Brasília, ROFUS at each login; and Denmark's limits required before the first deposit.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { customers, merchants, payins } from '@sandbox/db/schema';
import { cardRequest, RETURN_URLS } from '@sandbox/testing/sandbox-fixtures';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';
import { cashierCalls } from '@sandbox/testing/cashier-calls';
import { receiveWebhooks } from '@sandbox/testing/webhook-receiver';
import { RegisterExcludedEvent } from '@hosted-checkout/contract/events';
import { required } from '@hosted-checkout/contract/required';
import { sandboxDb } from '../core/store';
import { runSandboxWorkerOnce } from '../worker';
import { checkNationalRegisters, nextMonthStart, queryRegister } from './national-registers';
import { refusalAtPayment } from './deposit-rules';

const browserOf = testBrowser();
const MERCHANT = 'sbx_regulated_merchant';
const MERCHANT_ID = 'merchant-regulated';
const received = receiveWebhooks(MERCHANT);
const { rg, setRg, deposit, withdraw } = cashierCalls(browserOf);

const ROFUS_FINAL = '010180-1010';
const ROFUS_TEMPORARY = '020280-2020';
const ROFUS_CLEAR = '030380-3030';
const SIGAP_EXCLUDED = '123.456.789-09';
const SIGAP_CLEAR = '529.982.247-25';

type Kyc = { idType?: string; idNumber?: string; idCountry?: string };
const cpr = (idNumber: string): Kyc => ({ idType: 'CPR', idNumber, idCountry: 'DK' });
const cpf = (idNumber: string): Kyc => ({ idType: 'CPF', idNumber, idCountry: 'BR' });

/** A cashier session of the customer `externalUserId` (new unless given) of `country` with `kyc`, opened in the test browser. */
async function open(country: 'DK' | 'BR', kyc: Kyc | undefined, externalUserId = `nr-${randomUUID()}`) {
  const customer = {
    ...sampleCustomer,
    externalUserId,
    billing: { ...sampleCustomer.billing, countryCode: country },
    ...(kyc ? { kyc } : {}),
  };
  const answer = await api('POST', '/public/cashier/session', {
    token: MERCHANT,
    body: { customer, returnUrls: RETURN_URLS, currency: 'EUR', kycVerified: true, previousTransactionCount: 0, balance: 200 },
    key: randomUUID(),
  });
  expect(answer.status).toBe(200);
  await browserOf.open(answer.body.checkoutUrl);
  const db = await sandboxDb();
  const [row] = await db.select().from(customers).where(eq(customers.externalUserId, externalUserId));
  return { id: answer.body.sessionId as string, customerId: required(row, externalUserId).id, externalUserId };
}

const payinsOf = async (customerId: string) => (await sandboxDb()).select().from(payins).where(eq(payins.customerId, customerId));
const payCard = (payinId: string) =>
  api('POST', `/public/payin/${payinId}/process/card`, { ...browserOf.pages, key: randomUUID(), body: cardRequest('4242424242424242') });

describe('ROFUS (Spillemyndigheden, BEK 1274/2019 § 25)', () => {
  it('an excluded CPR: the deposit step names ROFUS and links it; no deposit is created; withdrawals stay open', async () => {
    const { id, customerId } = await open('DK', cpr(ROFUS_FINAL));
    const answer = await rg(id);
    expect(answer.nationalRegister).toEqual({
      status: 'EXCLUDED',
      regulator: 'SPILLEMYNDIGHEDEN',
      register: 'ROFUS',
      idType: 'CPR',
      checkedAt: expect.any(String),
      scheme: { url: 'https://www.spillemyndigheden.dk/rofus', name: 'ROFUS' },
    });
    const refused = await deposit(id, 20);
    expect(refused.status).toBe(409);
    expect(refused.body.errorKey).toBe('CUSTOMER_EXCLUDED');
    expect(JSON.stringify(refused.body)).toContain('ROFUS');
    expect(JSON.stringify(refused.body)).not.toContain('1010');
    expect(await payinsOf(customerId)).toHaveLength(0);
    const payout = await withdraw(id, 50);
    expect(payout.status).toBe(200);
    // Only the keyed hash of the CPR is kept.
    const [row] = await (await sandboxDb()).select().from(customers).where(eq(customers.id, customerId));
    const stored = JSON.stringify(row?.gambling);
    expect(stored).not.toContain('0101801010');
    expect(row?.gambling?.registers?.SPILLEMYNDIGHEDEN).toMatchObject({ excluded: true, idHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('a temporary exclusion ends on the first day of next month, and says so', async () => {
    const { id } = await open('DK', cpr(ROFUS_TEMPORARY));
    const answer = await rg(id);
    expect(answer.nationalRegister).toMatchObject({ status: 'EXCLUDED', until: nextMonthStart(new Date()).toISOString() });
    expect((await deposit(id, 20)).body.errorKey).toBe('CUSTOMER_EXCLUDED');
  });

  it('a clear CPR: a limit is required first, one of day, week or month (§ 21), then the deposit is paid; a raise waits 24 h', async () => {
    const { id } = await open('DK', cpr(ROFUS_CLEAR));
    const before = await rg(id);
    expect(before.nationalRegister).toBeUndefined();
    expect(before).toMatchObject({ regulators: ['SPILLEMYNDIGHEDEN'], limitsPrompt: 'REQUIRED', requiredOneOf: true, coolingOffHours: 24 });
    expect(before.requiredPeriods).toEqual(['day', 'week', 'month']);
    expect((await deposit(id, 20)).body.errorKey).toBe('LIMITS_REQUIRED');
    expect((await setRg(id, { noLimits: true })).status).toBe(400);
    // A monthly limit alone answers it (before: all three were asked, as in Sweden).
    const set = await setRg(id, { depositLimits: { month: 1000 } });
    expect(set.status).toBe(200);
    expect(set.body.limitsPrompt).toBe('NONE');
    const created = await deposit(id, 20);
    expect(created.status).toBe(200);
    expect((await payCard(created.body.paymentId)).body.status).toBe('SUCCESS');
    const raised = await setRg(id, { depositLimits: { month: 2000 } });
    expect(raised.body.limits.month).toBe(1000);
    const pending = required(raised.body.pending[0], 'the raise');
    expect(new Date(pending.effectiveAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    // The one limit cannot be removed; with a second one set, it can (after the cooling-off).
    const last = await setRg(id, { depositLimits: { month: null } });
    expect(last.status).toBe(400);
    expect(JSON.stringify(last.body)).toContain('daily, weekly or monthly');
    expect((await setRg(id, { depositLimits: { day: 50 } })).status).toBe(200);
    expect((await setRg(id, { depositLimits: { month: null } })).status).toBe(200);
  });

  it("the merchant's limits: one period suffices under Spillemyndigheden", async () => {
    const { customerId } = await open('DK', cpr(ROFUS_CLEAR));
    const put = (body: object) => api('PUT', `/public/customer/${customerId}/limits`, { token: MERCHANT, body });
    expect((await put({ deposit: { EUR: { week: 300 } } })).status).toBe(204);
  });

  it('no CPR: deposits refused until the merchant identifies the customer (KYC_REQUIRED); a foreign id is outside ROFUS (§ 25 stk. 6)', async () => {
    const { id } = await open('DK', undefined);
    expect((await rg(id)).nationalRegister).toMatchObject({ status: 'IDENTITY_REQUIRED', register: 'ROFUS', idType: 'CPR' });
    const refused = await deposit(id, 20);
    expect(refused.status).toBe(409);
    expect(refused.body.errorKey).toBe('KYC_REQUIRED');
    expect((await withdraw(id, 10)).status).toBe(200);
    const foreign = await open('DK', { idType: 'PASSPORT', idNumber: 'AA1234567', idCountry: 'SE' });
    expect((await rg(foreign.id)).nationalRegister).toBeUndefined();
  });

  it('an excluded CPR, then the same customer with a foreign id or another CPR: still excluded, no deposit created', async () => {
    const excluded = await open('DK', cpr(ROFUS_FINAL));
    const again = await open('DK', { idType: 'PASSPORT', idNumber: 'AA1234567', idCountry: 'SE' }, excluded.externalUserId);
    expect(again.customerId).toBe(excluded.customerId);
    expect((await rg(again.id)).nationalRegister).toMatchObject({ status: 'EXCLUDED', register: 'ROFUS' });
    expect((await deposit(again.id, 20)).status).toBe(409);
    expect(await payinsOf(again.customerId)).toHaveLength(0);
    // Another CPR the register does not list, for the same customer: the exclusion found stands.
    const other = await open('DK', cpr(ROFUS_CLEAR), excluded.externalUserId);
    expect((await rg(other.id)).nationalRegister).toMatchObject({ status: 'EXCLUDED', register: 'ROFUS' });
    expect((await deposit(other.id, 20)).status).toBe(409);
    expect(await payinsOf(other.customerId)).toHaveLength(0);
  });

  it('asks again at each login (session start); a deposit created before an exclusion is declined when paid', async () => {
    const first = await open('DK', cpr(ROFUS_CLEAR));
    await setRg(first.id, { depositLimits: { day: 100 } });
    const created = await deposit(first.id, 20);
    expect(created.status).toBe(200);
    const db = await sandboxDb();
    const checkedAt = async () =>
      required((await db.select().from(customers).where(eq(customers.id, first.customerId)))[0], 'customer').gambling?.registers
        ?.SPILLEMYNDIGHEDEN?.checkedAt;
    const before = await checkedAt();
    // The same customer logs in again, now with the excluded CPR on file.
    const second = await open('DK', cpr(ROFUS_FINAL), first.externalUserId);
    expect(await checkedAt()).not.toBe(before);
    expect((await rg(second.id)).nationalRegister?.status).toBe('EXCLUDED');
    const paid = await payCard(created.body.paymentId);
    expect(paid.body.status).not.toBe('SUCCESS');
    const [payin] = await db.select().from(payins).where(eq(payins.id, created.body.paymentId));
    expect(payin?.status).not.toBe('SUCCESS');
    // The payment guard every path to SUCCESS passes (deposit-rules.ts) declines it too.
    const refusal = await db.transaction((tx) => refusalAtPayment(tx, required(payin, 'the deposit')));
    expect(refusal).toMatchObject({ status: 'DECLINED', detailedStatus: 'BLOCKED_CUSTOMER', reason: expect.stringContaining('ROFUS') });
  });
});

describe('SIGAP (SPA/MF, IN 31/2025 arts. 4–7)', () => {
  it('"Impedido": deposits refused, withdrawals open, customer.register_excluded sent signed once', async () => {
    const { id, customerId, externalUserId } = await open('BR', cpf(SIGAP_EXCLUDED));
    expect((await rg(id)).nationalRegister).toMatchObject({
      status: 'EXCLUDED',
      register: 'SIGAP',
      scheme: { url: 'https://www.gov.br/autoexclusaoapostas' },
    });
    expect((await deposit(id, 20)).body.errorKey).toBe('CUSTOMER_EXCLUDED');
    expect(await payinsOf(customerId)).toHaveLength(0);
    expect((await withdraw(id, 50)).status).toBe(200);
    // A second session the same day: SIGAP not asked again, no second event.
    await open('BR', cpf(SIGAP_EXCLUDED), externalUserId);
    const db = await sandboxDb();
    await runSandboxWorkerOnce(db);
    const [merchant] = await db.select().from(merchants).where(eq(merchants.token, MERCHANT));
    const events = received
      .filter((r) => JSON.parse(r.raw).type === 'customer.register_excluded' && JSON.parse(r.raw).data.customerId === customerId)
      .map((r) => {
        expect(new Webhook(required(merchant, 'merchant').webhookSecret).verify(r.raw, r.headers as Record<string, string>)).toEqual(
          JSON.parse(r.raw),
        );
        return RegisterExcludedEvent.parse(JSON.parse(r.raw));
      });
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ customerId, externalUserId, regulator: 'SPA_MF', register: 'SIGAP', sessionId: id });
    expect(received.some((r) => r.raw.includes('12345678909') || r.raw.includes('123.456.789-09'))).toBe(false);
  });

  it('no CPF: identity needed before a deposit (an invalid CPF is refused when the customer is given: 400)', async () => {
    const { id } = await open('BR', undefined);
    expect((await rg(id)).nationalRegister).toMatchObject({ status: 'IDENTITY_REQUIRED', register: 'SIGAP', idType: 'CPF' });
    expect((await deposit(id, 20)).body.errorKey).toBe('KYC_REQUIRED');
  });

  it('is asked at the first login of each day of Brasília, not at every login', async () => {
    const { customerId } = await open('BR', cpf(SIGAP_CLEAR));
    const db = await sandboxDb();
    const day = new Date();
    const check = (at: Date) => db.transaction((tx) => checkNationalRegisters(tx, MERCHANT_ID, customerId, { loginAt: at, now: at }));
    // The session just opened asked today; a later login the same Brasília day does not ask again.
    const sameDay = new Date(Math.max(day.getTime(), Math.min(day.getTime() + 60_000, endOfBrasiliaDay(day) - 1)));
    expect(await check(sameDay)).toBe(0);
    const nextDay = new Date(endOfBrasiliaDay(day) + 3600_000);
    expect(await check(nextDay)).toBe(1);
    expect(await check(new Date(nextDay.getTime() + 3600_000))).toBe(0);
  });
});

describe('the stand-in register', () => {
  it('answers by the keyed hash of the normalised id, formatted or bare', async () => {
    const db = await sandboxDb();
    const now = new Date('2026-11-29T12:00:00Z');
    expect(await queryRegister(db, 'ROFUS', '0101801010', now)).toEqual({ excluded: true });
    expect(await queryRegister(db, 'ROFUS', '0202802020', now)).toEqual({ excluded: true, until: '2026-12-01T00:00:00.000Z' });
    expect(await queryRegister(db, 'ROFUS', '0303803030', now)).toEqual({ excluded: false });
    expect(await queryRegister(db, 'SIGAP', '12345678909', now)).toEqual({ excluded: true });
    // A CPR's digits are not on SIGAP's register, nor the other way round.
    expect(await queryRegister(db, 'SIGAP', '0101801010', now)).toEqual({ excluded: false });
  });
});

/** The first instant (epoch ms) of the calendar day of Brasília (UTC-3, no daylight saving since 2019) after `at`'s. */
function endOfBrasiliaDay(at: Date): number {
  const local = new Date(at.getTime() - 3 * 3600_000);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) + 3 * 3600_000;
}
