/**
 * Pay N Play (docs/design.md, E26), through the sandbox's router with answers checked against the
 * OpenAPI document: a session without a customer, a deposit by bank held until the merchant
 * decides on the identity the bank verified (sent in a signed event, the national id only as a
 * keyed hash), ALLOW (a new player; a returning one gets their own customer, limits and exclusion),
 * DENY (the deposit returned), the sandbox merchant's automatic decision (adults allowed, under 18
 * and the self-exclusion register denied), a login with amount 0, and replays that move nothing twice.
 * The person, not the bank: a self-excluded player through other countries' banks, a probable
 * match the merchant registered itself (its exclusion binds only where the merchant links it), and
 * a merchant's ALLOW of a minor or of a player on the register (never paid), each at a merchant of
 * its own that knows no one yet. A player without a national id, and a stranger registered under a
 * player's name: pay-n-play-exclusion.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { bankLogin, customerIdOf, freshMerchant, payNPlaySession, type PayNPlaySession } from '@sandbox/testing/pay-n-play-fixtures';
import { RETURN_URLS, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import type { Db } from '@sandbox/db/client';
import { merchants, payins, playerIdentifications, webhookDeliveries } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { standardWebhookHeaders } from '../core/webhooks';
import { cancelPayment, logIn } from '../bank/bank-flow';
import type { BankActor } from '../bank/bank-payments';
import { testUser } from '../bank/test-users';
import { ageOn } from '@hosted-checkout/contract/responsible-gambling/age';
import { playerKeyInput } from '../bank/player-identity';
import { settleDueAutoDecisions } from './player-decision';
import { autoDecision } from './player-eligibility';

const DEMO = 'sbx_demo_merchant';
let db: Db;

beforeAll(async () => {
  db = await sandboxDb();
  await db.update(merchants).set({ webhookUrl: 'https://merchant.example/events' }).where(eq(merchants.id, 'merchant-demo'));
});

type Session = PayNPlaySession;
const newSession = () => payNPlaySession();

const sessionOf = async (s: Session) => (await api('GET', `/public/cashier/session/${s.id}`, s.as)).body;
const decide = (s: Session, body: Record<string, unknown>, key = randomUUID(), token = DEMO) =>
  api('POST', `/public/cashier/session/${s.id}/player-decision`, { token, key, body });
/** Starts a Pay N Play login of the session at the bank (`amount` major units; 0: identification only). */
const startLogin = (s: Session, amount: number, bankId = 'se-gota', key = randomUUID()) =>
  api('POST', `/public/cashier/session/${s.id}/pay-n-play`, { body: { amount, bankId }, ...s.as, key });
const payinOf = async (id: string, token = DEMO) => (await api('GET', `/public/payin/${id}`, { token })).body;
const identifiedEvents = (identificationId: string) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.transactionId, identificationId), eq(webhookDeliveries.eventType, 'cashier.player.identified')));

