/**
 * The regulated cashier's deposit retries through the sandbox's router against the OpenAPI document: a soft decline
 * (AUTHENTICATION_REQUIRED) sends the next attempt, or the retry pay-in, through 3-D Secure; a
 * retry replaces an unpaid pay-in of the session once, and closes it (no payment of both); the
 * session offers the last paid card deposit again with its saved card.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardRequest } from '@sandbox/testing/sandbox-fixtures';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';
import { cashierCalls, openCashierSession } from '@sandbox/testing/cashier-calls';

/** The test's browser: it opens every session the file creates, and the pages' credential calls with its holder proof. */
const browserOf = testBrowser();
import { sandboxDb } from '../core/store';

const MERCHANT = 'sbx_demo_merchant';
const SOFT = '4000002760003184';

const newSession = (externalUserId = `dr-${randomUUID()}`) =>
  openCashierSession(browserOf, { token: MERCHANT, externalUserId, balance: 100 });
const { deposit } = cashierCalls(browserOf);
const payCard = (payinId: string, cardNumber = '4242424242424242', saveCard = false) =>
  api('POST', `/public/payin/${payinId}/process/card`, {
    ...browserOf.pages,
    key: randomUUID(),
    body: cardRequest(cardNumber, { saveCard }),
  });
const payin = async (id: string) => (await api('GET', `/public/payin/${id}`, { token: MERCHANT })).body;

beforeAll(async () => {
  await sandboxDb();
});

describe('a soft decline', () => {
  it('asks for authentication: the next attempt of the pay-in goes through the challenge', async () => {
    const id = await newSession();
    const created = await deposit(id, 20, { method: 'card' });
    const first = await payCard(created.body.paymentId, SOFT);
    expect(first.body).toMatchObject({
      status: 'DECLINED',
      attemptsRemaining: 2,
      statusReason: { detailedStatus: 'AUTHENTICATION_REQUIRED' },
    });
    const second = await payCard(created.body.paymentId, SOFT);
    expect(second.body.status).toBe('PENDING_3DS');
    expect(second.body.redirectUrl).toMatch(/\/sandbox\/3ds\//);
  });
});

describe('a retry of an unpaid deposit (`replaces`)', () => {
  it('replaces a failed pay-in once; a second retry is 409 CONFLICT', async () => {
    const id = await newSession();
    const failed = await deposit(id, 20, { method: 'card' });
    expect((await payCard(failed.body.paymentId, '4000000000000119')).body.status).toBe('FAILED');
    const retry = await deposit(id, 20, { method: 'apm', replaces: failed.body.paymentId });
    expect(retry.status).toBe(200);
    const again = await deposit(id, 20, { method: 'card', replaces: failed.body.paymentId });
    expect(again.body.errorKey).toBe('CONFLICT');
  });

  it('closes a declined pay-in that had attempts left, so it cannot be paid beside its retry', async () => {
    const id = await newSession();
    const declined = await deposit(id, 20, { method: 'card' });
    expect((await payCard(declined.body.paymentId, '4000000000000002')).body.attemptsRemaining).toBe(2);
    expect((await deposit(id, 20, { method: 'apm', replaces: declined.body.paymentId })).status).toBe(200);
    expect((await payCard(declined.body.paymentId)).body.errorKey).toBe('INVALID_STATE');
    expect(await payin(declined.body.paymentId)).toMatchObject({ status: 'DECLINED' });
  });

  it('refuses a paid or untried pay-in (409) and one of another session (404)', async () => {
    const id = await newSession();
    const paid = await deposit(id, 20);
    await payCard(paid.body.paymentId);
    expect((await deposit(id, 20, { replaces: paid.body.paymentId })).body.errorKey).toBe('INVALID_STATE');
    const untried = await deposit(id, 20);
    expect((await deposit(id, 20, { replaces: untried.body.paymentId })).body.errorKey).toBe('INVALID_STATE');
    const other = await newSession();
    const theirs = await deposit(other, 20);
    await payCard(theirs.body.paymentId, '4000000000000119');
    expect((await deposit(id, 20, { replaces: theirs.body.paymentId })).status).toBe(404);
  });

  it('of a soft decline with no attempt left is authenticated with 3-D Secure', async () => {
    const id = await newSession();
    const soft = await deposit(id, 20, { method: 'card' });
    await payCard(soft.body.paymentId, SOFT);
    const retry = await deposit(id, 20, { method: 'card', replaces: soft.body.paymentId });
    const paid = await payCard(retry.body.paymentId, '4242424242424242');
    expect(paid.body.status).toBe('PENDING_3DS');
  });
});

describe('deposit again', () => {
  it('offers the last paid card deposit with a saved card, without its fee; none before', async () => {
    const user = `dr-${randomUUID()}`;
    const id = await newSession(user);
    expect((await api('GET', `/public/cashier/session/${id}`, { ...browserOf.pages })).body.depositAgain).toBeUndefined();
    const unsaved = await deposit(id, 15);
    await payCard(unsaved.body.paymentId, '4242424242424242', false);
    expect((await api('GET', `/public/cashier/session/${id}`, { ...browserOf.pages })).body.depositAgain).toBeUndefined();
    const saved = await deposit(id, 25);
    await payCard(saved.body.paymentId, '5555555555554444', true);
    const next = await newSession(user);
    const offer = (await api('GET', `/public/cashier/session/${next}`, { ...browserOf.pages })).body.depositAgain;
    expect(offer).toMatchObject({
      payinId: saved.body.paymentId,
      amount: 25,
      cardMask: expect.stringMatching(/4444$/),
      cardBrand: expect.any(String),
      cardId: expect.any(String),
    });
    const cards = await api('GET', `/public/customer/${(await payin(saved.body.paymentId)).customerId}/cards`, { ...browserOf.pages });
    expect(cards.body.cards.map((c: { cardId: string }) => c.cardId)).toContain(offer.cardId);
    // A later deposit by a card not saved replaces the offer: pressing it never replays a paid deposit.
    const later = await deposit(next, 30);
    await payCard(later.body.paymentId, '4000056655665556', false);
    expect((await api('GET', `/public/cashier/session/${next}`, { ...browserOf.pages })).body.depositAgain).toBeUndefined();
  });
});
