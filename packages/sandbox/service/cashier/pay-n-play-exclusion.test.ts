/**
 * Pay N Play: an exclusion protects the person who asked for it (docs/design.md, E26, "An
 * exclusion is the person's"). A stranger who knows a player's name, birth date and postal code
 * and registers under them at a bank that knows no national id, then self-excludes, is only a
 * probable match of her: her deposit is held for the merchant's decision (`probableMatches` in
 * `cashier.player.identified`, the sandbox merchant decides nothing by itself), never refused
 * outright, and his exclusion is never copied onto her record. Her own exclusion, found by her
 * national id and its issuing country, still binds. Names are compared in any spelling ICAO Doc
 * 9303 allows ("Nora Nøid", "Nora Noeid", "Nora Noid"). Each test at a merchant of its own.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { bankLogin, customerIdOf, freshMerchant, payNPlaySession, type PayNPlaySession } from '@sandbox/testing/pay-n-play-fixtures';
import { RETURN_URLS, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import type { Db } from '@sandbox/db/client';
import { customers, playerIdentifications, webhookDeliveries } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { nameAndBirthDate } from '../bank/player-identity';
import { settleDueAutoDecisions } from './player-decision';
import { autoDecision } from './player-eligibility';

let db: Db;

beforeAll(async () => {
  db = await sandboxDb();
});

const sessionOf = async (s: PayNPlaySession) => (await api('GET', `/public/cashier/session/${s.id}`, s.as)).body;
const decide = (s: PayNPlaySession, token: string, body: Record<string, unknown>) =>
  api('POST', `/public/cashier/session/${s.id}/player-decision`, { token, key: randomUUID(), body });
const payinOf = async (id: string, token: string) => (await api('GET', `/public/payin/${id}`, { token })).body;
const exclusionOf = async (merchantId: string, externalUserId: string) =>
  (
    await db
      .select({ gambling: customers.gambling })
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId), eq(customers.externalUserId, externalUserId)))
  )[0]?.gambling?.exclusion ?? null;
const setExclusion = async (merchantId: string, externalUserId: string, token: string, kind: 'SELF_EXCLUSION' | 'NONE') =>
  (await api('PUT', `/public/customer/${await customerIdOf(merchantId, externalUserId)}/exclusion`, { token, body: { kind } })).status;
const eventOf = async (identificationId: string) => {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.transactionId, identificationId), eq(webhookDeliveries.eventType, 'cashier.player.identified')));
  return JSON.parse(row!.body).data;
};
/** The sandbox merchant's automatic decisions, as the worker makes them once they are due. */
const autoDecisionsPass = () => db.transaction((tx) => settleDueAutoDecisions(tx, new Date(Date.now() + 5000)));
const loginOf = async (identificationId: string) =>
  (await db.select().from(playerIdentifications).where(eq(playerIdentifications.id, identificationId)))[0]!;

