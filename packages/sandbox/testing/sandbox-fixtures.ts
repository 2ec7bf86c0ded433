/**
 * Fixtures the sandbox's tests share, built once here rather than copied into each test file: a
 * customer, a cashier session opened by its customer's browser, a pay-in created through the router, the body of a card processing request or of a
 * host-to-host create, a passkey enrolled at the sandbox's ACS with the client data it signs,
 * a customer's limit raises with their cooling-off over, a card deposit that puts a card in the
 * customer's closed loop, and a session withdrawal paid out. Amounts in requests are major units, as
 * the API takes them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkoutUrl, sandboxPublicUrl } from '@hosted-checkout/runtime/config';
import type { Db } from '@sandbox/db/client';
import { customers, payins } from '@sandbox/db/schema';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { sampleH2hBilling } from '@sandbox/service/core/sample-billing';
import { completeChallenge } from '@sandbox/service/payins/payin-decisions';
import { enrolmentOptions, enrolPasskey } from '@sandbox/service/payins/spc-enrolment';
import { keyedHash } from '@sandbox/service/core/store';
import { settleDuePayouts } from '@sandbox/service/payouts/payouts';
import { maskPan } from '@hosted-checkout/contract/card-rules';
import { required } from '@hosted-checkout/contract/required';
import { contractCall as api, pagesHolding } from './sandbox-http';
import type { softwareAuthenticator } from './software-authenticator';
import { H2H_BROWSER, h2hCardData } from './h2h-sample';

/** The merchants' return URLs every test uses. */
export const RETURN_URLS = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };

/** The sample customer under another `externalUserId` (a new one by default), so each test has its own. */
export const testCustomer = (externalUserId = `c-${randomUUID()}`) => ({ ...sampleCustomer, externalUserId });

/** The request context the sandbox's pages (ACS, provider page) run with: the checkout's and the sandbox's public URLs. */
export const pagesContext = () => ({ checkoutUrl: checkoutUrl(), sandboxUrl: sandboxPublicUrl() });

/** The relying party of the sandbox ACS's passkeys: the sandbox's public host. */
export const sandboxRpId = () => new URL(sandboxPublicUrl()).hostname;

/**
 * Creates a pay-in with POST /public/payin (answer checked against the OpenAPI document and
 * expected 200) and answers its id: `amount` EUR (major units; 20 unless given) for a new customer,
 * with `token` (the demo merchant's unless given); `prefix` names its orderId and customer;
 * `overrides` replace any field of the request; `key` sends an Idempotency-Key.
 */
