/**
 * Helpers of the cashier's browser tests: the pages' credential of a second browser of the
 * customer (docs/design.md, E22) and what the merchant does in a session before the customer's
 * browser holds it (a paid deposit, a pending withdrawal, a card saved by a paid pay-in).
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { components } from '../lib/payments-api/merchant-client';
import { createSession, merchantApi, must } from './support';

type SessionCustomer = components['schemas']['CashierSessionCreateRequest']['customer'];

/** Each session's widget address, spent by `pagesOf`; each session's pages' credential once spent. */
const widgetUrls = new Map<string, string>();
const holders = new Map<string, Record<string, string>>();

/**
 * A session of merchant `token` for `customer`: KYC-verified, EUR, balance 100, no earlier
 * transactions; its widget address kept for `pagesOf`.
 */
export async function createSessionForPages(token: string, customer: SessionCustomer) {
  const created = await createSession(undefined, { token, customer, kycVerified: true, previousTransactionCount: 0, balance: 100 });
  widgetUrls.set(created.sessionId, created.widgetUrl);
  return created;
}

/**
 * The pages' credential as a second browser of the customer (docs/design.md, E22): it spends the
 * session's widget address (from `createSessionForPages`) with a proof of its own, once, so the
 * test sets limits and makes deposits as the cashier would. Answers the headers to send.
 */
export async function pagesOf(sessionId: string): Promise<Record<string, string>> {
  const known = holders.get(sessionId);
  if (known) return known;
  const proof = randomUUID().replace(/-/g, '').repeat(2);
  const launchToken = new URL(widgetUrls.get(sessionId)!).searchParams.get('launch')!;
  const spent = await merchantApi('sbx_checkout').PUT('/public/cashier/session/{sessionId}/binding', {
    params: { path: { sessionId } },
    body: { launchToken, holderProof: proof },
  });
  expect(spent.response.status).toBe(204);
  const headers = { Authorization: 'Bearer sbx_checkout', 'Holder-Proof': proof };
  holders.set(sessionId, headers);
  return headers;
}

