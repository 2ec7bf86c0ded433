/**
 * The cashier calls the sandbox's tests share, through the router against the OpenAPI document
 * (contractCall): a cashier session opened by one test browser (its launch secret spent), and the
 * pages' calls on it with that browser's holder proof (the responsible gambling answer and its
 * change, a deposit, a withdrawal). Amounts are major units, as the API takes them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers } from '@sandbox/db/schema';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { sandboxDb } from '@sandbox/service/core/store';
import { required } from '@hosted-checkout/contract/required';
import { contractCall as api, type testBrowser } from './sandbox-http';
import { RETURN_URLS } from './sandbox-fixtures';

/** One test browser (testBrowser()): it opens the sessions and carries the pages' credential. */
export type TestBrowser = ReturnType<typeof testBrowser>;

/** What a test's cashier session is created with; the sample customer's values where not given. */
export interface CashierSessionOptions {
  /** The merchant's API token. */
  token: string;
  externalUserId?: string;
  /** ISO 3166-1 alpha-2 billing country (the licence that serves the customer). */
  country?: string;
  /** ISO date. */
  dateOfBirth?: string;
  /** ISO 4217; EUR unless given. */
  currency?: string;
  /** Major units. */
  balance: number;
}

/**
 * Creates a KYC-verified cashier session of a first-time customer (POST /public/cashier/session;
 * the test fails unless 200) and opens its checkoutUrl in `browser`. Answers the session id.
 */
export async function openCashierSession(browser: TestBrowser, options: CashierSessionOptions): Promise<string> {
  const { token, externalUserId = `c-${randomUUID()}`, country, dateOfBirth, currency = 'EUR', balance } = options;
  const customer = {
    ...sampleCustomer,
    externalUserId,
    ...(dateOfBirth ? { dateOfBirth } : {}),
    ...(country ? { billing: { ...sampleCustomer.billing, countryCode: country } } : {}),
  };
  const answer = await api('POST', '/public/cashier/session', {
    token,
    body: { customer, returnUrls: RETURN_URLS, currency, kycVerified: true, previousTransactionCount: 0, balance },
    key: randomUUID(),
  });
  expect(answer.status, 'creating a cashier session').toBe(200);
  await browser.open(answer.body.checkoutUrl);
  return answer.body.sessionId as string;
}

/** openCashierSession(), with the id of the customer (`externalUserId`, new unless given) the sandbox stored. */
export async function openCustomerSession(browser: TestBrowser, options: CashierSessionOptions) {
  const externalUserId = options.externalUserId ?? `c-${randomUUID()}`;
  const id = await openCashierSession(browser, { ...options, externalUserId });
  const db = await sandboxDb();
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.externalUserId, externalUserId));
  return { id, customerId: required(row, `customer ${externalUserId}`).id };
}

/**
 * The pages' calls on a session by `browser`: `rg(id)` the session's responsible gambling answer,
 * `setRg(id, body)` its change (PUT), `deposit(id, amount, extra)` a cashier pay-in, `withdraw(id,
 * value)` a cashier payout; each answers the call's Answer (rg: the answer's field).
 */
export function cashierCalls(browser: TestBrowser) {
  return {
    rg: async (id: string) => (await api('GET', `/public/cashier/session/${id}`, { ...browser.pages })).body.responsibleGambling,
    setRg: (id: string, body: object) => api('PUT', `/public/cashier/session/${id}/responsible-gambling`, { ...browser.pages, body }),
    deposit: (id: string, amount: number, extra: object = {}) =>
      api('POST', `/public/cashier/session/${id}/payin`, { body: { amount, ...extra }, ...browser.pages, key: randomUUID() }),
    withdraw: (id: string, value: number) =>
      api('POST', `/public/cashier/session/${id}/payout`, { body: { value }, ...browser.pages, key: randomUUID() }),
  };
}