export async function createTestPayin(
  options: { token?: string; amount?: number; prefix?: string; key?: boolean; overrides?: Record<string, unknown> } = {},
): Promise<string> {
  const prefix = options.prefix ?? 'o';
  const created = await api('POST', '/public/payin', {
    ...(options.token ? { token: options.token } : {}),
    body: {
      orderId: `${prefix}-${randomUUID()}`,
      amount: options.amount ?? 20,
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
      customer: testCustomer(`${prefix}-${randomUUID()}`),
      returnUrls: RETURN_URLS,
      ...options.overrides,
    },
    ...(options.key ? { key: randomUUID() } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.paymentId as string;
}

/**
 * The body of POST /public/payin/{id}/process/card for a test card: holder Ada, expiry 12/2034,
 * CVV 123, a browser with JavaScript, the card not saved, unless `options` say otherwise.
 */
export function cardRequest(
  cardNumber: string,
  options: { holder?: string; expiryYear?: string; cvv?: string; saveCard?: boolean; browser?: Record<string, unknown> } = {},
) {
  return {
    browser: options.browser ?? { javascriptEnabled: true },
    cardData: {
      cardNumber,
      cardHolderName: options.holder ?? 'Ada',
      expiryMonth: '12',
      expiryYear: options.expiryYear ?? '2034',
      cvv: options.cvv ?? '123',
    },
    saveCard: options.saveCard ?? false,
  };
}

/**
 * The body of the legacy POST /transaction/h2h/create for `cardNumber` (Ada Lovelace, 12/2031,
 * CVV 123, billed in London): `amount` EUR in major units, the webhook to `hookUrl`, the customer
 * `externalUserId`.
 */
export function h2hCreateBody(options: {
  cardNumber: string;
  hookUrl: string;
  amount: number;
  externalUserId: string;
  kycVerified: boolean;
  previousPaymentCount: number;
}) {
  return {
    amount: options.amount,
    currency: 'EUR',
    lang: 'en',
    hookUrl: options.hookUrl,
    callback: 'https://shop.example/ok',
    callbackFail: 'https://shop.example/ko',
    billing: sampleH2hBilling(options.externalUserId),
    orderId: `h2h-${randomUUID()}`,
    cardToken: 'tok_123',
    kycVerified: options.kycVerified,
    previousPaymentCount: options.previousPaymentCount,
    // A desktop browser in London, at a documentation address (RFC 5737).
    cardData: h2hCardData(options.cardNumber, {
      ...H2H_BROWSER,
      language: 'en-GB',
      timeZone: 'Europe/London',
      screenWidth: 1920,
      customerIp: '203.0.113.9',
      screenHeight: 1080,
      windowHeight: 900,
      windowWidth: 1400,
    }),
    saveCard: false,
  };
}

/** The Secure Payment Confirmation offer of a processing answer (`spc`). */
export interface SpcOffer {
  credentialIds?: string[];
  challenge: string;
  rpId: string;
  payeeName: string;
  instrument: unknown;
  total: unknown;
}

/**
 * The client data a browser signs for a Secure Payment Confirmation of `offer`, from the
 * checkout's origin; `change` replaces top-level fields, `payment` fields of `payment`.
 */
export const spcClientData = (offer: SpcOffer, change: Record<string, unknown> = {}, payment: Record<string, unknown> = {}) => ({
  type: 'payment.get',
  challenge: offer.challenge,
  origin: new URL(checkoutUrl()).origin,
  crossOrigin: false,
  payment: {
    rpId: offer.rpId,
    topOrigin: new URL(checkoutUrl()).origin,
    payeeName: offer.payeeName,
    total: offer.total,
    instrument: offer.instrument,
    ...payment,
  },
  ...change,
});

/**
 * Enrols a passkey of `authenticator` for the card of pay-in `payinId`, which waits at the
 * sandbox ACS's challenge: the challenge is passed, the ACS offers an enrolment and the passkey is
 * registered (expected to be kept). Answers the ACS's enrolment options.
 */
export async function enrolTestPasskey(db: Db, payinId: string, authenticator: ReturnType<typeof softwareAuthenticator>) {
  await db.transaction((tx) => completeChallenge(tx, payinId, true, pagesContext()));
  const { options, enrolled } = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payins).where(eq(payins.id, payinId)).for('update');
    const offered = required(await enrolmentOptions(tx, required(row, `pay-in ${payinId}`), pagesContext()), 'the passkey enrolment offer');
    const [fresh] = await tx.select().from(payins).where(eq(payins.id, payinId)).for('update');
    const credential = authenticator.register(offered.challenge, new URL(sandboxPublicUrl()).origin);
    return {
      options: offered,
      enrolled: await enrolPasskey(tx, required(fresh, `pay-in ${payinId}`), credential as never, pagesContext()),
    };
  });
  expect(enrolled).toBe(true);
  return options;
}

/** Ends the cooling-off of every raise of the customer's that waits (its date moved a second into the past), as if the wait were over. */
export async function endCoolingOff(db: Db, customerId: string): Promise<void> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  const customer = required(row, `customer ${customerId}`);
  const effectiveAt = new Date(Date.now() - 1000).toISOString();
  const pending = Object.fromEntries(
    Object.entries(customer.gambling?.pending ?? {}).map(([currency, periods]) => [
      currency,
      Object.fromEntries(Object.entries(periods).flatMap(([p, v]) => (v ? [[p, { ...v, effectiveAt }] as const] : []))),
    ]),
  );
  await db
    .update(customers)
    .set({ gambling: { ...customer.gambling, pending } })
    .where(eq(customers.id, customerId));
}

