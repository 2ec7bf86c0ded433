/**
 * A customer's deposit limits seen from sessions in other currencies (the merchant's and the customer's limits), through the
 * sandbox's router against the OpenAPI document: a limit set in a GBP session is in force in a EUR
 * session, converted at the sandbox's rates (GBP 1.17, EUR 1) and saying where it was set; a
 * change made in EUR is a change of that limit: a raise waits the cooling-off (and, under UKGC,
 * the customer's confirmation) and then replaces it, a decrease replaces it at once.
 * Sessions are created and read with the merchant's token; the customer's own changes take the
 * pages' credential, with the holder's proof when the service asks for one.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { endCoolingOff } from '@sandbox/testing/sandbox-fixtures';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { payins } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';

const CHECKOUT = 'sbx_checkout';
const MERCHANT = 'sbx_regulated_merchant';
const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };
const HOUR = 3600_000;

/** The holder's proof of each session this test opened as the browser would (none where the service has no launch step). */
const proofs = new Map<string, string>();

async function sessionIn(currency: string, externalUserId: string): Promise<string> {
  const answer = await api('POST', '/public/cashier/session', {
    token: MERCHANT,
    body: {
      customer: { ...sampleCustomer, externalUserId, billing: { ...sampleCustomer.billing, countryCode: 'GB' } },
      returnUrls,
      currency,
      kycVerified: true,
      previousTransactionCount: 0,
      balance: 0,
    },
    key: randomUUID(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const id = answer.body.sessionId as string;
  const launch = new URL(answer.body.checkoutUrl as string).searchParams.get('launch');
  if (launch) {
    const proof = randomBytes(32).toString('hex');
    expect(
      (await api('PUT', `/public/cashier/session/${id}/binding`, { token: CHECKOUT, body: { launchToken: launch, holderProof: proof } }))
        .status,
    ).toBe(204);
    proofs.set(id, proof);
  }
  return id;
}
const holder = (id: string) => (proofs.has(id) ? { 'Holder-Proof': proofs.get(id)! } : undefined);
const session = async (id: string) => (await api('GET', `/public/cashier/session/${id}`, { token: MERCHANT })).body;
const rg = async (id: string) => (await session(id)).responsibleGambling;
const setRg = (id: string, body: object) =>
  api('PUT', `/public/cashier/session/${id}/responsible-gambling`, { token: CHECKOUT, body, headers: holder(id) });
/** A deposit in the session: by the browser holding the session, or the merchant where no browser does. */
const deposit = (id: string, amount: number) =>
  api('POST', `/public/cashier/session/${id}/payin`, {
    token: proofs.has(id) ? CHECKOUT : MERCHANT,
    headers: holder(id),
    body: { amount },
    key: randomUUID(),
  });
const hoursFromNow = (iso: string) => Math.round((new Date(iso).getTime() - Date.now()) / HOUR);

/** Ends the cooling-off of every raise of the session's customer (their dates moved into the past). */
/** Ends the cooling-off of the waiting raises of the session's customer (found by a deposit of 1). */
async function passCoolingOff(sessionId: string) {
  const db = await sandboxDb();
  const created = await deposit(sessionId, 1);
  const [payin] = await db.select({ customerId: payins.customerId }).from(payins).where(eq(payins.id, created.body.paymentId));
  await endCoolingOff(db, payin!.customerId);
}

beforeAll(async () => {
  await sandboxDb();
}, 60_000);

describe('limits in force in every session, converted, with the currency they were set in', () => {
  it('a daily limit of GBP 50 is EUR 58.50 in a EUR session, set in GBP; the deposit form and the panel agree', async () => {
    const user = `lac-${randomUUID()}`;
    const gbp = await sessionIn('GBP', user);
    const eur = await sessionIn('EUR', user);
    const set = await setRg(gbp, { depositLimits: { day: 50 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ limits: { day: 50 }, limitsSetIn: { day: { currency: 'GBP', amount: 50 } } });
    const inEur = await session(eur);
    expect(inEur.responsibleGambling).toMatchObject({
      limits: { day: 58.5 },
      limitsSetIn: { day: { currency: 'GBP', amount: 50 } },
      pending: [],
      limitsPrompt: 'NONE',
    });
    expect(inEur.depositLimits.day.limit).toBe(58.5);
  });

  it('a raise asked in EUR waits the cooling-off and is not in force; the GBP limit still binds', async () => {
    const user = `lac-${randomUUID()}`;
    const gbp = await sessionIn('GBP', user);
    const eur = await sessionIn('EUR', user);
    await setRg(gbp, { depositLimits: { day: 50 } });
    const raised = await setRg(eur, { depositLimits: { day: 100 } });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.limits).toEqual({ day: 58.5 });
    expect(raised.body.limitsSetIn).toEqual({ day: { currency: 'GBP', amount: 50 } });
    expect(raised.body.pending).toEqual([
      { period: 'day', limit: 100, effectiveAt: expect.any(String), ready: false, setIn: { currency: 'EUR', amount: 100 } },
    ]);
    expect(hoursFromNow(raised.body.pending[0].effectiveAt)).toBe(24);
    expect((await deposit(eur, 60)).body.errorKey).toBe('LIMIT_EXCEEDED');
    // The GBP session shows the same two: the limit in force, and the raise converted (EUR 100 is GBP 85.47).
    expect(await rg(gbp)).toMatchObject({
      limits: { day: 50 },
      pending: [{ period: 'day', limit: 85.47, ready: false, setIn: { currency: 'EUR', amount: 100 } }],
    });
    // Once the wait is over, UKGC asks the customer to confirm it; then it replaces the GBP limit.
    await passCoolingOff(eur);
    expect(await rg(eur)).toMatchObject({ limits: { day: 58.5 }, pending: [{ period: 'day', limit: 100, ready: true }] });
    const confirmed = await setRg(eur, { confirmReady: true });
    expect(confirmed.body).toMatchObject({ limits: { day: 100 }, limitsSetIn: { day: { currency: 'EUR', amount: 100 } }, pending: [] });
    expect(await rg(gbp)).toMatchObject({ limits: { day: 85.47 }, limitsSetIn: { day: { currency: 'EUR', amount: 100 } } });
  });

  it('a decrease asked in EUR applies at once and replaces the limit set in GBP, and its waiting raise', async () => {
    const user = `lac-${randomUUID()}`;
    const gbp = await sessionIn('GBP', user);
    const eur = await sessionIn('EUR', user);
    await setRg(gbp, { depositLimits: { day: 50 } });
    await setRg(gbp, { depositLimits: { day: 80 } });
    expect((await rg(eur)).pending).toHaveLength(1);
    const lowered = await setRg(eur, { depositLimits: { day: 20 } });
    expect(lowered.body).toMatchObject({ limits: { day: 20 }, limitsSetIn: { day: { currency: 'EUR', amount: 20 } }, pending: [] });
    // EUR 20 is GBP 17.09: the one daily limit, wherever it is read.
    expect(await rg(gbp)).toMatchObject({ limits: { day: 17.09 }, limitsSetIn: { day: { currency: 'EUR', amount: 20 } }, pending: [] });
    expect((await deposit(gbp, 18)).body.errorKey).toBe('LIMIT_EXCEEDED');
    expect((await deposit(gbp, 17)).status).toBe(200);
  });

  it('asking in EUR the GBP limit converted changes nothing', async () => {
    const user = `lac-${randomUUID()}`;
    const gbp = await sessionIn('GBP', user);
    const eur = await sessionIn('EUR', user);
    await setRg(gbp, { depositLimits: { week: 50 } });
    expect((await setRg(eur, { depositLimits: { week: 58.5 } })).body).toMatchObject({
      limits: { week: 58.5 },
      limitsSetIn: { week: { currency: 'GBP', amount: 50 } },
      pending: [],
    });
  });
});