describe('Pay N Play: an exclusion protects the person who asked for it', () => {
  it('a stranger registered under her name and birth date who self-excludes holds her deposit for the merchant, and never excludes her', async () => {
    const merchant = await freshMerchant();
    // The stranger: her name, birth date and postal code, at a GB bank that knows no national id; the sandbox merchant allows him.
    const his = await payNPlaySession(merchant.token);
    const stranger = await bankLogin(his, 'namesake', 10, randomUUID(), 'gb-albion');
    expect((await eventOf(stranger.identificationId)).identity.nationalIdHash).toBeUndefined();
    await autoDecisionsPass();
    const strangerId = (await sessionOf(his)).customer.externalUserId as string;
    expect(strangerId).toBeTruthy();
    expect(await setExclusion(merchant.id, strangerId, merchant.token, 'SELF_EXCLUSION')).toBe(204);

    // The real player, with a national id, through a Swedish bank: not him, only probably the same person.
    const hers = await payNPlaySession(merchant.token);
    const login = await bankLogin(hers, 'pays', 30, randomUUID(), 'se-gota');
    expect(await eventOf(login.identificationId)).toMatchObject({
      returning: false,
      probableMatches: [{ customerId: strangerId, reason: 'NAME_BIRTH_DATE_AND_POSTAL_CODE', excluded: true }],
    });
    // Not refused outright: the sandbox merchant leaves it to the merchant, the deposit is held.
    await autoDecisionsPass();
    expect((await sessionOf(hers)).payNPlay).toMatchObject({ status: 'AWAITING_DECISION' });
    expect((await payinOf(login.paymentId!, merchant.token)).status).toBe('PENDING');
    expect((await loginOf(login.identificationId)).autoDecideAt).toBeNull();

    // The merchant checked: she is someone else. Allowed as a new customer, her deposit is paid; his exclusion is not hers.
    const herId = `her-${randomUUID()}`;
    const allowed = await decide(hers, merchant.token, { identificationId: login.identificationId, decision: 'ALLOW', customerId: herId });
    expect(allowed.body).toMatchObject({ decision: 'ALLOW', returning: false, customerId: herId, paymentStatus: 'SUCCESS' });
    expect(await exclusionOf(merchant.id, herId)).toBeNull();

    // He lifts his: nothing remains on hers, and nothing was ever there.
    expect(await setExclusion(merchant.id, strangerId, merchant.token, 'NONE')).toBe(204);
    expect(await exclusionOf(merchant.id, herId)).toBeNull();
    const card = await api('POST', `/public/cashier/session/${hers.id}/payin`, { body: { amount: 10 }, ...hers.as, key: randomUUID() });
    expect(card.status, JSON.stringify(card.body)).toBe(200);

    // Her own exclusion, found by her national id and its issuing country through another country's bank, still binds.
    expect(await setExclusion(merchant.id, herId, merchant.token, 'SELF_EXCLUSION')).toBe(204);
    const again = await payNPlaySession(merchant.token);
    const back = await bankLogin(again, 'pays', 20, randomUUID(), 'nl-polder');
    expect(await eventOf(back.identificationId)).toMatchObject({ returning: true, customerId: herId });
    await autoDecisionsPass();
    expect((await sessionOf(again)).payNPlay).toMatchObject({ status: 'ALLOWED' });
    expect(await payinOf(back.paymentId!, merchant.token)).toMatchObject({
      status: 'DECLINED',
      statusReason: { detailedStatus: 'BLOCKED_CUSTOMER' },
    });
  });

  it('a login without a national id is never a returning player: the same name, birth date and postal code is for the merchant to link', async () => {
    const merchant = await freshMerchant();
    const first = await payNPlaySession(merchant.token);
    const one = await bankLogin(first, 'no-id', 30, randomUUID(), 'gb-albion');
    const nora = `nora-${randomUUID()}`;
    expect(
      (await decide(first, merchant.token, { identificationId: one.identificationId, decision: 'ALLOW', customerId: nora })).status,
    ).toBe(200);
    expect(await setExclusion(merchant.id, nora, merchant.token, 'SELF_EXCLUSION')).toBe(204);

    // Through another GB bank: a probable match, held for the merchant.
    const second = await payNPlaySession(merchant.token);
    const two = await bankLogin(second, 'no-id', 20, randomUUID(), 'gb-thistle');
    const [a, b] = [await eventOf(one.identificationId), await eventOf(two.identificationId)];
    expect(b).toMatchObject({
      returning: false,
      probableMatches: [{ customerId: nora, reason: 'NAME_BIRTH_DATE_AND_POSTAL_CODE', excluded: true }],
    });
    // The same key through another bank and account: the person's, not the bank's, yet anyone's who knows her details.
    expect(b.identity.account.iban).not.toBe(a.identity.account.iban);
    expect(b.identity.playerKey).toBe(a.identity.playerKey);
    await autoDecisionsPass();
    expect((await sessionOf(second)).payNPlay).toMatchObject({ status: 'AWAITING_DECISION' });
    // The merchant links the login to her record: her own exclusion binds, the deposit is returned.
    const linked = await decide(second, merchant.token, { identificationId: two.identificationId, decision: 'ALLOW', customerId: nora });
    expect(linked.body).toMatchObject({ decision: 'ALLOW', customerId: nora, paymentStatus: 'DECLINED' });
    expect(await payinOf(two.paymentId!, merchant.token)).toMatchObject({ statusReason: { detailedStatus: 'BLOCKED_CUSTOMER' } });
  });

  it.each([['Nøid'], ['Noeid'], ['NOID'], ['Nöid']])(
    'a self-excluded "Nora %s" the merchant registered is a probable match of the bank’s "Nora Noid"',
    async (familyName) => {
      const merchant = await freshMerchant();
      const own = `own-${randomUUID()}`;
      const created = await api('POST', '/public/cashier/session', {
        token: merchant.token,
        key: randomUUID(),
        body: {
          customer: {
            ...testCustomer(own),
            firstName: 'Nora',
            lastName: familyName,
            dateOfBirth: '1992-12-01',
            billing: { ...testCustomer(own).billing, postalCode: '10001' },
          },
          returnUrls: RETURN_URLS,
          currency: 'EUR',
          kycVerified: false,
          previousTransactionCount: 0,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(await setExclusion(merchant.id, own, merchant.token, 'SELF_EXCLUSION')).toBe(204);

      const s = await payNPlaySession(merchant.token);
      const login = await bankLogin(s, 'no-id', 30, randomUUID(), 'gb-albion');
      expect(await eventOf(login.identificationId)).toMatchObject({
        probableMatches: [{ customerId: own, reason: 'NAME_BIRTH_DATE_AND_POSTAL_CODE', excluded: true }],
      });
      await autoDecisionsPass();
      expect((await sessionOf(s)).payNPlay).toMatchObject({ status: 'AWAITING_DECISION' });
      expect((await payinOf(login.paymentId!, merchant.token)).status).toBe('PENDING');
    },
  );
});

describe('Pay N Play: the probable match (pure)', () => {
  it('compares names in any spelling ICAO Doc 9303 allows, and the birth date exactly', () => {
    const nora = { givenName: 'Nora', familyName: 'Noid', dateOfBirth: '1992-12-01' };
    for (const familyName of ['Nøid', 'Noeid', 'NØID', 'Nöid', 'Noid '])
      expect(nameAndBirthDate({ ...nora, familyName }), familyName).toBe(nameAndBirthDate(nora));
    expect(nameAndBirthDate({ ...nora, givenName: 'Åsa', familyName: 'Strauß' })).toBe(
      nameAndBirthDate({ ...nora, givenName: 'Aasa', familyName: 'Strauss' }),
    );
    expect(nameAndBirthDate({ ...nora, familyName: 'Nord' })).not.toBe(nameAndBirthDate(nora));
    expect(nameAndBirthDate({ ...nora, dateOfBirth: '1992-12-02' })).not.toBe(nameAndBirthDate(nora));
  });

  it('the sandbox merchant decides nothing by itself for a player with an excluded probable match', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    expect(autoDecision({ dateOfBirth: '1985-04-12' }, false, now, 18, true)).toBeNull();
    expect(autoDecision({ dateOfBirth: '1985-04-12' }, false, now, 18, false)).toEqual({ decision: 'ALLOW' });
    // The service's own refusals come first: under age, on the register.
    expect(autoDecision({ dateOfBirth: '2009-11-27' }, false, now, 18, true)).toEqual({ decision: 'DENY', reason: 'UNDERAGE' });
    expect(autoDecision({ dateOfBirth: '1985-04-12' }, true, now, 18, true)).toEqual({ decision: 'DENY', reason: 'SELF_EXCLUDED' });
  });
});
