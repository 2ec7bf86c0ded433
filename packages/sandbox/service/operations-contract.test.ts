/**
 * Every operation of the table (packages/contract/src/operations.ts), walked: 401 without a token, 404
 * for an unknown id, 400 for a bad body, replay of a POST with its Idempotency-Key, and each
 * credential against each operation (docs/design.md, E15): the hosted pages' credential and a merchant's token
 * get exactly the answer the table's `callers` gives them, 403 FORBIDDEN otherwise. Every answer
 * is checked against the generated OpenAPI document by a standard validator.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, OPERATIONS, OPERATION_IDS, type Caller, type OperationId } from '@hosted-checkout/contract/operations';
import { fillPath, pathParamNames } from '@hosted-checkout/contract/operation-paths';
import { cardSample, payinSample, SAMPLE_BODIES } from '@sandbox/testing/operation-samples';
import { contractCall as api, pagesHolding } from '@sandbox/testing/sandbox-http';
import { sandboxDb } from './core/store';

const browser = { javascriptEnabled: true };
const BODIES = SAMPLE_BODIES;
const payinBody = payinSample;
const cardBody = cardSample;

const TOKENS: Record<Caller, string> = { merchant: 'sbx_demo_merchant', checkout: 'sbx_checkout' };
/** A well-formed id that names nothing (a BIN of no known brand for the BIN lookup). */
const unknownValue = (param: string) => (param === 'bin' ? '99999999' : 'unknown_id');
const unknownPath = (id: OperationId) =>
  fillPath(OPERATIONS[id].path, Object.fromEntries(pathParamNames(OPERATIONS[id].path).map((name) => [name, unknownValue(name)])));
const someCaller = (id: OperationId): Caller => OPERATIONS[id].callers[0]!;

beforeAll(async () => {
  await sandboxDb();
});

describe.each(OPERATION_IDS)('%s', (id) => {
  const op = OPERATIONS[id];
  const body = BODIES[id];
  const hasParams = pathParamNames(op.path).length > 0;

  it('401 without a bearer token', async () => {
    const answer = await api(op.method, unknownPath(id), { token: null, body: body?.() });
    expect(answer.status).toBe(401);
    expect(answer.body.errorKey).toBe('UNAUTHORIZED');
  });

  if (hasParams) {
    it('404 for an unknown id', async () => {
      const answer = await api(op.method, unknownPath(id), { token: TOKENS[someCaller(id)], body: body?.() });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ errorKey: 'NOT_FOUND', errorCode: 4041 });
    });
  }

  if ('request' in op) {
    it('400 for a body that is not the operation’s', async () => {
      const answer = await api(op.method, unknownPath(id), { token: TOKENS[someCaller(id)], body: { unexpected: [1, 2, 3] } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ errorKey: 'VALIDATION_ERROR', errorCode: 4001 });
    });
  }

  if (op.idempotent && !hasParams && body) {
    it('replays the first answer for the same Idempotency-Key and body', async () => {
      const key = randomUUID();
      const first = body();
      const token = TOKENS[someCaller(id)];
      const answer = await api(op.method, op.path, { token, body: first, key });
      expect(answer.status).toBe(200);
      const again = await api(op.method, op.path, { token, body: first, key });
      expect(again.body).toEqual(answer.body);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect((await api(op.method, op.path, { token, body: body(), key })).status).toBe(409);
    });
  }

  describe.each(CALLERS)('with the %s credential', (caller) => {
    const allowed = (op.callers as readonly Caller[]).includes(caller);
    it(allowed ? 'is served (not 403)' : 'is 403 FORBIDDEN', async () => {
      const answer = await api(op.method, unknownPath(id), { token: TOKENS[caller], body: body?.() });
      if (allowed) {
        expect(answer.status, JSON.stringify(answer.body)).not.toBe(403);
        expect(answer.status).toBe(hasParams ? 404 : 200);
      } else {
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ errorKey: 'FORBIDDEN', errorCode: 4031 });
      }
    });
  });
});

