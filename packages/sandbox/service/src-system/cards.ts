/**
 * Cards linked to SRC profiles (EMVCo SRC "digital cards"): brand, the FPAN's mask (6+4) and keyed
 * hash (core/store.ts `keyedHash`, the card hash), expiry, holder, descriptor and built-in art.
 * No PAN and no token PAN is stored (payload.ts derives the token PAN when paying). Listed as the
 * SDKs' `SrcCard`, most recently used first, then most recently enrolled (EMVCo Click to Pay CX
 * guidelines, P5 card tray).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { srcCards } from '@sandbox/db/schema';
import type { ClickToPayBrand, SrcCard } from '@hosted-checkout/contract/click-to-pay';
import { artUriOf, type CardArt } from './art';
import { newSrcId } from './secrets';
import { SrcError } from './src-error';

/** The brands the sandbox SRC system speaks. */
export type SrcBrand = ClickToPayBrand;
/** A linked card's row. */
export type SrcCardRow = typeof srcCards.$inferSelect;

/** A card as the browser sees it: the contract's SrcCard (the SDKs'); `dateOfCardLastUsed` ISO 8601. */
export type { SrcCard };

/** The SRC brand of a card brand's display name (`Visa`, `Mastercard`), or null for another brand. */
export function srcBrandOf(niceType: string): SrcBrand | null {
  const name = niceType.toLowerCase();
  return name === 'visa' ? 'VISA' : name === 'mastercard' ? 'MASTERCARD' : null;
}

const DESCRIPTORS: Record<SrcBrand, string> = { VISA: 'Sandbox Bank Visa', MASTERCARD: 'Sandbox Bank Mastercard' };
const ART: Record<SrcBrand, CardArt> = { VISA: 'visa', MASTERCARD: 'mastercard' };

/** A card to link: its brand, the FPAN's mask and keyed hash (never the PAN), expiry (MM, YYYY), holder. */
export interface CardToLink {
  profileId: string;
  brand: SrcBrand;
  fpanMask: string;
  fpanHash: string;
  expiryMonth: string;
  expiryYear: string;
  holder: string;
  status: SrcCardRow['status'];
}

/** Links a card to a profile (once per profile and card hash): the new card, or null when the profile has it already. */
export async function linkCard(db: Db, card: CardToLink, now: Date = new Date()): Promise<SrcCardRow | null> {
  const [row] = await db
    .insert(srcCards)
    .values({ id: newSrcId('srcdc'), ...card, descriptor: DESCRIPTORS[card.brand], art: ART[card.brand], createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The SrcCard of a row. */
export const srcCardOf = (row: SrcCardRow): SrcCard => ({
  srcDigitalCardId: row.id,
  brand: row.brand,
  panLastFour: row.fpanMask.slice(-4),
  panExpirationMonth: row.expiryMonth,
  panExpirationYear: row.expiryYear,
  descriptorName: row.descriptor,
  artUri: artUriOf(row.art),
  ...(row.lastUsedAt ? { dateOfCardLastUsed: row.lastUsedAt.toISOString() } : {}),
});

/** The profile's ACTIVE cards of `brands` (all when absent), last used first, then last enrolled. */
export async function listCards(db: Db, profileId: string, brands?: readonly SrcBrand[]): Promise<SrcCard[]> {
  const rows = await db
    .select()
    .from(srcCards)
    .where(and(eq(srcCards.profileId, profileId), eq(srcCards.status, 'ACTIVE'), brands ? inArray(srcCards.brand, [...brands]) : undefined))
    .orderBy(sql`${srcCards.lastUsedAt} desc nulls last`, desc(srcCards.createdAt), srcCards.id);
  return rows.map(srcCardOf);
}

/** The profile's ACTIVE card `cardId`; throws SrcError 404 CARD_NOT_FOUND otherwise (another profile's, pending, unknown). */
export async function activeCard(db: Db, profileId: string, cardId: string): Promise<SrcCardRow> {
  const [row] = await db
    .select()
    .from(srcCards)
    .where(and(eq(srcCards.id, cardId), eq(srcCards.profileId, profileId), eq(srcCards.status, 'ACTIVE')))
    .limit(1);
  if (!row) throw new SrcError('CARD_NOT_FOUND', 404, 'No such card in this Click to Pay profile');
  return row;
}

/** The card `cardId` whatever its profile or status (the payments side, after opening a payload), or null. */
export async function findCard(db: Db, cardId: string): Promise<SrcCardRow | null> {
  const [row] = await db.select().from(srcCards).where(eq(srcCards.id, cardId)).limit(1);
  return row ?? null;
}

/** Stamps the card's last use (its place in the tray). */
export async function markCardUsed(db: Db, cardId: string, now: Date = new Date()): Promise<void> {
  await db.update(srcCards).set({ lastUsedAt: now }).where(eq(srcCards.id, cardId));
}
