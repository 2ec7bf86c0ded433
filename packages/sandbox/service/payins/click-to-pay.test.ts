/**
 * Click to Pay through the sandbox's API (HTTP in, HTTP out; docs/design.md, E28): the session
 * for a merchant that offers it (400 for one that does not, 429 past 20 per pay-in), then paying
 * with the SRC system's sealed payload for a seeded profile's card, validated with its one-time
 * code through the SRC core: a token frictionless where its PAN is challenged, a token its issuer
 * challenges too, one use per payload, and every forged or foreign payload a 400, never a 500.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { handleSandboxRequest } from '../http';
import { payins, srcCards } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { completeValidation, initiateValidation, SANDBOX_OTP } from '../src-system/otp';
import { createProfile, findProfileByIdentity } from '../src-system/profiles';
import { linkCard } from '../src-system/cards';
import { dropValidation, issueIdToken, sessionOfClientToken, verifyIdToken } from '../src-system/sessions';
import { sealCheckoutPayload, tokenPanOf } from '../src-system/payload';
import sampleCustomer from '@sandbox/service/sample-customer.json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer's JSON as the service sent it
type Json = Record<string, any>;

async function call(path: string, body: unknown, token = 'sbx_checkout', key?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers['Idempotency-Key'] = key;
  const response = await handleSandboxRequest(
    new Request(`http://localhost/sandbox/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Json };
}

/** A pay-in of EUR `amount` for a customer with `email` and `phone` (clara's by default), at the merchant of `token`. */
async function create(email: string, token = 'sbx_c2p_merchant', amount = 42, phone = '+447700900101') {
  const created = await call(
    '/public/payin',
    {
      orderId: `order-${randomUUID()}`,
      amount,
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 1,
      customer: { ...sampleCustomer, externalUserId: `c2p-${randomUUID()}`, email, phoneNumber: phone },
      returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
    },
    token,
    randomUUID(),
  );
  expect(created.status).toBe(200);
  return created.body.paymentId as string;
}

const openSession = (payinId: string) => call(`/public/payin/${payinId}/click-to-pay/session`, {});
const browser = { userAgent: 'Mozilla/5.0 test', customerIp: '203.0.113.9', javascriptEnabled: true };
const pay = (payinId: string, clickToPay: unknown) =>
  call(`/public/payin/${payinId}/process/click-to-pay`, { browser, clickToPay }, 'sbx_checkout', randomUUID());

/** The seeded profile of `email` and its card ending `lastFour`. */
async function seededCard(email: string, lastFour: string) {
  const db = await sandboxDb();
  const profile = await findProfileByIdentity(db, 'EMAIL', email);
  const cards = await db.select().from(srcCards).where(eq(srcCards.profileId, profile!.id));
  const card = cards.find((c) => c.fpanMask.endsWith(lastFour));
  if (!card) throw new Error(`no seeded card ${lastFour}`);
  return { profile: profile!, card };
}

/**
 * A Click to Pay session of `payinId` validated for the profile of `email` (`byCode`: with the
 * one-time code; else as a remembered browser), and the sealed payload for its card `lastFour`.
 */
async function checkout(payinId: string, email: string, lastFour: string, options: { byCode?: boolean; amountMinor?: number } = {}) {
  const db = await sandboxDb();
  const session = await openSession(payinId);
  expect(session.status).toBe(200);
  const { srcCorrelationId, srcClientToken } = session.body as { srcCorrelationId: string; srcClientToken: string };
  const { profile, card } = await seededCard(email, lastFour);
  if (options.byCode) {
    await initiateValidation(db, profile.id, 'EMAIL');
    await completeValidation(db, profile.id, SANDBOX_OTP);
  }
  const { idToken } = await issueIdToken(db, srcCorrelationId, profile.id, options.byCode ? 'OTP' : 'COOKIE');
  // The browser route's checks (commit 4): the session of the client token, the idToken of its profile.
  const live = await sessionOfClientToken(db, srcClientToken);
  expect(verifyIdToken(live, idToken).profileId).toBe(profile.id);
  const { checkoutResponse } = await sealCheckoutPayload(db, {
    srcCorrelationId,
    payinId,
    merchantId: live.merchantId,
    amountMinor: options.amountMinor ?? live.amountMinor,
    currency: live.currency,
    card,
  });
  return { srcCorrelationId, srcDigitalCardId: card.id, checkoutResponse, card };
}

