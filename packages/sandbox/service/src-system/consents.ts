/**
 * Consents of Click to Pay, recorded whatever their outcome (EMVCo Click to Pay CX guidelines:
 * linking a card is "required to be an opt-in and not an opt-out"; "Skip verification next time"):
 * which text (its version), in which locale, the masked identity shown beside it, and the outcome
 * (REMEMBER_ME: GIVEN; LINK_CARD: PENDING, LINKED or NOT_LINKED:<reason>). "Not you?" withdraws a
 * profile's REMEMBER_ME at the merchant. No identity or card number is kept, only ids and masks.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { srcConsents } from '@sandbox/db/schema';
import { invalid } from '../core/api-error';
import { newSrcId } from './secrets';

/** The kinds of consent and the version of the text each shows now. */
export const CONSENT_TEXT_VERSIONS = { LINK_CARD: 'c2p-link-1', REMEMBER_ME: 'c2p-remember-1' } as const;
export type ConsentKind = keyof typeof CONSENT_TEXT_VERSIONS;

/** A consent's row. */
export type SrcConsent = typeof srcConsents.$inferSelect;

/** A consent to record. `locale` is a BCP 47 tag of ≤ 35 characters; `outcome` ≤ 64 characters. */
export interface ConsentInput {
  kind: ConsentKind;
  merchantId: string;
  textVersion: string;
  locale: string;
  outcome: string;
  profileId?: string | null;
  cardId?: string | null;
  payinId?: string | null;
  shownIdentity?: string | null;
}

/**
 * Records a consent: its id (`srcn_…`). Throws SandboxApiError 400 when the text version is not
 * the kind's current one, or the locale or outcome is malformed.
 */
export async function recordConsent(db: Db, input: ConsentInput, now: Date = new Date()): Promise<string> {
  if (input.textVersion !== CONSENT_TEXT_VERSIONS[input.kind])
    throw invalid(`clickToPay.textVersion: not the current text of ${input.kind}`);
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(input.locale) || input.locale.length > 35)
    throw invalid('clickToPay.locale: not a language tag');
  if (!/^[A-Z_:]{1,64}$/.test(input.outcome)) throw invalid('clickToPay.outcome: malformed');
  const id = newSrcId('srcn');
  await db.insert(srcConsents).values({
    id,
    kind: input.kind,
    merchantId: input.merchantId,
    textVersion: input.textVersion,
    locale: input.locale,
    outcome: input.outcome,
    profileId: input.profileId ?? null,
    cardId: input.cardId ?? null,
    payinId: input.payinId ?? null,
    shownIdentity: input.shownIdentity ?? null,
    givenAt: now,
  });
  return id;
}

/** Sets the outcome of consent `id` (a link settled: LINKED, NOT_LINKED:NOT_AUTHORISED). */
export async function settleConsent(db: Db, id: string, outcome: string): Promise<void> {
  if (!/^[A-Z_:]{1,64}$/.test(outcome)) throw invalid('clickToPay.outcome: malformed');
  await db.update(srcConsents).set({ outcome }).where(eq(srcConsents.id, id));
}

/** Withdraws the profile's standing consents of `kind` at `merchantId` ("Not you?"): how many. */
export async function withdrawConsents(
  db: Db,
  input: { profileId: string; merchantId: string; kind: ConsentKind },
  now: Date = new Date(),
): Promise<number> {
  const rows = await db
    .update(srcConsents)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(srcConsents.profileId, input.profileId),
        eq(srcConsents.merchantId, input.merchantId),
        eq(srcConsents.kind, input.kind),
        isNull(srcConsents.withdrawnAt),
      ),
    )
    .returning({ id: srcConsents.id });
  return rows.length;
}

/** Whether the profile has a standing (not withdrawn) consent of `kind` at `merchantId`. */
export async function hasStandingConsent(db: Db, input: { profileId: string; merchantId: string; kind: ConsentKind }): Promise<boolean> {
  const [row] = await db
    .select({ id: srcConsents.id })
    .from(srcConsents)
    .where(
      and(
        eq(srcConsents.profileId, input.profileId),
        eq(srcConsents.merchantId, input.merchantId),
        eq(srcConsents.kind, input.kind),
        isNull(srcConsents.withdrawnAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
