/**
 * A merchant's change of a customer's deposit limits and the customer's own raises still waiting
 * (deposit-limit-changes.ts, setCustomerLimits), through the sandbox's router against the OpenAPI
 * document: a raise the merchant's new limit does not give is kept, date included, and applies
 * when its wait is over; one the new limit gives is dropped as moot; what became of each is logged.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@hosted-checkout/runtime/log';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';
import { endCoolingOff, RETURN_URLS, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from '../core/store';

const MERCHANT = 'sbx_regulated_merchant';
const browserOf = testBrowser();

/** A cashier session in EUR of a new customer billed in Malta (MGA: a raise waits 24 h, then applies by itself), and the customer's id. */
async function newSession() {
  const customer = { ...testCustomer(`dl-${randomUUID()}`), billing: { ...testCustomer().billing, countryCode: 'MT' } };
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
const setLimits = (customerId: string, deposit: object) =>
  api('PUT', `/public/customer/${customerId}/limits`, { token: MERCHANT, body: { deposit } });

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
    expect((await setLimits(customerId, { EUR: { day: 100, week: 500 } })).status).toBe(204);
    const after = await rg(id);
    expect(after.limits).toEqual({ day: 100, week: 500 });
    // The day raise (200) still raises the merchant's 100: kept as it was. The week raise (300) is below the merchant's 500: moot.
    expect(after.pending).toEqual([dayRaise]);
    expect(info).toHaveBeenCalledWith(
      {
        customerId,
        kept: [{ currency: 'EUR', period: 'day', limitMinor: 20000, effectiveAt: dayRaise.effectiveAt }],
        dropped: [{ currency: 'EUR', period: 'week', limitMinor: 30000, effectiveAt: expect.any(String) }],
      },
      expect.any(String),
    );

    await endCoolingOff(await sandboxDb(), customerId);
    expect(await rg(id)).toMatchObject({ limits: { day: 200, week: 500 }, pending: [] });
  });

  it('drops a raise of a period the merchant leaves without a limit; the customer keeps no limit there', async () => {
    const { id, customerId } = await newSession();
    await setRg(id, { depositLimits: { month: 100 } });
    await setRg(id, { depositLimits: { month: 400 } });
    expect((await setLimits(customerId, { EUR: { day: 30 } })).status).toBe(204);
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
