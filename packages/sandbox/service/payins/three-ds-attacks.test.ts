/**
 * 3-D Secure outcomes attacked (docs/design.md, section 3, "3-D Secure outcomes"): forged
 * `authentication` on every way a pay-in is created (400 or dropped, never 500), the ACS's trust
 * box without the prompt or without an open challenge, two low-value payments of one card at once
 * against the issuer's counters, a retry after a failed challenge or a timeout, and a wallet's
 * device cryptogram (the device authenticated the cardholder: no challenge, no exemption).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshCard } from '@sandbox/testing/fresh-card';
import { call, contractCall as api } from '@sandbox/testing/sandbox-http';
import {
  RETURN_URLS,
  cardRequest,
  createTestPayin,
  createTestSession,
  h2hCreateBody,
  pagesContext,
  testCustomer,
} from '@sandbox/testing/sandbox-fixtures';
import { googlePayToken } from '@sandbox/testing/wallet-tokens';
import { issuerCounters, payins } from '@sandbox/db/schema';
import type { Db } from '@sandbox/db/client';
import { keyedHash, sandboxDb } from '../core/store';
import { answerChallengeAtAcs } from './payin-decisions';
import { settleDuePayins } from './payin-loading';

const CHECKOUT = 'sbx_checkout';
let db: Db;

beforeAll(async () => {
  db = await sandboxDb();
});

const payin = (authentication?: unknown, amount = 20, token?: string) =>
  createTestPayin({ amount, prefix: 'tds', key: true, ...(token ? { token } : {}), overrides: authentication ? { authentication } : {} });
const pay = (id: string, cardNumber: string) =>
  call('POST', `/public/payin/${id}/process/card`, { token: CHECKOUT, key: randomUUID(), body: cardRequest(cardNumber) });
const read = async (id: string, token?: string) => (await api('GET', `/public/payin/${id}`, token ? { token } : {})).body;
const answerAcs = (id: string, pass: boolean, trust: boolean) =>
  db.transaction((tx) => answerChallengeAtAcs(tx, id, pass, false, pagesContext(), trust));

describe('a forged authentication request', () => {
  it('on pay-in create is 400, never 500, and creates nothing', async () => {
    const forged: unknown[] = [
      null,
      1,
      'LOW_VALUE',
      [],
      [{ request: 'LOW_VALUE' }],
      { request: null },
      { request: 1 },
      { request: 'low_value' },
      { request: 'x'.repeat(50_000) },
      { channel: 'POS' },
      { channel: { toString: 'MOTO' } },
      { request: 'LOW_VALUE', trustPrompt: true },
      { request: 'CHALLENGE', pending: {} },
      JSON.parse('{"request":"TRA","__proto__":{"request":"CHALLENGE"}}'),
    ];
    for (const authentication of forged) {
      const orderId = `forged-${randomUUID()}`;
      const answer = await call('POST', '/public/payin', {
        key: randomUUID(),
        body: {
          orderId,
          amount: 10,
          currency: 'EUR',
          kycVerified: false,
          previousTransactionCount: 0,
          customer: testCustomer(),
          returnUrls: RETURN_URLS,
          authentication,
        },
      });
      expect(answer.status, JSON.stringify(authentication)?.slice(0, 80)).toBe(400);
      expect(answer.body.errorMessage).toMatch(/^authentication/);
      expect(JSON.stringify(answer.body).length).toBeLessThan(2_000);
      expect(await db.select({ id: payins.id }).from(payins).where(eq(payins.orderId, orderId))).toEqual([]);
    }
  });

  it('asking TRA of a pay-in without a card acquirer is 400 naming that, not a rate of Infinity', async () => {
    const answer = await call('POST', '/public/payin', {
      key: randomUUID(),
      body: {
        orderId: `tra-${randomUUID()}`,
        amount: 10,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        customer: testCustomer(),
        returnUrls: RETURN_URLS,
        directRouteId: 'route-pix',
        authentication: { request: 'TRA' },
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessage).toMatch(/card acquirer/);
    expect(answer.body.errorMessage).not.toMatch(/Infinity/);
  });

  it('on host-to-host create is dropped (the legacy body has no place for it), never 500', async () => {
    for (const authentication of [{ request: 'LOW_VALUE' }, { channel: 'MOTO' }, null, 'x'.repeat(10_000)]) {
      const body = {
        ...h2hCreateBody({
          cardNumber: '4000000000003220',
          hookUrl: 'https://hooks.example/h2h',
          amount: 10,
          externalUserId: `h2h-${randomUUID()}`,
          kycVerified: false,
          previousPaymentCount: 0,
        }),
        authentication,
      };
      const answer = await call('POST', '/transaction/h2h/create', { body });
      expect(answer.status, JSON.stringify(authentication).slice(0, 40)).toBe(200);
      const [row] = await db.select().from(payins).where(eq(payins.id, answer.body.id));
      expect(row?.authentication ?? null).toBeNull();
      // The challenge card is challenged as ever: no request moved it to MOTO or an exemption.
      expect(row?.status).toBe('PENDING_3DS');
    }
  });

  it('on a cashier deposit is refused or dropped, never 500', async () => {
    const { sessionId, holding } = await createTestSession(100);
    for (const authentication of [{ request: 'LOW_VALUE' }, { channel: 'MOTO' }, null, 'x'.repeat(10_000)]) {
      const answer = await call('POST', `/public/cashier/session/${sessionId}/payin`, {
        body: { amount: 10, method: 'card', authentication },
        ...holding,
        key: randomUUID(),
      });
      expect([200, 400]).toContain(answer.status);
      if (answer.status === 200) {
        const [row] = await db.select().from(payins).where(eq(payins.id, answer.body.paymentId));
        expect(row?.authentication ?? null).toBeNull();
      }
    }
  });
});

describe('the ACS trust box', () => {
  it('trusts nobody when the ACS did not prompt (a challenge of the card, no TRUSTED_BENEFICIARY asked)', async () => {
    const card = '4000000000003220';
    const plain = await payin();
    expect((await pay(plain, card)).body.status).toBe('PENDING_3DS');
    await answerAcs(plain, true, true);
    expect((await read(plain)).status).toBe('SUCCESS');
    const [counters] = await db
      .select()
      .from(issuerCounters)
      .where(eq(issuerCounters.cardHash, await keyedHash(db, card)));
    expect(counters?.trusted ?? []).not.toContain('merchant-demo');
  });

  it('trusts nobody on a failed challenge, nor on an answer after the challenge closed', async () => {
    const card = freshCard();
    const failed = await payin({ request: 'TRUSTED_BENEFICIARY' });
    expect((await pay(failed, card)).body.status).toBe('PENDING_3DS');
    await answerAcs(failed, false, true);
    expect((await read(failed)).status).toBe('DECLINED');
    // A script with the payment id posts a pass and the box once the challenge has closed.
    await answerAcs(failed, true, true);
    expect((await read(failed)).status).toBe('DECLINED');
    // Never opened: a pay-in not yet paid.
    const unpaid = await payin({ request: 'TRUSTED_BENEFICIARY' });
    await answerAcs(unpaid, true, true);
    expect((await read(unpaid)).status).toBe('CREATED');
    const next = await payin({ request: 'TRUSTED_BENEFICIARY' });
    expect((await pay(next, card)).body.status).toBe('PENDING_3DS');
  });
});

describe('the issuer’s low-value counters', () => {
  it('let one of two concurrent payments through at the fifth, never both', async () => {
    const card = freshCard();
    for (let i = 0; i < 4; i += 1) {
      const id = await payin({ request: 'LOW_VALUE' }, 10);
      expect((await pay(id, card)).body.status).toBe('SUCCESS');
    }
    const [a, b] = [await payin({ request: 'LOW_VALUE' }, 10), await payin({ request: 'LOW_VALUE' }, 10)];
    const answers = await Promise.all([pay(a, card), pay(b, card)]);
    expect(answers.map((x) => x.body.status).sort()).toEqual(['PENDING_3DS', 'SUCCESS']);
    const [counters] = await db
      .select()
      .from(issuerCounters)
      .where(eq(issuerCounters.cardHash, await keyedHash(db, card)));
    expect(counters?.count).toBe(5);
  });
});

describe('a pay-in’s result across attempts', () => {
  it('a second attempt with a card the issuer never authenticates keeps nothing of the first', async () => {
    const id = await payin();
    expect((await pay(id, '4000000000003220')).body.status).toBe('PENDING_3DS');
    await answerAcs(id, false, false);
    const first = await read(id);
    expect(first).toMatchObject({ status: 'DECLINED', threeDs: { outcome: 'NOT_AUTHENTICATED' } });
    expect(first.attemptsRemaining).toBeGreaterThan(0);
    expect((await pay(id, '4000000000000002')).body.status).toBe('DECLINED');
    expect((await read(id)).threeDs).toBeUndefined();
    expect((await pay(id, '4242424242424242')).body.status).toBe('SUCCESS');
    expect((await read(id)).threeDs).toMatchObject({ outcome: 'FRICTIONLESS' });
  });

  it('a challenge left unanswered reads not authenticated (U, 14); a 3DS Method left unreported goes on frictionless', async () => {
    const challenged = await payin();
    expect((await pay(challenged, '4000000000003220')).body.status).toBe('PENDING_3DS');
    const method = await payin();
    expect((await pay(method, '4000003200003065')).body.status).toBe('PENDING_3DS');
    await db
      .update(payins)
      .set({ pendingUntil: new Date(Date.now() - 1_000) })
      .where(eq(payins.id, challenged));
    await db
      .update(payins)
      .set({ pendingUntil: new Date(Date.now() - 1_000) })
      .where(eq(payins.id, method));
    await db.transaction((tx) => settleDuePayins(tx));
    expect(await read(challenged)).toMatchObject({
      status: 'TIMEOUT',
      threeDs: { outcome: 'NOT_AUTHENTICATED', transStatus: 'U', transStatusReason: '14', challenged: true, liabilityShift: false },
    });
    expect(await read(method)).toMatchObject({ status: 'SUCCESS', threeDs: { outcome: 'FRICTIONLESS', challenged: false } });
  });
});

describe('a wallet’s device cryptogram', () => {
  const WALLET_MERCHANT = 'sbx_wallet_merchant';
  const payWallet = (id: string, pan: string) =>
    api('POST', `/public/payin/${id}/process/wallet`, {
      token: CHECKOUT,
      key: randomUUID(),
      body: {
        browser: { javascriptEnabled: true },
        wallet: { type: 'GOOGLE_PAY', token: googlePayToken({ gatewayMerchantId: 'merchant-wallets', pan, authMethod: 'CRYPTOGRAM_3DS' }) },
      },
    });

  it('is the cardholder authenticated by the device: no 3DS message, no challenge even when asked, no exemption', async () => {
    for (const authentication of [undefined, { request: 'CHALLENGE' }, { request: 'LOW_VALUE' }, { request: 'TRUSTED_BENEFICIARY' }]) {
      const id = await payin(authentication, 10, WALLET_MERCHANT);
      const answer = await payWallet(id, freshCard());
      expect(answer.body.status, JSON.stringify(authentication)).toBe('SUCCESS');
      expect((await read(id, WALLET_MERCHANT)).threeDs, JSON.stringify(authentication)).toMatchObject({
        version: null,
        outcome: 'AUTHENTICATED',
        challenged: false,
        eci: '05',
        liabilityShift: true,
      });
    }
  });

  it('starts the issuer’s low-value counters again, as an authentication does', async () => {
    const card = freshCard();
    for (let i = 0; i < 5; i += 1) {
      const id = await payin({ request: 'LOW_VALUE' }, 10);
      expect((await pay(id, card)).body.status).toBe('SUCCESS');
    }
    expect((await payWallet(await payin(undefined, 10, WALLET_MERCHANT), card)).body.status).toBe('SUCCESS');
    const sixth = await payin({ request: 'LOW_VALUE' }, 10);
    expect((await pay(sixth, card)).body.status).toBe('SUCCESS');
    expect((await read(sixth)).threeDs).toMatchObject({ outcome: 'EXEMPTED' });
  });
});