/** The session as its pages read it (GET /public/cashier/session/{id} with the pages' credential), as loose JSON. */
export const sessionAsPages = async (page: Page, sessionId: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read loosely: the tests walk its nested keys freely
  (await (await page.request.get(`/sandbox/api/public/cashier/session/${sessionId}`, { headers: await pagesOf(sessionId) })).json()) as any;

/** The session's transactions as its pages read them. */
export const transactionsAsPages = async (page: Page, sessionId: string) =>
  (
    (await (
      await page.request.get(`/sandbox/api/public/cashier/session/${sessionId}/transactions`, { headers: await pagesOf(sessionId) })
    ).json()) as { transactions: { id: string; kind: string; status: string }[] }
  ).transactions;

/** The session's transactions as merchant `token` reads them (GET /public/cashier/session/{id}/transactions). */
export const sessionTransactions = async (token: string, sessionId: string) =>
  must(
    await merchantApi(token).GET('/public/cashier/session/{sessionId}/transactions', { params: { path: { sessionId } } }),
    'the session’s transactions',
  ).transactions;

/** Puts the customer's responsible-gambling answer (`data`: limits, `noLimits`, …) as the cashier does; answers the response. */
export const putResponsibleGambling = async (page: Page, sessionId: string, data: Record<string, unknown>) =>
  page.request.put(`/sandbox/api/public/cashier/session/${sessionId}/responsible-gambling`, { headers: await pagesOf(sessionId), data });

/** The customer's monthly deposit limit of `month` EUR, set as the cashier sets it (a first or lower limit applies at once). */
export async function setMonthlyLimit(page: Page, sessionId: string, month: number) {
  expect((await putResponsibleGambling(page, sessionId, { depositLimits: { month } })).status()).toBe(200);
}

/**
 * A deposit of `amount` EUR in session `sessionId` paid by 4242 4242 4242 4242 through the pages'
 * credential of a second browser of the customer (`pagesOf`); fails unless created and paid.
 */
export async function depositPaidAsPages(page: Page, sessionId: string, amount: number) {
  const headers = await pagesOf(sessionId);
  const created = await page.request.post(`/sandbox/api/public/cashier/session/${sessionId}/payin`, {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { amount, method: 'card' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { paymentId } = (await created.json()) as { paymentId: string };
  const paid = await page.request.post(`/sandbox/api/public/payin/${paymentId}/process/card`, {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      browser: { javascriptEnabled: true },
      cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
      saveCard: false,
    },
  });
  expect(((await paid.json()) as { status?: string }).status).toBe('SUCCESS');
}

/**
 * The demo merchant's deposit of `amount` EUR in session `sessionId`, made before the customer's
 * browser holds the session (docs/design.md, E22); fails unless created (200). Answers the pay-in.
 */
export async function merchantDeposit(request: APIRequestContext, sessionId: string, amount: number) {
  const answer = await request.post(`/sandbox/api/public/cashier/session/${sessionId}/payin`, {
    headers: { Authorization: 'Bearer sbx_demo_merchant', 'Idempotency-Key': randomUUID() },
    data: { amount },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { paymentId: string; iframeUrls: { card: string } };
}

/**
 * A paid deposit of `amount` EUR in session `sessionId` of merchant `token` with 4242 4242 4242 4242:
 * the card a withdrawal by card may then go back to, up to what it paid in (the closed loop,
 * docs/design.md). Made by the merchant before the customer's browser holds the session (after,
 * only that browser may). Fails unless created (200) and paid (SUCCESS).
 */
export async function depositWith4242(token: string, sessionId: string, amount: number): Promise<void> {
  const merchant = merchantApi(token);
  const created = await merchant.POST('/public/cashier/session/{sessionId}/payin', {
    params: { path: { sessionId } },
    body: { amount, method: 'card' },
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(200);
  const paid = await merchant.POST('/public/payin/{payinId}/process/card', {
    params: { path: { payinId: created.data!.paymentId } },
    body: {
      browser: { javascriptEnabled: true } as never,
      cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
      saveCard: false,
    },
  });
  expect(paid.data?.status, JSON.stringify(paid.error)).toBe('SUCCESS');
}

/**
 * A withdrawal of `value` EUR in session `sessionId` of merchant `token` to 4242 (a deposit of
 * €100 with it made first), its destination given: WAITING_FOR_CONFIRMATION. Made by the merchant
 * before the customer's browser holds the session. Answers the payout's id.
 */
export async function pendingWithdrawal(token: string, sessionId: string, value: number): Promise<string> {
  await depositWith4242(token, sessionId, 100);
  const merchant = merchantApi(token);
  const created = await merchant.POST('/public/cashier/session/{sessionId}/payout', {
    params: { path: { sessionId } },
    body: { value, method: 'card' },
  });
  const payoutId = created.data!.payoutId;
  const given = await merchant.POST('/public/payout/{payoutId}/process/card', {
    params: { path: { payoutId } },
    body: {
      browser: { javascriptEnabled: true } as never,
      cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2031' },
    },
  });
  expect(given.data?.status, JSON.stringify(given.error)).toBe('WAITING_FOR_CONFIRMATION');
  return payoutId;
}

/**
 * Pays pay-in `paymentId` with `cardNumber` (Ada, 12/2031, CVV 123) through the hosted pages'
 * credential, saving the card for the pay-in's customer; `headers` added (an Idempotency-Key).
 * Answers the response, unchecked.
 */
export const payAndSaveCard = (request: APIRequestContext, paymentId: string, cardNumber: string, headers: Record<string, string> = {}) =>
  request.post(`/sandbox/api/public/payin/${paymentId}/process/card`, {
    headers: { Authorization: 'Bearer sbx_checkout', ...headers },
    data: {
      browser: {},
      cardData: { cardNumber, cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
      saveCard: true,
    },
  });