describe('the Click to Pay session', () => {
  it('is opened for a merchant that offers it, naming the profile masked; 400 for one that does not', async () => {
    const payinId = await create('Clara.C2P@example.com');
    const session = await openSession(payinId);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      srcCorrelationId: expect.stringMatching(/^srcc_[0-9a-f]{24}$/),
      srcOrigin: expect.stringMatching(/^https?:\/\/[^/]+$/),
      brands: ['VISA', 'MASTERCARD'],
      consumerPresent: true,
      maskedIdentity: { type: 'EMAIL', value: 'c•••@example.com' },
    });
    expect(session.body.srcClientToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(session.body)).not.toContain('clara');
    // The pay-in names the identity for the link box, without another read.
    const payin = await call(`/public/payin/${payinId}`, undefined);
    expect(payin.body.clickToPay).toEqual({
      identity: { maskedEmail: 'c•••@example.com', maskedPhone: '+44 ••• 101', consumerPresent: true },
    });

    const stranger = await openSession(await create('nobody.c2p@example.com'));
    expect(stranger.body).toMatchObject({ consumerPresent: true, maskedIdentity: { type: 'MOBILE_PHONE_NUMBER' } });
    const demo = await openSession(await create('clara.c2p@example.com', 'sbx_demo_merchant'));
    expect(demo.status).toBe(400);
    expect(demo.body.errorMessage).toMatch(/does not offer Click to Pay/);
    expect((await call(`/public/payin/${payinId}`, undefined)).body.clickToPay).toBeDefined();
  });

  it('is refused past 20 for one pay-in (429)', async () => {
    const payinId = await create('someone.c2p@example.com');
    for (let i = 0; i < 20; i += 1) expect((await openSession(payinId)).status).toBe(200);
    const refused = await openSession(payinId);
    expect(refused.status).toBe(429);
    expect(refused.body.errorMessage).toMatch(/Too many Click to Pay sessions/);
  });
});

