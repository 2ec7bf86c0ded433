/**
 * A merchant's change of a customer's limits (merchant-limit-changes.ts, setCustomerLimits),
 * through the sandbox's router against the OpenAPI document: every kind the cashier offers
 * (deposit, loss, net deposit) is set by the customer's rules (lower at once, higher after the
 * cooling-off, the rules' required deposit limits), in its own currency; an unknown kind is 400.
 * The customer's own raises still waiting: one the merchant's new limit does not give is kept,
 * date included, and applies when its wait is over; one the new limit gives is dropped as moot;
 * what became of each is logged.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@hosted-checkout/runtime/log';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';
import { endCoolingOff, RETURN_URLS, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import { eq } from 'drizzle-orm';
import { customers } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';

const MERCHANT = 'sbx_regulated_merchant';
const browserOf = testBrowser();

/** A cashier session in EUR of a new customer billed in `country` (Malta: MGA, a raise waits 24 h, then applies by itself), and the customer's id. */
async function newSession(country = 'MT') {
  const customer = { ...testCustomer(`dl-${randomUUID()}`), billing: { ...testCustomer().billing, countryCode: country } };
  const answer = await api('POST', '/public/cashier/session', {
    token: MERCHANT,
    body: { customer, returnUrls: RETURN_URLS, currency: 'EUR', kycVerified: true, previousTransactionCount: 0, balance: 500 },
    key: randomUUID(),
  });
  expect(answer.status).toBe(200);
  await browserOf.open(answer.body.checkoutUrl);
  const customerId = (await api('POST', '/public/customer', { token: MERCHANT, body: customer })).body.customerId as string;
  return { id: answer.body.sessionId as string, customerId };
}
const rg = async (id: string) => (await api('GET', `/public/cashier/session/${id}`, { ...browserOf.pages })).body.responsibleGambling;
const setRg = (id: string, body: object) => api('PUT', `/public/cashier/session/${id}/responsible-gambling`, { ...browserOf.pages, body });
const putLimits = (customerId: string, body: object) => api('PUT', `/public/customer/${customerId}/limits`, { token: MERCHANT, body });
const setLimits = (customerId: string, deposit: object) => putLimits(customerId, { deposit });

beforeAll(async () => {
  await sandboxDb();
});
afterEach(() => vi.restoreAllMocks());

describe("a merchant's limits and the customer's raises still waiting", () => {
  it('keeps a raise above the new limit (it applies when its wait is over), drops one the new limit gives, and logs both', async () => {
    const { id, customerId } = await newSession();
    await setRg(id, { depositLimits: { day: 50, week: 100 } });
    const raised = (await setRg(id, { depositLimits: { day: 200, week: 300 } })).body;
    expect(raised.pending).toHaveLength(2);
    const dayRaise = raised.pending.find((p: { period: string }) => p.period === 'day');

    const info = vi.spyOn(logger, 'info');
    // The day lowered (at once); the week raised (after the cooling-off, as the customer's would be).
    expect((await setLimits(customerId, { EUR: { day: 40, week: 500 } })).status).toBe(204);
    const after = await rg(id);
    expect(after.limits).toEqual({ day: 40, week: 100 });
    // The day raise (200) still raises the merchant's 40: kept as it was. The week raise (300) is below the merchant's 500: moot.
    expect(after.pending).toEqual([dayRaise, expect.objectContaining({ period: 'week', limit: 500, ready: false })]);
    expect(info).toHaveBeenCalledWith(
      {
        customerId,
        kept: [{ kind: 'deposit', currency: 'EUR', period: 'day', limitMinor: 20000, effectiveAt: dayRaise.effectiveAt }],
        dropped: [{ kind: 'deposit', currency: 'EUR', period: 'week', limitMinor: 30000, effectiveAt: expect.any(String) }],
        deferred: [{ kind: 'deposit', currency: 'EUR', period: 'week', limitMinor: 50000, effectiveAt: expect.any(String) }],
      },
      expect.any(String),
    );

    await endCoolingOff(await sandboxDb(), customerId);
    expect(await rg(id)).toMatchObject({ limits: { day: 200, week: 500 }, pending: [] });
  });

  it('drops a raise of a period the merchant leaves without a limit; that limit goes after the cooling-off', async () => {
    const { id, customerId } = await newSession();
    await setRg(id, { depositLimits: { month: 100 } });
    await setRg(id, { depositLimits: { month: 400 } });
    expect((await setLimits(customerId, { EUR: { day: 30 } })).status).toBe(204);
    expect(await rg(id)).toMatchObject({ limits: { day: 30, month: 100 }, pending: [{ period: 'month', limit: null }] });
    await endCoolingOff(await sandboxDb(), customerId);
    expect(await rg(id)).toMatchObject({ limits: { day: 30 }, pending: [] });
  });

  it('keeps a removal the customer asked for while the period still has a limit', async () => {
    const { id, customerId } = await newSession();
    await setRg(id, { depositLimits: { week: 100 } });
    const removal = (await setRg(id, { depositLimits: { week: null } })).body.pending;
    expect(removal).toEqual([expect.objectContaining({ period: 'week', limit: null })]);
    expect((await setLimits(customerId, { EUR: { week: 80 } })).status).toBe(204);
    expect(await rg(id)).toMatchObject({ limits: { week: 80 }, pending: removal });
  });
});

