/**
 * Linking a typed card to Click to Pay on the customer's opt-in (EMVCo Click to Pay CX guidelines,
 * "Linking a card": an opt-in, never an opt-out; design memo §2.5). The consent is recorded in every
 * case; the card is linked PENDING and becomes ACTIVE only when its pay-in is SUCCESS:
 *
 * | case | result |
 * |---|---|
 * | brand not offered (or not Visa / Mastercard) | NOT_LINKED: NOT_ELIGIBLE |
 * | a validated SRC session of this pay-in | a PENDING card on its profile |
 * | no email or phone (or a malformed one) | NOT_LINKED: NO_IDENTITY |
 * | the identity has no profile | a new profile (CONSENT) and a PENDING card |
 * | the identity has a profile, not validated | NOT_LINKED: IDENTITY_UNVERIFIED (never add a card to someone's profile without their code) |
 *
 * `settleLinks` (the status listener's): SUCCESS turns the pay-in's PENDING card ACTIVE; DECLINED,
 * FAILED or TIMEOUT delete it (NOT_AUTHORISED), and a profile made for it with no card left, so
 * typing test numbers never plants cards nor blocks a later link. The card comes as its mask and
 * keyed hash only.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { srcCards, srcConsents, srcProfiles, srcSessions } from '@sandbox/db/schema';
import type { PayinStatus } from '@hosted-checkout/contract/enums';
import { linkCard, srcBrandOf, type SrcBrand } from './cards';
import { recordConsent } from './consents';
import { maskEmail, maskPhone, normaliseEmail, normalisePhone } from './masking';
import { createProfile, emailHashOf, findProfile, findProfileByHash, phoneHashOf, type SrcProfile } from './profiles';

/** Why a card was not linked. */
export type LinkReason = 'NOT_ELIGIBLE' | 'IDENTITY_UNVERIFIED' | 'NO_IDENTITY' | 'NOT_AUTHORISED';
/** A link as the pay-in reports it. */
export type LinkOutcome =
  { outcome: 'PENDING' | 'LINKED'; srcDigitalCardId: string } | { outcome: 'NOT_LINKED'; reason: LinkReason; srcDigitalCardId?: string };

/** A link asked for with a typed card: the pay-in, the consent's text and locale, the offered brands, the card (no PAN), the customer's identity. */
export interface LinkRequest {
  payinId: string;
  merchantId: string;
  textVersion: string;
  locale: string;
  offeredBrands: readonly SrcBrand[];
  /** The card as stored for the pay-in: brand name (`Visa`), mask, keyed hash, expiry (MM, YYYY), holder. */
  card: { brand: string; mask: string; hash: string; expiryMonth: string; expiryYear: string; holder: string };
  /** The customer's email and phone as the pay-in has them. */
  identity: { email?: string | null; phone?: string | null };
  /** The SRC session the customer validated in (the panel's), if any. */
  srcCorrelationId?: string | null;
}

/**
 * A validated session of this pay-in, still live: its profile, only when it is the profile of the
 * identity the link box named (the pay-in customer's email or phone). A session validated for
 * someone else (a browser remembered for another person, or another identity typed after "Not
 * you?") links nothing there: the card goes where the customer was told, or nowhere.
 */
async function validatedProfile(
  db: Db,
  request: LinkRequest,
  identity: { email?: string; phone?: string } | null,
  now: Date,
): Promise<SrcProfile | null> {
  if (!request.srcCorrelationId || !identity) return null;
  const [session] = await db.select().from(srcSessions).where(eq(srcSessions.correlationId, request.srcCorrelationId)).limit(1);
  if (!session?.validatedProfileId || session.payinId !== request.payinId || session.expiresAt <= now) return null;
  const profile = await findProfile(db, session.validatedProfileId);
  if (!profile) return null;
  const byEmail = identity.email !== undefined && profile.emailHash === (await emailHashOf(db, identity.email));
  const byPhone = identity.phone !== undefined && profile.phoneHash === (await phoneHashOf(db, identity.phone));
  return byEmail || byPhone ? profile : null;
}

/** The customer's normalised identity, or null when it has neither a well-formed email nor phone. */
function identityOf(identity: LinkRequest['identity']): { email?: string; phone?: string } | null {
  const attempt = (normalise: (v: string) => string, value?: string | null) => {
    try {
      return value ? normalise(value) : undefined;
    } catch {
      return undefined;
    }
  };
  const email = attempt(normaliseEmail, identity.email);
  const phone = attempt(normalisePhone, identity.phone);
  return email || phone ? { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } : null;
}

const shown = (identity: { email?: string; phone?: string }) =>
  [identity.email && maskEmail(identity.email), identity.phone && maskPhone(identity.phone)].filter(Boolean).join(' · ') || null;
const shownOf = (profile: SrcProfile) => [profile.maskedEmail, profile.maskedPhone].filter(Boolean).join(' · ') || null;