describe('identity and recognition (pure)', () => {
  it('counts age in whole years and keys a person by national id and its issuer, else by name, birth date and postal code', () => {
    expect(ageOn('2008-06-15', new Date('2026-06-14T12:00:00Z'))).toBe(17);
    expect(ageOn('2008-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(18);
    const id = { givenName: 'Åsa', familyName: 'Öberg', dateOfBirth: '1990-01-01', address: { postalCode: 'SW1A 1AA' } };
    // The country that issued the id, whatever the bank's: nothing of the bank or the account is in the key.
    expect(playerKeyInput('m1', { ...id, nationalId: '19900101-1234', nationalIdCountry: 'se' })).toBe(
      'pnp-player:m1:national-id:SE:199001011234',
    );
    expect(() => playerKeyInput('m1', { ...id, nationalId: '19900101-1234' })).toThrow(/issued/);
    // Without a national id: the same person, accents, spacing and the postal code's spelling aside, is the same key.
    const a = playerKeyInput('m1', id);
    expect(playerKeyInput('m1', { ...id, givenName: 'asa ', familyName: 'OBERG', address: { postalCode: 'sw1a1aa' } })).toBe(a);
    expect(playerKeyInput('m1', { ...id, dateOfBirth: '1990-01-02' })).not.toBe(a);
    expect(playerKeyInput('m2', id)).not.toBe(a);
  });

  it('decides automatically as the sandbox merchant: adults allowed, under 18 and self-excluded denied', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    expect(autoDecision({ dateOfBirth: '1985-04-12' }, false, now)).toEqual({ decision: 'ALLOW' });
    expect(autoDecision({ dateOfBirth: '2009-11-27' }, false, now)).toEqual({ decision: 'DENY', reason: 'UNDERAGE' });
    expect(autoDecision({ dateOfBirth: '1985-04-12' }, true, now)).toEqual({ decision: 'DENY', reason: 'SELF_EXCLUDED' });
    // A licence's own minimum age (Ontario: 19).
    expect(autoDecision({ dateOfBirth: '2008-01-01' }, false, now, 19)).toEqual({ decision: 'DENY', reason: 'UNDERAGE' });
  });
});

describe('Pay N Play: a first visit', () => {
  it('starts without a customer, offers only the bank login, holds the deposit and sends the identity signed, hashed', async () => {
    const s = await newSession();
    const before = await sessionOf(s);
    expect(before.payNPlay).toMatchObject({ status: 'AWAITING_LOGIN' });
    expect(before.payNPlay.banks.length).toBeGreaterThan(3);
    // Nothing else moves before the player is allowed.
    const card = await api('POST', `/public/cashier/session/${s.id}/payin`, { body: { amount: 10 }, ...s.as, key: randomUUID() });
    expect(card.status).toBe(409);

    const login = await bankLogin(s, 'pays');
    expect(login.next).toBe(`http://checkout.test/cashier/${s.id}`);
    expect((await payinOf(login.paymentId!)).status).toBe('PENDING');
    expect((await sessionOf(s)).payNPlay).toMatchObject({ status: 'AWAITING_DECISION', kind: 'DEPOSIT' });
    // A second login while one waits is refused.
    const again = await startLogin(s, 5);
    expect(again.status).toBe(409);

    const [event] = await identifiedEvents(login.identificationId);
    const body = JSON.parse(event!.body);
    expect(body.data).toMatchObject({
      identificationId: login.identificationId,
      kind: 'DEPOSIT',
      amount: 30,
      currency: 'EUR',
      returning: false,
      identity: { givenName: 'Paula', familyName: 'Pays', dateOfBirth: '1985-04-12', country: 'SE' },
    });
    expect(body.data.identity.nationalIdHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.identity.account.iban).toMatch(/^SE/);
    // The national id never leaves in clear: not in the event, nor in what is stored of the login.
    expect(event!.body).not.toContain(testUser('pays')!.identity.nationalId);
    const [row] = await db.select().from(playerIdentifications).where(eq(playerIdentifications.id, login.identificationId));
    expect(JSON.stringify(row)).not.toContain(testUser('pays')!.identity.nationalId);
    // Signed as every event (Standard Webhooks).
    const [merchant] = await db.select().from(merchants).where(eq(merchants.id, 'merchant-demo'));
    const headers = standardWebhookHeaders(merchant!.webhookSecret, event!.id, event!.body);
    expect(new Webhook(merchant!.webhookSecret).verify(event!.body, headers)).toEqual(body);
  });

  it('ALLOW gives the session a new customer from the identity and pays the held deposit, once', async () => {
    const s = await newSession();
    const login = await bankLogin(s, 'pending');
    // ACSP first: the bank has not completed, nothing to decide yet.
    expect((await decide(s, { identificationId: login.identificationId, decision: 'ALLOW' })).status).toBe(409);
    await db.transaction(async (tx) => {
      const { settleDueBankPayments } = await import('../bank/bank-payments');
      await settleDueBankPayments(tx, new Date(Date.now() + 6000));
    });
    const key = randomUUID();
    const allowed = await decide(
      s,
      { identificationId: login.identificationId, decision: 'ALLOW', customerId: `player-${key}`, balance: 30, email: 'penny@example.com' },
      key,
    );
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body).toMatchObject({ decision: 'ALLOW', customerId: `player-${key}`, returning: false, paymentStatus: 'SUCCESS' });
    // The same request again (same key), and the same decision by another key: the same answer, nothing moved twice.
    expect(
      (
        await decide(
          s,
          {
            identificationId: login.identificationId,
            decision: 'ALLOW',
            customerId: `player-${key}`,
            balance: 30,
            email: 'penny@example.com',
          },
          key,
        )
      ).body,
    ).toEqual(allowed.body);
    expect((await decide(s, { identificationId: login.identificationId, decision: 'ALLOW' })).body).toEqual(allowed.body);
    expect((await decide(s, { identificationId: login.identificationId, decision: 'DENY' })).status).toBe(409);
    const session = await sessionOf(s);
    expect(session).toMatchObject({
      balance: 30,
      customer: { externalUserId: `player-${key}`, firstName: 'Penny', lastName: 'Pending', email: 'penny@example.com' },
    });
    expect(session.payNPlay.status).toBe('ALLOWED');
    const { transactions } = (await api('GET', `/public/cashier/session/${s.id}/transactions`, s.as)).body;
    expect(transactions.filter((t: { status: string }) => t.status === 'SUCCESS')).toHaveLength(1);
    // Now an ordinary cashier: a deposit by card may be made.
    const card = await api('POST', `/public/cashier/session/${s.id}/payin`, { body: { amount: 10 }, ...s.as, key: randomUUID() });
    expect(card.status).toBe(200);
  });
});