/** Ends the cooling-off of the customer's waiting loss and net deposit limits, as endCoolingOff does for deposit limits. */
async function endOtherCoolingOff(customerId: string): Promise<void> {
  const db = await sandboxDb();
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  const effectiveAt = new Date(Date.now() - 1000).toISOString();
  const moved = (byCurrency: Record<string, Record<string, object | undefined>> = {}) =>
    Object.fromEntries(
      Object.entries(byCurrency).map(([c, periods]) => [
        c,
        Object.fromEntries(Object.entries(periods).flatMap(([p, v]) => (v ? [[p, { ...v, effectiveAt }]] : []))),
      ]),
    );
  const otherPending = { loss: moved(row?.gambling?.otherPending?.loss), netDeposit: moved(row?.gambling?.otherPending?.netDeposit) };
  await db
    .update(customers)
    .set({ gambling: { ...row?.gambling, otherPending } })
    .where(eq(customers.id, customerId));
}

describe("the merchant's PUT /public/customer/{id}/limits sets every kind the cashier offers, by the customer's rules", () => {
  it('sets deposit, loss and net deposit limits; a kind left out stays as it is', async () => {
    const { id, customerId } = await newSession();
    const set = await putLimits(customerId, {
      deposit: { EUR: { day: 100 } },
      loss: { EUR: { week: 200 } },
      netDeposit: { EUR: { month: 300 } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(204);
    expect(await rg(id)).toMatchObject({ limits: { day: 100 }, lossLimits: { week: 200 }, netDepositLimits: { month: 300 }, pending: [] });
    // Only the loss limits named: lowered at once; deposit and net deposit limits untouched.
    expect((await putLimits(customerId, { loss: { EUR: { week: 150 } } })).status).toBe(204);
    expect(await rg(id)).toMatchObject({ limits: { day: 100 }, lossLimits: { week: 150 }, netDepositLimits: { month: 300 } });
  });

  it('defers a raise to the end of the cooling-off (24 h under MGA), then applies it', async () => {
    const { id, customerId } = await newSession();
    await putLimits(customerId, { netDeposit: { EUR: { week: 100 } } });
    const before = Date.now();
    expect((await putLimits(customerId, { netDeposit: { EUR: { week: 400 } } })).status).toBe(204);
    const waiting = await rg(id);
    expect(waiting.netDepositLimits).toEqual({ week: 100 });
    expect(waiting.pending).toEqual([expect.objectContaining({ kind: 'netDeposit', period: 'week', limit: 400, ready: false })]);
    const hours = (new Date(waiting.pending[0].effectiveAt).getTime() - before) / 3600_000;
    expect(Math.round(hours)).toBe(24);
    await endOtherCoolingOff(customerId);
    expect(await rg(id)).toMatchObject({ netDepositLimits: { week: 400 }, pending: [] });
  });

  it("raises a limit in its own currency only: the period's limit in another currency still binds", async () => {
    const { id, customerId } = await newSession();
    await setLimits(customerId, { EUR: { day: 100 }, GBP: { day: 80 } });
    expect((await setLimits(customerId, { EUR: { day: 200 }, GBP: { day: 80 } })).status).toBe(204);
    await endCoolingOff(await sandboxDb(), customerId);
    // GBP 80 is tighter than EUR 200 at the sandbox's rates: it binds still.
    expect((await rg(id)).limitsSetIn).toEqual({ day: { currency: 'GBP', amount: 80 } });
  });

  it('refuses an unknown kind or period, an empty body, and a deposit limit the rules require left out (400)', async () => {
    const { customerId } = await newSession();
    for (const body of [{ stake: { EUR: { day: 10 } } }, {}, { deposit: { EUR: { daily: 10 } } }, { loss: { EUR: { day: -5 } } }]) {
      const answer = await putLimits(customerId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errorKey).toBe('VALIDATION_ERROR');
    }
    const swede = await newSession('SE');
    const answer = await putLimits(swede.customerId, { deposit: { EUR: { day: 50 } } });
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessage).toMatch(/require a week deposit limit/);
  });
});
