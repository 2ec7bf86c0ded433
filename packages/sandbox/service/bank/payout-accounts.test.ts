/**
 * A merchant's payout back to the bank account its customer deposited from (payout-accounts.ts;
 * docs/design.md, E25), through the sandbox's router with answers checked against the OpenAPI
 * document: the payout's methods offer `bank` only for a customer with a paid Pay by Bank deposit,
 * its accounts masked and named by `ref`; the payout is given that account, confirmed, and paid
 * by an instant credit transfer; a `ref` of another customer is refused, and so is a stranger's
 * account that paid the customer's pay-in.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { RETURN_URLS, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import { payAtBank } from '@sandbox/testing/pay-n-play-fixtures';
import type { Db } from '@sandbox/db/client';
import { bankCreditTransfers, bankPayments, customers, payins } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { settleDueCreditTransfers } from './credit-transfers';

const browser = { userAgent: 'Mozilla/5.0', customerIp: '203.0.113.9', javascriptEnabled: true };
let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
});

/** A Swedish customer, Paula Pays: the holder of test user `pays`'s accounts, unless `name` says otherwise. */
const swede = (externalUserId = `pb-${randomUUID()}`, name = { firstName: 'Paula', lastName: 'Pays' }) => ({
  ...testCustomer(externalUserId),
  ...name,
  billing: { ...testCustomer().billing, countryCode: 'SE', city: 'Stockholm' },
});

/** A paid Pay by Bank pay-in of 20 EUR by `customer` at Göta Sparbank (test user `pays`). */
async function depositByBank(customer: ReturnType<typeof swede>): Promise<void> {
  const created = await api('POST', '/public/payin', {
    key: randomUUID(),
    body: {
      orderId: `pb-${randomUUID()}`,
      amount: 20,
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
      customer,
      returnUrls: RETURN_URLS,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const started = await api('POST', `/public/payin/${created.body.paymentId}/process/direct-link`, {
    key: randomUUID(),
    body: { browser: { javascriptEnabled: true }, additionalData: { methodId: 'bank', bankId: 'se-gota' } },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await payAtBank(started.body.redirectUrl, 'pays');
  expect((await api('GET', `/public/payin/${created.body.paymentId}`)).body.status).toBe('SUCCESS');
}

async function newPayout(customer: ReturnType<typeof swede>): Promise<string> {
  const answer = await api('POST', '/public/payout', {
    key: randomUUID(),
    body: { orderId: `pb-${randomUUID()}`, value: 15, currency: 'EUR', kycVerified: false, customer },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payoutId as string;
}

const bankMethodOf = async (payoutId: string) =>
  (
    (await api('GET', `/public/payout/${payoutId}/methods`)).body.methods as {
      id: string;
      name: string;
      fields: { name: string; options?: { value: string; label: string }[] }[];
    }[]
  ).find((m) => m.id === 'bank');

describe('a payout back to the account the customer deposited from', () => {
  it('is offered only with a deposit account, given by its ref, and paid by an instant credit transfer', async () => {
    const customer = swede();
    const before = await newPayout(customer);
    expect(await bankMethodOf(before)).toBeUndefined();

    await depositByBank(customer);
    const payoutId = await newPayout(customer);
    const method = (await bankMethodOf(payoutId))!;
    expect(method).toMatchObject({ name: 'Bank account', fields: [{ name: 'bankAccount' }] });
    const [option] = method.fields[0]!.options!;
    expect(option!.label).toMatch(/\d{4} · Göta Sparbank · Paula Pays$/);
    // Never the account in full.
    expect(JSON.stringify(method)).not.toMatch(/SE\d{22}/);

    const given = await api('POST', `/public/payout/${payoutId}/process/direct-link`, {
      key: randomUUID(),
      body: { browser, additionalData: { methodId: 'bank', bankAccount: option!.value } },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.status).toBe('WAITING_FOR_CONFIRMATION');
    expect((await api('PUT', `/public/payout/${payoutId}/confirm`, { key: randomUUID() })).status).toBe(204);
    const [transfer] = await db.select().from(bankCreditTransfers).where(eq(bankCreditTransfers.payoutId, payoutId));
    expect(transfer).toMatchObject({ status: 'ACSP', source: 'DEPOSIT_ACCOUNT' });
    await db.transaction((tx) => settleDueCreditTransfers(tx, new Date(Date.now() + 2_000)));
    expect((await api('GET', `/public/payout/${payoutId}`)).body).toMatchObject({ status: 'PROCESSED', transactionType: 'BANK' });
  });

  it("refuses another customer's account and a missing one", async () => {
    const owner = swede();
    await depositByBank(owner);
    const ref = (await bankMethodOf(await newPayout(owner)))!.fields[0]!.options![0]!.value;
    const stranger = swede();
    await depositByBank(stranger);
    const payoutId = await newPayout(stranger);
    for (const additionalData of [{ methodId: 'bank', bankAccount: ref }, { methodId: 'bank' }]) {
      const answer = await api('POST', `/public/payout/${payoutId}/process/direct-link`, {
        key: randomUUID(),
        body: { browser, additionalData },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.errorMessage).toMatch(/^additionalData\.bankAccount: /);
    }
    expect((await api('GET', `/public/payout/${payoutId}`)).body.status).toBe('CREATED');
  });

  it('is not offered for a stranger’s account that paid the customer’s pay-in, and its ref is refused', async () => {
    // Ada Lovelace's pay-in, paid by Paula Pays from her own account.
    const customer = swede(`pb-${randomUUID()}`, { firstName: 'Ada', lastName: 'Lovelace' });
    await depositByBank(customer);
    const payoutId = await newPayout(customer);
    expect(await bankMethodOf(payoutId)).toBeUndefined();
    const [payment] = await db
      .select({ id: bankPayments.id })
      .from(bankPayments)
      .innerJoin(payins, eq(payins.id, bankPayments.payinId))
      .innerJoin(customers, eq(customers.id, payins.customerId))
      .where(eq(customers.externalUserId, customer.externalUserId));
    const answer = await api('POST', `/public/payout/${payoutId}/process/direct-link`, {
      key: randomUUID(),
      body: { browser, additionalData: { methodId: 'bank', bankAccount: payment!.id } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect((await api('GET', `/public/payout/${payoutId}`)).body.status).toBe('CREATED');
  });
});