describe('Pay N Play: a returning player, a denied one, a login without a deposit', () => {
  it('recognises a returning player by the national id the bank verified: their own customer, whose exclusion binds', async () => {
    const merchant = await freshMerchant();
    const first = await payNPlaySession(merchant.token);
    const one = await bankLogin(first, 'pays');
    const external = `paula-${randomUUID()}`;
    expect(
      (await decide(first, { identificationId: one.identificationId, decision: 'ALLOW', customerId: external }, undefined, merchant.token))
        .status,
    ).toBe(200);

    const second = await payNPlaySession(merchant.token);
    const two = await bankLogin(second, 'pays', 20);
    const [event] = await identifiedEvents(two.identificationId);
    expect(JSON.parse(event!.body).data).toMatchObject({ returning: true, customerId: external, probableMatches: [] });
    // Another customer id for a returning player is refused.
    expect(
      (
        await decide(
          second,
          { identificationId: two.identificationId, decision: 'ALLOW', customerId: 'someone-else' },
          undefined,
          merchant.token,
        )
      ).status,
    ).toBe(409);
    // The merchant self-excluded the player meanwhile: allowed to log in, the deposit is not paid (E23).
    const customerId = (await db.select().from(playerIdentifications).where(eq(playerIdentifications.id, one.identificationId)))[0]!
      .customerId!;
    expect(
      (await api('PUT', `/public/customer/${customerId}/exclusion`, { token: merchant.token, body: { kind: 'SELF_EXCLUSION' } })).status,
    ).toBe(204);
    const allowed = await decide(second, { identificationId: two.identificationId, decision: 'ALLOW' }, undefined, merchant.token);
    expect(allowed.body).toMatchObject({ returning: true, customerId: external, paymentStatus: 'DECLINED' });
    expect((await sessionOf(second)).customer.externalUserId).toBe(external);
  });

  it('DENY returns the deposit and the cashier says the merchant cannot accept the player', async () => {
    const s = await newSession();
    const login = await bankLogin(s, 'pays');
    const denied = await decide(s, { identificationId: login.identificationId, decision: 'DENY', reason: 'SELF_EXCLUDED' });
    expect(denied.body).toMatchObject({ decision: 'DENY', paymentStatus: 'DECLINED', returning: false });
    expect((await payinOf(login.paymentId!)).statusReason).toMatchObject({ detailedStatus: 'BLOCKED_CUSTOMER' });
    expect((await sessionOf(s)).payNPlay).toMatchObject({ status: 'DENIED', denyReason: 'SELF_EXCLUDED' });
    expect((await decide(s, { identificationId: login.identificationId, decision: 'DENY' })).status).toBe(200);
    expect((await startLogin(s, 5)).status).toBe(409);
  });

  it('the sandbox merchant decides by itself: under 18 and the register denied, an adult allowed', async () => {
    const cases: [string, string][] = [
      ['minor', 'DENIED'],
      ['excluded', 'DENIED'],
      ['pays', 'ALLOWED'],
    ];
    for (const [username, status] of cases) {
      const s = await newSession();
      await bankLogin(s, username);
      await db.transaction((tx) => settleDueAutoDecisions(tx, new Date(Date.now() + 5000)));
      expect((await sessionOf(s)).payNPlay.status, username).toBe(status);
    }
  });

  it('a login with amount 0 identifies the player without a payment, listed nowhere', async () => {
    const s = await newSession();
    const login = await bankLogin(s, 'pays', 0);
    expect(login.paymentId).toBeUndefined();
    const [event] = await identifiedEvents(login.identificationId);
    expect(JSON.parse(event!.body).data).toMatchObject({ kind: 'LOGIN', amount: 0 });
    const allowed = await decide(s, { identificationId: login.identificationId, decision: 'ALLOW' });
    expect(allowed.body).toMatchObject({ decision: 'ALLOW' });
    expect(allowed.body.paymentId).toBeUndefined();
    expect((await api('GET', `/public/cashier/session/${s.id}/transactions`, s.as)).body.transactions).toEqual([]);
  });

  it('a login left at the bank is cancelled by the next one; a cancelled login is announced as no payment', async () => {
    const s = await newSession();
    const start = (amount: number) => startLogin(s, amount);
    const left = await start(0);
    const leftUrl = new URL(left.body.redirectUrl);
    const leftPayin = decodeURIComponent(leftUrl.pathname.split('/').pop()!);
    const second = await start(12);
    expect(second.status).toBe(200);
    const [old] = await db.select().from(playerIdentifications).where(eq(playerIdentifications.id, left.body.identificationId));
    expect(old!.status).toBe('FAILED');
    // The old page opens nothing any more.
    const oldActor: BankActor = { as: 'browser', payinId: leftPayin, token: leftUrl.searchParams.get('t')! };
    expect(await db.transaction((tx) => logIn(tx, oldActor, 'pays'))).toEqual({ ok: false, error: 'closed' });
    // The login's zero pay-in ended without a payment's event.
    const [zero] = await db.select().from(payins).where(eq(payins.id, leftPayin));
    expect(zero!.status).toBe('DECLINED');
    const events = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.transactionId, leftPayin));
    expect(events).toEqual([]);
    // The customer cancels the second at the bank: the cashier offers the login again, saying the last one failed.
    const url = new URL(second.body.redirectUrl);
    const actor: BankActor = { as: 'browser', payinId: second.body.paymentId, token: url.searchParams.get('t')! };
    await db.transaction((tx) => cancelPayment(tx, actor));
    expect((await sessionOf(s)).payNPlay).toMatchObject({ status: 'AWAITING_LOGIN', lastAttemptFailed: true });
    expect((await payinOf(second.body.paymentId)).status).toBe('DECLINED');
  });

  it('a replayed start (same Idempotency-Key) opens one login', async () => {
    const s = await newSession();
    const key = randomUUID();
    const one = await startLogin(s, 10, 'se-gota', key);
    const two = await startLogin(s, 10, 'se-gota', key);
    expect(two.body).toEqual(one.body);
    expect(await db.select().from(playerIdentifications).where(eq(playerIdentifications.sessionId, s.id))).toHaveLength(1);
    expect((await startLogin(s, 0, 'nowhere')).status).toBe(400);
  });
});

