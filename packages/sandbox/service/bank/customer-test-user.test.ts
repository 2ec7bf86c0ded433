/**
 * The sandbox bank's test user `me` (test-users.ts, bank-flow.ts): its accounts are held in the
 * name of the pay-in's customer, whoever they are, so a withdrawal by bank back to the deposit
 * account (closed-loop.ts: only an account in the customer's own name) works for any test
 * customer. Through the sandbox's router with answers checked against the OpenAPI document: Grace
 * Hopper deposits by bank as `me`, and her payout offers and accepts that account; the same deposit
 * as `pays` (Paula Pays's account) offers none.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { RETURN_URLS, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import { payAtBank } from '@sandbox/testing/pay-n-play-fixtures';
import { sandboxDb } from '../core/store';
import { checkedIban, isValidUkAccount } from './account-identifiers';
import { DEMO_BANKS } from './bank-directory';
import { accountsAt, customerTestUser, TEST_USERNAMES } from './test-users';

const browser = { userAgent: 'Mozilla/5.0', customerIp: '203.0.113.9', javascriptEnabled: true };
beforeAll(async () => {
  await sandboxDb();
});

/** A Swedish customer named Grace Hopper (no test user of the bank's table holds an account in her name). */
const grace = () => ({
  ...testCustomer(`me-${randomUUID()}`),
  firstName: 'Grace',
  lastName: 'Hopper',
  billing: { ...testCustomer().billing, countryCode: 'SE', city: 'Stockholm' },
});

/** A Pay by Bank pay-in of 20 EUR by `customer` at Göta Sparbank, paid as test user `username`. */
async function depositByBank(customer: ReturnType<typeof grace>, username: string): Promise<void> {
  const created = await api('POST', '/public/payin', {
    key: randomUUID(),
    body: {
      orderId: `me-${randomUUID()}`,
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
  await payAtBank(started.body.redirectUrl, username);
  expect((await api('GET', `/public/payin/${created.body.paymentId}`)).body.status).toBe('SUCCESS');
}

async function newPayout(customer: ReturnType<typeof grace>): Promise<string> {
  const answer = await api('POST', '/public/payout', {
    key: randomUUID(),
    body: { orderId: `me-${randomUUID()}`, value: 15, currency: 'EUR', kycVerified: false, customer },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payoutId as string;
}

const bankMethodOf = async (payoutId: string) =>
  (
    (await api('GET', `/public/payout/${payoutId}/methods`)).body.methods as {
      id: string;
      fields: { name: string; options?: { value: string; label: string }[] }[];
    }[]
  ).find((m) => m.id === 'bank');

describe('the test user `me`: accounts in the name of the pay-in’s customer', () => {
  it('lets Grace Hopper, who paid as `me`, withdraw back to that account', async () => {
    const customer = grace();
    await depositByBank(customer, 'me');
    const payoutId = await newPayout(customer);
    const method = await bankMethodOf(payoutId);
    const [option] = method?.fields[0]?.options ?? [];
    expect(option?.label).toMatch(/\d{4} · Göta Sparbank · Grace Hopper$/);
    const given = await api('POST', `/public/payout/${payoutId}/process/direct-link`, {
      key: randomUUID(),
      body: { browser, additionalData: { methodId: 'bank', bankAccount: option?.value } },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.status).toBe('WAITING_FOR_CONFIRMATION');
  });

  it('offers Grace Hopper nothing when she paid as `pays` (the account is Paula Pays’s)', async () => {
    const customer = grace();
    await depositByBank(customer, 'pays');
    expect(await bankMethodOf(await newPayout(customer))).toBeUndefined();
  });

  it('is listed on the login page, and its accounts are valid at every demo bank', () => {
    expect(TEST_USERNAMES).toContain('me');
    expect(TEST_USERNAMES).toContain('pays');
    const user = customerTestUser({
      givenName: 'Grace',
      familyName: 'Hopper',
      dateOfBirth: '1906-12-09',
      address: { street: '1 Sandbox Street', city: 'Testville', postalCode: '10001' },
    });
    for (const bank of DEMO_BANKS)
      for (const account of accountsAt(user, bank)) {
        expect(account.holder).toBe('Grace Hopper');
        expect(checkedIban(account.iban), bank.id).toBe(account.iban);
        if (bank.country === 'GB') expect(isValidUkAccount(account.sortCode!, account.accountNumber!)).toBe(true);
      }
  });
});