describe('paying with Click to Pay', () => {
  it("pays with a token frictionless where the card's PAN is challenged, storing neither PAN nor token", async () => {
    const payinId = await create('clara.c2p@example.com');
    const chosen = await checkout(payinId, 'clara.c2p@example.com', '3220', { byCode: true });
    const { card, ...clickToPay } = chosen;
    const answer = await pay(payinId, clickToPay);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ paymentId: payinId, status: 'SUCCESS' });
    expect(answer.body.redirectUrl).toBeUndefined();

    const payin = await call(`/public/payin/${payinId}`, undefined);
    expect(payin.body).toMatchObject({
      status: 'SUCCESS',
      transactionType: 'CARD',
      cardMask: '400000******3220',
      cardBrand: 'Visa',
      threeDs: { outcome: 'FRICTIONLESS', challenged: false, payToken: true },
      clickToPay: {
        paidWith: { srcCorrelationId: clickToPay.srcCorrelationId, srcDigitalCardId: card.id, cryptogram: 'TAVV', recognisedBy: 'OTP' },
      },
    });
    const db = await sandboxDb();
    const tokenPan = await tokenPanOf(db, card);
    expect(payin.body.clickToPay.paidWith.tokenLastFour).toBe(tokenPan.slice(-4));
    const [row] = await db.select().from(payins).where(eq(payins.id, payinId));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('4000000000003220');
    expect(stored).not.toContain(tokenPan);
    expect(JSON.stringify(payin.body)).not.toContain(tokenPan);
    // A paid pay-in opens no session.
    expect((await openSession(payinId)).status).toBe(409);
  });

  it('is challenged when the issuer challenges tokens too', async () => {
    const payinId = await create('ravi.c2p@example.com');
    const { card: _card, ...clickToPay } = await checkout(payinId, 'ravi.c2p@example.com', '3246');
    const answer = await pay(payinId, clickToPay);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('PENDING_3DS');
    expect(answer.body.redirectUrl).toEqual(expect.any(String));
    const payin = await call(`/public/payin/${payinId}`, undefined);
    expect(payin.body).toMatchObject({ cardMask: '400000******3246', clickToPay: { paidWith: { recognisedBy: 'COOKIE' } } });
  });

  it('spends a payload once: the same payload again is 400', async () => {
    const payinId = await create('dora.c2p@example.com');
    const { card: _card, ...clickToPay } = await checkout(payinId, 'dora.c2p@example.com', '0002');
    const first = await pay(payinId, clickToPay);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'DECLINED', attemptsRemaining: expect.any(Number) });
    const again = await pay(payinId, clickToPay);
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toMatch(/used already/);
  });

  it("refuses another pay-in's, another amount's, a tampered payload, and a session no longer validated", async () => {
    const db = await sandboxDb();
    const payinId = await create('clara.c2p@example.com');
    const other = await create('clara.c2p@example.com');
    const { card: _card, ...foreign } = await checkout(other, 'clara.c2p@example.com', '3220');
    const { card: _card2, ...ours } = await checkout(payinId, 'clara.c2p@example.com', '3220');
    const { card: _card3, ...cheaper } = await checkout(payinId, 'clara.c2p@example.com', '3220', { amountMinor: 100 });
    const tampered = `${ours.checkoutResponse.slice(0, 30)}${ours.checkoutResponse[30] === 'A' ? 'B' : 'A'}${ours.checkoutResponse.slice(31)}`;
    const cases: [unknown, RegExp][] = [
      [{ ...foreign, srcCorrelationId: ours.srcCorrelationId }, /another pay-in/],
      [foreign, /another pay-in/],
      [cheaper, /another amount/],
      [{ ...ours, checkoutResponse: tampered }, /does not open|not a Click to Pay payload/],
      [{ ...ours, srcDigitalCardId: `srcdc_${'0'.repeat(24)}` }, /another card/],
      [{ ...ours, srcCorrelationId: cheaper.srcCorrelationId }, /another session/],
    ];
    for (const [clickToPay, message] of cases) {
      const answer = await pay(payinId, clickToPay);
      expect(answer.status, String(message)).toBe(400);
      expect(answer.body.errorMessage).toMatch(message);
    }
    // "Not you?" after the payload was sealed: its session no longer pays.
    await dropValidation(db, ours.srcCorrelationId);
    const dropped = await pay(payinId, ours);
    expect(dropped.status).toBe(400);
    expect(dropped.body.errorMessage).toMatch(/no longer validated/);
    const [row] = await db.select().from(payins).where(eq(payins.id, payinId));
    expect(row?.status).toBe('CREATED');
  });

  it('refuses a card that has expired or is not active', async () => {
    const db = await sandboxDb();
    const email = `old.${randomUUID().slice(0, 8)}@example.com`;
    const profile = await createProfile(db, { email }, 'CONSENT');
    const base = { profileId: profile!.id, brand: 'VISA' as const, expiryMonth: '01', holder: 'Old Card' };
    const expired = await linkCard(db, {
      ...base,
      fpanMask: '424242******4242',
      fpanHash: randomUUID(),
      expiryYear: '2020',
      status: 'ACTIVE',
    });
    const pending = await linkCard(db, {
      ...base,
      fpanMask: '400000******0077',
      fpanHash: randomUUID(),
      expiryYear: '2031',
      status: 'PENDING',
    });
    for (const [card, message] of [
      [expired!, /has expired/],
      [pending!, /not an active Click to Pay card/],
    ] as const) {
      const payinId = await create(email, 'sbx_c2p_merchant', 42, '+447700900996');
      const session = await openSession(payinId);
      const { srcCorrelationId } = session.body as { srcCorrelationId: string };
      await issueIdToken(db, srcCorrelationId, profile!.id, 'OTP');
      const { checkoutResponse } = await sealCheckoutPayload(db, {
        srcCorrelationId,
        payinId,
        merchantId: 'merchant-c2p',
        amountMinor: 4200,
        currency: 'EUR',
        card,
      });
      const answer = await pay(payinId, { srcCorrelationId, srcDigitalCardId: card.id, checkoutResponse });
      expect(answer.status).toBe(400);
      expect(answer.body.errorMessage).toMatch(message);
    }
  });

  it('answers forged bodies 400, never 500', async () => {
    const payinId = await create('clara.c2p@example.com');
    const ids = { srcCorrelationId: `srcc_${'1'.repeat(24)}`, srcDigitalCardId: `srcdc_${'1'.repeat(24)}` };
    const bodies: unknown[] = [
      {},
      { browser },
      { browser, clickToPay: null },
      { browser, clickToPay: { ...ids } },
      { browser, clickToPay: { ...ids, checkoutResponse: 'x'.repeat(4097) } },
      { browser, clickToPay: { ...ids, checkoutResponse: 42 } },
      { browser, clickToPay: { ...ids, checkoutResponse: 'srcp1.x.y.z', extra: 1 } },
      { browser, clickToPay: { ...ids, checkoutResponse: 'srcp1.x.y.z' } },
      { browser, clickToPay: { ...ids, checkoutResponse: `srcp1.${'A'.repeat(16)}.${'A'.repeat(40)}.${'A'.repeat(22)}` } },
      { browser, clickToPay: { ...ids, checkoutResponse: '../../etc/passwd' } },
      { browser, clickToPay: { srcCorrelationId: ['a'], srcDigitalCardId: {}, checkoutResponse: 'srcp1' } },
    ];
    for (const body of bodies) {
      const answer = await call(`/public/payin/${payinId}/process/click-to-pay`, body, 'sbx_checkout', randomUUID());
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const notJson = await call(`/public/payin/${payinId}/process/click-to-pay`, '{"browser":', 'sbx_checkout', randomUUID());
    expect(notJson.status).toBe(400);
    const db = await sandboxDb();
    const [row] = await db
      .select()
      .from(payins)
      .where(and(eq(payins.id, payinId), eq(payins.status, 'CREATED')));
    expect(row).toBeDefined();
  });
});