/** Asks to link the pay-in's card (the table above); records the consent; answers the outcome. Throws only on a database error. */
export async function requestLink(db: Db, request: LinkRequest, now: Date = new Date()): Promise<LinkOutcome> {
  const consent = (outcome: string, extra: { profileId?: string; cardId?: string; shownIdentity?: string | null }) =>
    recordConsent(
      db,
      {
        kind: 'LINK_CARD',
        merchantId: request.merchantId,
        textVersion: request.textVersion,
        locale: request.locale,
        payinId: request.payinId,
        outcome,
        ...extra,
      },
      now,
    );
  const refuse = async (reason: LinkReason, shownIdentity: string | null = null): Promise<LinkOutcome> => {
    await consent(`NOT_LINKED:${reason}`, { shownIdentity });
    return { outcome: 'NOT_LINKED', reason };
  };
  const brand = srcBrandOf(request.card.brand);
  if (!brand || !request.offeredBrands.includes(brand)) return refuse('NOT_ELIGIBLE');

  const identity = identityOf(request.identity);
  let profile = await validatedProfile(db, request, identity, now);
  if (!profile) {
    if (!identity) return refuse('NO_IDENTITY');
    const byEmail = identity.email ? await findProfileByHash(db, 'EMAIL', await emailHashOf(db, identity.email)) : null;
    const byPhone = identity.phone ? await findProfileByHash(db, 'MOBILE_PHONE_NUMBER', await phoneHashOf(db, identity.phone)) : null;
    if (byEmail || byPhone) return refuse('IDENTITY_UNVERIFIED', shown(identity));
    profile = await createProfile(db, identity, 'CONSENT');
    // Made by another request at the same moment: not validated here.
    if (!profile) return refuse('IDENTITY_UNVERIFIED', shown(identity));
  }
  const { card } = request;
  const linked = await linkCard(
    db,
    {
      profileId: profile.id,
      brand,
      fpanMask: card.mask,
      fpanHash: card.hash,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      holder: card.holder,
      status: 'PENDING',
    },
    now,
  );
  if (!linked) {
    // The profile has this card already: nothing to settle.
    const [existing] = await db
      .select({ id: srcCards.id })
      .from(srcCards)
      .where(and(eq(srcCards.profileId, profile.id), eq(srcCards.fpanHash, card.hash)));
    const srcDigitalCardId = existing?.id ?? '';
    await consent('LINKED', { profileId: profile.id, cardId: srcDigitalCardId, shownIdentity: shownOf(profile) });
    return { outcome: 'LINKED', srcDigitalCardId };
  }
  await consent('PENDING', { profileId: profile.id, cardId: linked.id, shownIdentity: shownOf(profile) });
  return { outcome: 'PENDING', srcDigitalCardId: linked.id };
}

const REFUSED: ReadonlySet<PayinStatus> = new Set(['DECLINED', 'FAILED', 'TIMEOUT']);

/** Settles the pay-in's pending links on its new `status` (SUCCESS: ACTIVE; DECLINED, FAILED, TIMEOUT: removed); others wait. */
export async function settleLinks(db: Db, payinId: string, status: PayinStatus): Promise<void> {
  if (status !== 'SUCCESS' && !REFUSED.has(status)) return;
  const pending = await db
    .select()
    .from(srcConsents)
    .where(and(eq(srcConsents.payinId, payinId), eq(srcConsents.kind, 'LINK_CARD'), eq(srcConsents.outcome, 'PENDING')));
  for (const consent of pending) {
    if (!consent.cardId || !consent.profileId) continue;
    const card = and(eq(srcCards.id, consent.cardId), eq(srcCards.status, 'PENDING'));
    if (status === 'SUCCESS') {
      await db.update(srcCards).set({ status: 'ACTIVE' }).where(card);
      await db.update(srcConsents).set({ outcome: 'LINKED' }).where(eq(srcConsents.id, consent.id));
      continue;
    }
    await db.delete(srcCards).where(card);
    await db.update(srcConsents).set({ outcome: 'NOT_LINKED:NOT_AUTHORISED' }).where(eq(srcConsents.id, consent.id));
    const [left] = await db.select({ id: srcCards.id }).from(srcCards).where(eq(srcCards.profileId, consent.profileId)).limit(1);
    if (!left) await db.delete(srcProfiles).where(and(eq(srcProfiles.id, consent.profileId), eq(srcProfiles.origin, 'CONSENT')));
  }
}

/** The pay-in's link as recorded by its latest LINK_CARD consent, or null when none was asked. */
export async function linkOutcomeOf(db: Db, payinId: string): Promise<LinkOutcome | null> {
  const [consent] = await db
    .select()
    .from(srcConsents)
    .where(and(eq(srcConsents.payinId, payinId), eq(srcConsents.kind, 'LINK_CARD')))
    .orderBy(desc(srcConsents.givenAt))
    .limit(1);
  if (!consent) return null;
  const card = consent.cardId ? { srcDigitalCardId: consent.cardId } : {};
  if (consent.outcome === 'PENDING' || consent.outcome === 'LINKED')
    return { outcome: consent.outcome, srcDigitalCardId: consent.cardId ?? '' };
  return { outcome: 'NOT_LINKED', reason: consent.outcome.replace('NOT_LINKED:', '') as LinkReason, ...card };
}
