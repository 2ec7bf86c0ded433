/**
 * Linking a typed card on consent (link.ts): each case of the design's table, the consent recorded
 * in every case, and the pending card settled by its pay-in's status.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@sandbox/db/client';
import { srcCards, srcConsents } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { listCards } from './cards';
import { linkOutcomeOf, requestLink, settleLinks, type LinkRequest } from './link';
import { createProfile, findProfileByIdentity } from './profiles';
import { issueIdToken, openSession } from './sessions';

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
});

const card = (last4 = '4242', brand = 'Visa') => ({
  brand,
  mask: `424242******${last4}`,
  hash: randomUUID().replace(/-/g, '').padEnd(64, '0'),
  expiryMonth: '09',
  expiryYear: '2031',
  holder: 'Ada Lovelace',
});
const ask = (overrides: Partial<LinkRequest> = {}): LinkRequest => ({
  payinId: `pi_${randomUUID()}`,
  merchantId: 'sbx_c2p_merchant',
  textVersion: 'c2p-link-1',
  locale: 'en',
  offeredBrands: ['VISA', 'MASTERCARD'],
  card: card(),
  identity: { email: `link-${randomUUID().slice(0, 8)}@example.com` },
  ...overrides,
});
const consentsOf = (payinId: string) => db.select().from(srcConsents).where(eq(srcConsents.payinId, payinId));

describe('linking a card on consent', () => {
  it('a new identity: a CONSENT profile and a PENDING card, ACTIVE once the pay-in is SUCCESS', async () => {
    const request = ask();
    const result = await requestLink(db, request);
    expect(result).toEqual({ outcome: 'PENDING', srcDigitalCardId: expect.stringMatching(/^srcdc_/) });
    const profile = await findProfileByIdentity(db, 'EMAIL', request.identity.email!);
    expect(profile?.origin).toBe('CONSENT');
    expect(await listCards(db, profile!.id)).toEqual([]);
    await settleLinks(db, request.payinId, 'PENDING_3DS');
    expect(await linkOutcomeOf(db, request.payinId)).toMatchObject({ outcome: 'PENDING' });
    await settleLinks(db, request.payinId, 'SUCCESS');
    expect((await listCards(db, profile!.id)).map((c) => c.panLastFour)).toEqual(['4242']);
    expect(await linkOutcomeOf(db, request.payinId)).toEqual({ outcome: 'LINKED', srcDigitalCardId: result.srcDigitalCardId });
    expect(await consentsOf(request.payinId)).toEqual([
      expect.objectContaining({
        kind: 'LINK_CARD',
        textVersion: 'c2p-link-1',
        shownIdentity: expect.stringMatching(/^l•••@example\.com$/),
      }),
    ]);
  });

  it('a declined pay-in removes the card and the profile made for it, so a later link starts afresh', async () => {
    const request = ask();
    const { srcDigitalCardId } = await requestLink(db, request);
    await settleLinks(db, request.payinId, 'DECLINED');
    expect(await db.select().from(srcCards).where(eq(srcCards.id, srcDigitalCardId!))).toEqual([]);
    expect(await findProfileByIdentity(db, 'EMAIL', request.identity.email!)).toBeNull();
    expect(await linkOutcomeOf(db, request.payinId)).toEqual({ outcome: 'NOT_LINKED', reason: 'NOT_AUTHORISED', srcDigitalCardId });
    expect((await requestLink(db, ask({ identity: request.identity }))).outcome).toBe('PENDING');
  });

  it('an identity with a profile, not validated: IDENTITY_UNVERIFIED, nothing added', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const owner = await createProfile(db, { email }, 'SEED');
    const request = ask({ identity: { email: email.toUpperCase() } });
    expect(await requestLink(db, request)).toEqual({ outcome: 'NOT_LINKED', reason: 'IDENTITY_UNVERIFIED' });
    expect(await db.select().from(srcCards).where(eq(srcCards.profileId, owner!.id))).toEqual([]);
    expect((await consentsOf(request.payinId))[0]).toMatchObject({ outcome: 'NOT_LINKED:IDENTITY_UNVERIFIED', profileId: null });
  });

  it('a validated session of the pay-in for the identity the box named: the card goes to that profile', async () => {
    const email = `valid-${randomUUID().slice(0, 8)}@example.com`;
    const owner = await createProfile(db, { email }, 'SEED');
    const payinId = `pi_${randomUUID()}`;
    const session = await openSession(db, { payinId, merchantId: 'sbx_c2p_merchant', amountMinor: 100, currency: 'EUR' });
    await issueIdToken(db, session.srcCorrelationId, owner!.id, 'OTP');
    const result = await requestLink(db, ask({ payinId, srcCorrelationId: session.srcCorrelationId, identity: { email } }));
    expect(result.outcome).toBe('PENDING');
    await settleLinks(db, payinId, 'SUCCESS');
    expect(await listCards(db, owner!.id)).toHaveLength(1);
    // Another pay-in's validated session does not count.
    const other = await requestLink(db, ask({ srcCorrelationId: session.srcCorrelationId, identity: { email } }));
    expect(other).toEqual({ outcome: 'NOT_LINKED', reason: 'IDENTITY_UNVERIFIED' });
  });

  it('a session validated for someone else (a browser remembered for another person): nothing goes to that profile', async () => {
    const stranger = await createProfile(db, { email: `remembered-${randomUUID().slice(0, 8)}@example.com` }, 'SEED');
    const payinId = `pi_${randomUUID()}`;
    const session = await openSession(db, { payinId, merchantId: 'sbx_c2p_merchant', amountMinor: 100, currency: 'EUR' });
    await issueIdToken(db, session.srcCorrelationId, stranger!.id, 'COOKIE');
    const request = ask({ payinId, srcCorrelationId: session.srcCorrelationId });
    // The customer's own (new) identity gets the card, as the box said; the remembered stranger's profile gets nothing.
    expect((await requestLink(db, request)).outcome).toBe('PENDING');
    await settleLinks(db, payinId, 'SUCCESS');
    expect(await db.select().from(srcCards).where(eq(srcCards.profileId, stranger!.id))).toEqual([]);
    expect((await findProfileByIdentity(db, 'EMAIL', request.identity.email!))?.origin).toBe('CONSENT');
    // Without an identity of its own, the pay-in links nothing.
    const bareId = `pi_${randomUUID()}`;
    const bare = await openSession(db, { payinId: bareId, merchantId: 'sbx_c2p_merchant', amountMinor: 100, currency: 'EUR' });
    await issueIdToken(db, bare.srcCorrelationId, stranger!.id, 'OTP');
    expect(await requestLink(db, ask({ payinId: bareId, srcCorrelationId: bare.srcCorrelationId, identity: {} }))).toEqual({
      outcome: 'NOT_LINKED',
      reason: 'NO_IDENTITY',
    });
  });

  it('a card the profile has already: LINKED at once, and a decline of this pay-in does not remove it', async () => {
    const email = `again-${randomUUID().slice(0, 8)}@example.com`;
    const owner = await createProfile(db, { email }, 'SEED');
    const typed = card('1881');
    const validated = async () => {
      const payinId = `pi_${randomUUID()}`;
      const session = await openSession(db, { payinId, merchantId: 'sbx_c2p_merchant', amountMinor: 100, currency: 'EUR' });
      await issueIdToken(db, session.srcCorrelationId, owner!.id, 'OTP');
      return ask({ payinId, srcCorrelationId: session.srcCorrelationId, card: typed, identity: { email } });
    };
    const first = await validated();
    await requestLink(db, first);
    await settleLinks(db, first.payinId, 'SUCCESS');
    const second = await validated();
    const [linked] = await listCards(db, owner!.id);
    expect(await requestLink(db, second)).toEqual({ outcome: 'LINKED', srcDigitalCardId: linked?.srcDigitalCardId });
    await settleLinks(db, second.payinId, 'DECLINED');
    expect(await listCards(db, owner!.id)).toHaveLength(1);
  });

  it('an identity whose profile a link made: a second link is IDENTITY_UNVERIFIED', async () => {
    const request = ask();
    await requestLink(db, request);
    await settleLinks(db, request.payinId, 'SUCCESS');
    expect(await requestLink(db, ask({ identity: request.identity }))).toEqual({ outcome: 'NOT_LINKED', reason: 'IDENTITY_UNVERIFIED' });
  });

  it.each([
    ['a brand not offered', ask({ offeredBrands: ['MASTERCARD'] }), 'NOT_ELIGIBLE'],
    ['an Amex', ask({ card: card('0005', 'American Express') }), 'NOT_ELIGIBLE'],
    ['no email or phone', ask({ identity: { email: null, phone: null } }), 'NO_IDENTITY'],
    ['a malformed email', ask({ identity: { email: 'not-an-email' } }), 'NO_IDENTITY'],
  ])('%s: NOT_LINKED, the consent recorded', async (_case, request, reason) => {
    expect(await requestLink(db, request)).toEqual({ outcome: 'NOT_LINKED', reason });
    expect((await consentsOf(request.payinId))[0]).toMatchObject({ outcome: `NOT_LINKED:${reason}` });
  });
});