describe('linking a typed card on consent', () => {
  const typed = (payinId: string, cardNumber: string, link: unknown) =>
    call(
      `/public/payin/${payinId}/process/card`,
      {
        browser,
        cardData: { cardNumber, cardHolderName: 'Nia Typed', expiryMonth: '12', expiryYear: '2030', cvv: '123' },
        saveCard: false,
        clickToPay: { link },
      },
      'sbx_checkout',
      randomUUID(),
    );
  const link = { textVersion: 'c2p-link-1', locale: 'en' };

  it('links the card of a paid pay-in, and not that of a declined one', async () => {
    const paid = await create(`nia.${randomUUID().slice(0, 8)}@example.com`, 'sbx_c2p_merchant', 42, '+447700900999');
    expect((await typed(paid, '4242424242424242', link)).body.status).toBe('SUCCESS');
    const linked = (await call(`/public/payin/${paid}`, undefined)).body.clickToPay;
    expect(linked.link).toEqual({ outcome: 'LINKED', srcDigitalCardId: expect.stringMatching(/^srcdc_/) });
    const db = await sandboxDb();
    const [card] = await db.select().from(srcCards).where(eq(srcCards.id, linked.link.srcDigitalCardId));
    expect(card).toMatchObject({ status: 'ACTIVE', fpanMask: '424242******4242' });

    const declined = await create(`noa.${randomUUID().slice(0, 8)}@example.com`, 'sbx_c2p_merchant', 42, '+447700900998');
    expect((await typed(declined, '4000000000000002', link)).body.status).toBe('DECLINED');
    expect((await call(`/public/payin/${declined}`, undefined)).body.clickToPay.link).toEqual({
      outcome: 'NOT_LINKED',
      reason: 'NOT_AUTHORISED',
      srcDigitalCardId: expect.stringMatching(/^srcdc_/),
    });
  });

  it("never adds a card to someone's profile without their code, nor where the merchant does not offer it", async () => {
    const clara = await create('clara.c2p@example.com');
    expect((await typed(clara, '4242424242424242', link)).body.status).toBe('SUCCESS');
    expect((await call(`/public/payin/${clara}`, undefined)).body.clickToPay.link).toEqual({
      outcome: 'NOT_LINKED',
      reason: 'IDENTITY_UNVERIFIED',
    });
    const demo = await create(`ode.${randomUUID().slice(0, 8)}@example.com`, 'sbx_demo_merchant', 42, '+447700900997');
    expect((await typed(demo, '4242424242424242', link)).body.status).toBe('SUCCESS');
    expect((await call(`/public/payin/${demo}`, undefined)).body.clickToPay).toEqual({
      link: { outcome: 'NOT_LINKED', reason: 'NOT_ELIGIBLE' },
    });
  });
});