describe('the hosted pages’ credential', () => {
  it('may call exactly what the pages need', () => {
    // Written from the brief, independently of the table: fetch a transaction and its methods,
    // process card / saved card / direct link, give a payout's destination, read a session and its
    // transactions, create a transaction in a session, saved cards, checkout settings, and watch
    // the sessions of open withdrawal widgets, look up a BIN as it is typed, and report the issuer's
    // 3DS Method, a part of card processing, and cancel a pending withdrawal.
    const pagesNeed = [
      'getPayin',
      'getPayinMethods',
      'processCard',
      'processSavedCard',
      'completeThreeDSMethod',
      'processPayinDirectLink',
      'getPayout',
      'getPayoutMethods',
      'processPayoutCard',
      'processPayoutDirectLink',
      'getCashierSession',
      'listSessionTransactions',
      'createSessionPayin',
      'createSessionPayout',
      'listSavedCards',
      'deleteSavedCard',
      'getCheckoutSettings',
      'watchSessionChanges',
      'lookupBin',
      'cancelPayout',
      // Launch and holding: the browser that opens a merchant's launch address holds that page; the locators say whose pages they are.
      'bindCashierSession',
      'bindPayout',
      'locateCashierSession',
      'locatePayout',
      // Passkeys: report the Secure Payment Confirmation assertion, a part of card processing like the 3DS Method.
      'completeSpc',
      // Wallets: pay with a wallet's token, and Apple Pay's merchant validation on the way to it.
      'processWallet',
      'startApplePaySession',
      // Click to Pay: the SRC session of the card page, and paying with the card chosen in it.
      'startClickToPaySession',
      'processClickToPay',
      // The regulated cashier: the customer sets their own deposit limits and reality checks in the cashier.
      'setResponsibleGambling',
      // Germany: the customer asks for a monthly ceiling above EUR 1,000 (the decision is the merchant's).
      'requestLimitRaise',
      // Withdrawals by bank: where the customer may be paid, and the payee name check of another account.
      'getWithdrawalDestinations',
      'checkPayee',
      // Pay N Play: the customer's bank login from the cashier (the decision is the merchant's).
      'startPayNPlay',
    ];
    const table = OPERATION_IDS.filter((id) => (OPERATIONS[id].callers as readonly Caller[]).includes('checkout'));
    expect(table.sort()).toEqual(pagesNeed.sort());
  });
});

describe('the hosted pages’ credential on real records', () => {
  it('cannot confirm or reject a payout, nor set a session balance; the records do not change', async () => {
    const created = await api('POST', '/public/payout', { body: BODIES.createPayout!() });
    const payoutId = created.body.payoutId as string;
    const destination = {
      browser,
      cardData: { cardNumber: '4242424242424242', cardHolderName: 'A', expiryMonth: '12', expiryYear: '2031' },
    };
    const holder = await pagesHolding(created.body.iframeUrls.card);
    expect(
      (await api('POST', `/public/payout/${payoutId}/process/card`, { ...holder, body: destination, key: randomUUID() })).body.status,
    ).toBe('WAITING_FOR_CONFIRMATION');
    for (const action of ['confirm', 'reject']) {
      const answer = await api('PUT', `/public/payout/${payoutId}/${action}`, { token: 'sbx_checkout' });
      expect(answer.status).toBe(403);
      expect(answer.body.errorKey).toBe('FORBIDDEN');
    }
    expect((await api('GET', `/public/payout/${payoutId}`)).body.status).toBe('WAITING_FOR_CONFIRMATION');

    const session = await api('POST', '/public/cashier/session', { body: { ...(BODIES.createCashierSession!() as object), balance: 10 } });
    const sessionId = session.body.sessionId as string;
    expect(
      (await api('PUT', `/public/cashier/session/${sessionId}/balance`, { token: 'sbx_checkout', body: { balance: 1_000_000 } })).status,
    ).toBe(403);
    expect((await api('GET', `/public/cashier/session/${sessionId}`, await pagesHolding(session.body.checkoutUrl))).body.balance).toBe(10);
  });
});

describe('routing', () => {
  it('404 for a path that is no operation, 405 with Allow for another method of a known path', async () => {
    const { call } = await import('@sandbox/testing/sandbox-http');
    expect((await call('GET', '/public/nothing-here')).status).toBe(404);
    const wrong = await call('PATCH', '/public/payin');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('Allow')).toBe('POST');
  });

  it('an id longer than 128 characters is unknown, not an error', async () => {
    const { call } = await import('@sandbox/testing/sandbox-http');
    const answer = await call('GET', `/public/payin/${'x'.repeat(129)}`);
    expect(answer.status).toBe(404);
  });
});

describe('replay of processing operations', () => {
  it('answers a repeated process call with the first answer, not a 409', async () => {
    const created = await api('POST', '/public/payin', { body: payinBody() });
    const id = created.body.paymentId;
    const key = randomUUID();
    const body = cardBody();
    const first = await api('POST', `/public/payin/${id}/process/card`, { token: 'sbx_checkout', body, key });
    const again = await api('POST', `/public/payin/${id}/process/card`, { token: 'sbx_checkout', body, key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });
});
