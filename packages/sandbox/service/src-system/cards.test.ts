/** Linked cards (cards.ts, art.ts): listed as SrcCards, last used first then last enrolled, with built-in art; no PAN stored. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@sandbox/db/client';
import { srcCards } from '@sandbox/db/schema';
import { SrcCard } from '@hosted-checkout/contract/click-to-pay';
import { sandboxDb } from '../core/store';
import { activeCard, linkCard, listCards, markCardUsed, srcBrandOf, type CardToLink } from './cards';

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
});

const T0 = new Date('2026-11-01T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const card = (profileId: string, last4: string, brand: CardToLink['brand'] = 'VISA', status: CardToLink['status'] = 'ACTIVE') => ({
  profileId,
  brand,
  fpanMask: `${brand === 'VISA' ? '424242' : '555555'}******${last4}`,
  fpanHash: `${last4}`.padEnd(64, 'a'),
  expiryMonth: '07',
  expiryYear: '2031',
  holder: 'Ada Lovelace',
  status,
});

describe('linked cards', () => {
  it("lists a profile's active cards, last used first, then the most recently enrolled", async () => {
    const profile = `srcp_${randomUUID()}`;
    const a = await linkCard(db, card(profile, '1111'), at(0));
    const b = await linkCard(db, card(profile, '2222', 'MASTERCARD'), at(10));
    const c = await linkCard(db, card(profile, '3333'), at(20));
    await linkCard(db, card(profile, '4444', 'VISA', 'PENDING'), at(30));
    await linkCard(db, card(`srcp_${randomUUID()}`, '5555'), at(40));
    expect((await listCards(db, profile)).map((x) => x.panLastFour)).toEqual(['3333', '2222', '1111']);
    await markCardUsed(db, a!.id, at(100));
    await markCardUsed(db, b!.id, at(50));
    const cards = await listCards(db, profile);
    expect(cards.map((x) => x.srcDigitalCardId)).toEqual([a!.id, b!.id, c!.id]);
    expect(cards[0]).toEqual({
      srcDigitalCardId: expect.stringMatching(/^srcdc_[0-9a-f]{24}$/),
      brand: 'VISA',
      panLastFour: '1111',
      panExpirationMonth: '07',
      panExpirationYear: '2031',
      descriptorName: 'Sandbox Bank Visa',
      artUri: expect.stringMatching(/^data:image\/svg\+xml,%3Csvg/),
      dateOfCardLastUsed: at(100).toISOString(),
    });
    expect(cards[2]).not.toHaveProperty('dateOfCardLastUsed');
    for (const listed of cards) expect(SrcCard.strict().safeParse(listed).success).toBe(true);
    expect((await listCards(db, profile, ['MASTERCARD'])).map((x) => x.panLastFour)).toEqual(['2222']);
  });

  it("draws each brand's art as an SVG data URI", async () => {
    const profile = `srcp_${randomUUID()}`;
    await linkCard(db, card(profile, '1111'), at(0));
    await linkCard(db, card(profile, '2222', 'MASTERCARD'), at(1));
    const [mastercard, visa] = await listCards(db, profile);
    const svg = (uri = '') => decodeURIComponent(uri.slice('data:image/svg+xml,'.length));
    expect(svg(visa?.artUri)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg".*VISA<\/text><\/svg>$/);
    expect(svg(mastercard?.artUri)).toContain('#eb001b');
    expect(mastercard?.descriptorName).toBe('Sandbox Bank Mastercard');
  });

  it('links a card once per profile, keeps no PAN, and finds only active cards of the profile', async () => {
    const profile = `srcp_${randomUUID()}`;
    const linked = await linkCard(db, card(profile, '9999'));
    expect(await linkCard(db, card(profile, '9999'))).toBeNull();
    const [row] = await db.select().from(srcCards).where(eq(srcCards.id, linked!.id));
    expect(Object.values(row!).filter((v) => typeof v === 'string' && /^\d{12,19}$/.test(v))).toEqual([]);
    expect(row?.fpanMask).toBe('424242******9999');
    expect((await activeCard(db, profile, linked!.id)).id).toBe(linked!.id);
    await expect(activeCard(db, `srcp_${randomUUID()}`, linked!.id)).rejects.toMatchObject({ reason: 'CARD_NOT_FOUND', status: 404 });
    const pending = await linkCard(db, card(profile, '8888', 'VISA', 'PENDING'));
    await expect(activeCard(db, profile, pending!.id)).rejects.toMatchObject({ reason: 'CARD_NOT_FOUND' });
  });

  it('speaks Visa and Mastercard only', () => {
    expect([srcBrandOf('Visa'), srcBrandOf('Mastercard'), srcBrandOf('American Express')]).toEqual(['VISA', 'MASTERCARD', null]);
  });
});