describe('Pay N Play: the person, not the bank', () => {
  const eventOf = async (identificationId: string) => JSON.parse((await identifiedEvents(identificationId))[0]!.body).data;
  const exclude = (customerId: string, token: string) =>
    api('PUT', `/public/customer/${customerId}/exclusion`, { token, body: { kind: 'SELF_EXCLUSION' } });

  it('a Swedish player who self-excluded is the same player through a Spanish and a Dutch bank, and is not paid', async () => {
    const merchant = await freshMerchant();
    const first = await payNPlaySession(merchant.token);
    const one = await bankLogin(first, 'pays', 30, randomUUID(), 'se-gota');
    const external = `paula-${randomUUID()}`;
    const allowed = await decide(
      first,
      { identificationId: one.identificationId, decision: 'ALLOW', customerId: external },
      undefined,
      merchant.token,
    );
    expect(allowed.body).toMatchObject({ returning: false, paymentStatus: 'SUCCESS' });
    expect((await exclude(await customerIdOf(merchant.id, external), merchant.token)).status).toBe(204);
    const hashes = new Set([(await eventOf(one.identificationId)).identity.nationalIdHash]);

    for (const [bankId, country] of [
      ['es-meseta', 'ES'],
      ['nl-polder', 'NL'],
    ] as const) {
      const s = await payNPlaySession(merchant.token);
      const login = await bankLogin(s, 'pays', 40, randomUUID(), bankId);
      const event = await eventOf(login.identificationId);
      // The national id is keyed with the country that issued it (SE), not the bank's.
      expect(event, bankId).toMatchObject({ returning: true, customerId: external, identity: { country, nationalIdCountry: 'SE' } });
      hashes.add(event.identity.nationalIdHash);
      // The merchant allows: the session gets the excluded player's own customer, the deposit is not paid.
      const again = await decide(s, { identificationId: login.identificationId, decision: 'ALLOW' }, undefined, merchant.token);
      expect(again.body, bankId).toMatchObject({ decision: 'ALLOW', returning: true, customerId: external, paymentStatus: 'DECLINED' });
      expect(await payinOf(login.paymentId!, merchant.token)).toMatchObject({
        status: 'DECLINED',
        statusReason: { detailedStatus: 'BLOCKED_CUSTOMER' },
      });
    }
    // One person, one hash for the merchant, whichever bank.
    expect(hashes.size).toBe(1);
  });

  it('tells the merchant of a probable match it registered itself; linked by the merchant, its exclusion binds', async () => {
    const merchant = await freshMerchant();
    // The merchant registered Paula Pays itself (an ordinary cashier session), and she self-excluded; and a namesake elsewhere.
    const register = async (externalUserId: string, postalCode: string) =>
      api('POST', '/public/cashier/session', {
        token: merchant.token,
        key: randomUUID(),
        body: {
          customer: {
            ...testCustomer(externalUserId),
            firstName: 'PAULA',
            lastName: 'pays',
            dateOfBirth: '1985-04-12',
            billing: { ...testCustomer(externalUserId).billing, postalCode },
          },
          returnUrls: RETURN_URLS,
          currency: 'EUR',
          kycVerified: false,
          previousTransactionCount: 0,
        },
      });
    const [own, elsewhere] = [`own-${randomUUID()}`, `elsewhere-${randomUUID()}`];
    expect((await register(own, '100 01')).status).toBe(200);
    expect((await register(elsewhere, 'SW1A 1AA')).status).toBe(200);
    expect((await exclude(await customerIdOf(merchant.id, own), merchant.token)).status).toBe(204);

    const s = await payNPlaySession(merchant.token);
    const login = await bankLogin(s, 'pays', 30, randomUUID(), 'de-rhein');
    // The same name, birth date and postal code (its spelling aside); the namesake of another postal code is no match.
    expect(await eventOf(login.identificationId)).toMatchObject({
      returning: false,
      probableMatches: [{ customerId: own, reason: 'NAME_BIRTH_DATE_AND_POSTAL_CODE', excluded: true }],
    });
    // The merchant checked: it is her. Linked to her record, her own exclusion binds the held deposit and a card deposit alike.
    const allowed = await decide(
      s,
      { identificationId: login.identificationId, decision: 'ALLOW', customerId: own },
      undefined,
      merchant.token,
    );
    expect(allowed.body).toMatchObject({ decision: 'ALLOW', returning: false, customerId: own, paymentStatus: 'DECLINED' });
    expect(await payinOf(login.paymentId!, merchant.token)).toMatchObject({ statusReason: { detailedStatus: 'BLOCKED_CUSTOMER' } });
    const card = await api('POST', `/public/cashier/session/${s.id}/payin`, { body: { amount: 10 }, ...s.as, key: randomUUID() });
    expect(card.status).toBe(409);
  });

  it('pays no deposit of a minor nor of a player on the register, whatever the merchant answers', async () => {
    const merchant = await freshMerchant();
    for (const [username, reason] of [
      ['minor', 'UNDERAGE'],
      ['excluded', 'SELF_EXCLUDED'],
    ] as const) {
      const s = await payNPlaySession(merchant.token);
      const login = await bankLogin(s, username, 30);
      const body = { identificationId: login.identificationId, decision: 'ALLOW', customerId: `${username}-${randomUUID()}` };
      const allowed = await decide(s, body, undefined, merchant.token);
      // ALLOW is answered as the service's DENY: the deposit returned, the session without a customer.
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
      expect(allowed.body, username).toMatchObject({ decision: 'DENY', denyReason: reason, paymentStatus: 'DECLINED' });
      expect(allowed.body.customerId).toBeUndefined();
      expect(await payinOf(login.paymentId!, merchant.token)).toMatchObject({
        status: 'DECLINED',
        statusReason: { detailedStatus: 'BLOCKED_CUSTOMER' },
      });
      const session = await sessionOf(s);
      expect(session.payNPlay).toMatchObject({ status: 'DENIED', denyReason: reason });
      expect(session.customer.firstName).toBe('');
      // The same ALLOW again answers the same; the player never gets a cashier.
      expect((await decide(s, body, undefined, merchant.token)).body).toEqual(allowed.body);
      const card = await api('POST', `/public/cashier/session/${s.id}/payin`, { body: { amount: 10 }, ...s.as, key: randomUUID() });
      expect(card.status).toBe(409);
    }
  });
});