/**
 * A EUR cashier session of a new customer with `balance` (major units), created by the merchant
 * `token` through the router, and opened by a test browser (its launch secret spent): answers the
 * session id and that browser's holding (`{ token, headers, proof }` for the pages' calls).
 */
export async function createTestSession(balance: number, token = 'sbx_demo_merchant') {
  const answer = await api('POST', '/public/cashier/session', {
    token,
    body: { customer: testCustomer(), returnUrls: RETURN_URLS, currency: 'EUR', kycVerified: false, previousTransactionCount: 0, balance },
    key: randomUUID(),
  });
  expect(answer.status, 'creating a cashier session').toBe(200);
  return { sessionId: answer.body.sessionId as string, holding: await pagesHolding(answer.body.checkoutUrl as string) };
}

type Holding = Awaited<ReturnType<typeof pagesHolding>>;

/**
 * A paid deposit of `amount` EUR (10 unless given) in the session with `cardNumber` (a test card
 * that succeeds without 3DS), through the router, by the session's browser `holding`: what makes
 * the card one a withdrawal may go to (the closed loop). Answers the pay-in's id.
 */
export async function depositByCard(
  sessionId: string,
  holding: Holding,
  cardNumber = '4242424242424242',
  options: { amount?: number; saveCard?: boolean } = {},
): Promise<string> {
  const created = await api('POST', `/public/cashier/session/${sessionId}/payin`, {
    body: { amount: options.amount ?? 10, method: 'card' },
    ...holding,
    key: randomUUID(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const payinId = created.body.paymentId as string;
  const paid = await api('POST', `/public/payin/${payinId}/process/card`, {
    body: cardRequest(cardNumber, { saveCard: options.saveCard }),
    ...holding,
    key: randomUUID(),
  });
  expect(paid.body.status, JSON.stringify(paid.body)).toBe('SUCCESS');
  return payinId;
}

/**
 * Records the paid pay-in `payinId` as paid with `cardNumber` (its keyed hash and mask): for a test
 * card that never succeeds as a deposit (a payout's failing card, 4000 0000 0000 0119) but that a
 * test needs in the customer's closed loop. The number itself is not kept.
 */
export async function recordDepositCard(db: Db, payinId: string, cardNumber: string): Promise<void> {
  const [row] = await db.select().from(payins).where(eq(payins.id, payinId));
  await db
    .update(payins)
    .set({
      card: { ...required(row?.card, `the card of pay-in ${payinId}`), hash: await keyedHash(db, cardNumber), mask: maskPan(cardNumber) },
    })
    .where(eq(payins.id, payinId));
}

/**
 * Pays out the session withdrawal `payoutId` through the router: its destination given by the
 * session's browser `pages` (the card `cardNumber`, one the customer deposited with: the closed
 * loop), confirmed by the merchant `token`, its processing time passed (the worker's settling, a
 * minute ahead); expects PROCESSED. Only then does it lower net deposits (service/responsible-gambling/net-deposits.ts).
 */
export async function payOutWithdrawal(
  db: Db,
  payoutId: string,
  pages: { token: string; headers: Record<string, string> },
  token: string,
  cardNumber = '4242424242424242',
): Promise<void> {
  const processed = await api('POST', `/public/payout/${payoutId}/process/card`, {
    ...pages,
    key: randomUUID(),
    body: {
      browser: { javascriptEnabled: true },
      cardData: { cardNumber, cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2031' },
    },
  });
  expect(processed.status, JSON.stringify(processed.body)).toBe(200);
  expect((await api('PUT', `/public/payout/${payoutId}/confirm`, { token })).status).toBe(204);
  await db.transaction((tx) => settleDuePayouts(tx, new Date(Date.now() + 60_000)));
  expect((await api('GET', `/public/payout/${payoutId}`, { token })).body.status).toBe('PROCESSED');
}
