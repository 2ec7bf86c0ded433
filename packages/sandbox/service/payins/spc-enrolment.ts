/**
 * The sandbox ACS's passkey enrolment for Secure Payment Confirmation (spc.ts offers and
 * verifies the confirmation itself): after a passed challenge, the browser that passed it gets a
 * one-time enrolment token (base64url; its SHA-256 kept on the pay-in for five minutes), WebAuthn
 * registration options (the `payment` extension, a user-verifying platform authenticator) and,
 * once its registration verifies with @simplewebauthn/server, the passkey is kept for the card:
 * one per card (by its keyed hash) and ACS host, never with a card number. Throws
 * SandboxApiError 409 INVALID_STATE for a registration without an enrolment open.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '@sandbox/db/client';
import { payins, spcCredentials } from '@sandbox/db/schema';
import { SandboxApiError } from '../core/api-error';
import type { PayinRow } from '../core/records';
import type { RequestContext } from '../core/request-context';
import { instrumentName, rpIdOf } from './spc';

/** What the ACS needs of the request: the public addresses it is reached at. */
type AcsContext = Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>;

/** The ACS's origin: the relying party's, where the passkey is registered. */
const acsOrigin = (ctx: AcsContext) => new URL(ctx.sandboxUrl ?? ctx.checkoutUrl).origin;

/** Whether the card has a passkey at this ACS already. */
async function hasPasskey(tx: Db, cardHash: string, rpId: string): Promise<boolean> {
  const [existing] = await tx
    .select({ id: spcCredentials.id })
    .from(spcCredentials)
    .where(and(eq(spcCredentials.cardHash, cardHash), eq(spcCredentials.rpId, rpId)))
    .limit(1);
  return existing !== undefined;
}

/** How long after a passed challenge its browser may enrol a passkey, in ms. */
const ENROL_WINDOW_MS = 5 * 60_000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * What an enrolment needs of the pay-in: its 3DS state, card and the ACS's relying party id; null
 * when there is nothing to enrol (no challenge passed, no card, a passkey at this ACS already).
 */
async function enrolable(tx: Db, row: PayinRow, ctx: AcsContext) {
  const state = row.threeDs;
  if (row.status !== 'SUCCESS' || state?.phase !== 'CHALLENGE' || !row.card) return null;
  const rpId = rpIdOf(ctx);
  if (await hasPasskey(tx, row.card.hash, rpId)) return null;
  return { state, card: row.card, rpId };
}

/** Sets the pay-in's 3DS state to `state` with `changes`. */
const updateThreeDs = (
  tx: Db,
  row: PayinRow,
  state: NonNullable<PayinRow['threeDs']>,
  changes: Partial<NonNullable<PayinRow['threeDs']>>,
) =>
  tx
    .update(payins)
    .set({ threeDs: { ...state, ...changes } })
    .where(eq(payins.id, row.id));

/**
 * Opens the passkey enrolment for the browser that just passed the challenge: a random token
 * (base64url), handed to that browser alone (in the address the challenge's answer redirects
 * to), whose hash is kept on the pay-in for ENROL_WINDOW_MS. Whoever else knows the payment id
 * cannot add a passkey to the card (a stolen card's 3DS would be theirs). Null when there is
 * nothing to enrol (no challenge passed, no card, a passkey there already).
 */
export async function openEnrolment(tx: Db, row: PayinRow, ctx: AcsContext): Promise<string | null> {
  const open = await enrolable(tx, row, ctx);
  if (!open) return null;
  const token = randomBytes(24).toString('base64url');
  await updateThreeDs(tx, row, open.state, {
    enrolTokenHash: tokenHash(token),
    enrolUntil: new Date(Date.now() + ENROL_WINDOW_MS).toISOString(),
  });
  return token;
}

/** Whether `token` is the pay-in's open enrolment token (constant-time compare of the hashes). */
export function holdsEnrolment(row: PayinRow, token: string | undefined): boolean {
  const state = row.threeDs;
  if (!token || !state?.enrolTokenHash || !state.enrolUntil || Date.parse(state.enrolUntil) <= Date.now()) return false;
  const a = Buffer.from(tokenHash(token));
  const b = Buffer.from(state.enrolTokenHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The passkey enrolment the ACS offers after a passed challenge: WebAuthn registration options
 * (the `payment` extension, a user-verifying platform authenticator, a discoverable credential),
 * their challenge recorded on the pay-in. Null when there is nothing to enrol: the pay-in did not
 * pass a challenge, or the card has a passkey at this ACS already.
 */
export async function enrolmentOptions(tx: Db, row: PayinRow, ctx: AcsContext): Promise<PublicKeyCredentialCreationOptionsJSON | null> {
  const open = await enrolable(tx, row, ctx);
  if (!open) return null;
  const { card, rpId } = open;
  const options = await generateRegistrationOptions({
    rpName: 'Sandbox issuer ACS',
    rpID: rpId,
    userName: instrumentName(card),
    userDisplayName: instrumentName(card),
    userID: new Uint8Array(Buffer.from(card.hash.slice(0, 32), 'utf8')),
    attestationType: 'none',
    authenticatorSelection: { authenticatorAttachment: 'platform', residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: [-7, -257],
    extensions: { payment: { isPayment: true } } as never,
  });
  await updateThreeDs(tx, row, open.state, { enrolChallenge: options.challenge });
  return options;
}

/**
 * Verifies the cardholder's registration (`response`, from the ACS page) against the pay-in's
 * enrolment challenge (spent whatever the outcome) and keeps the passkey for the card. Answers
 * whether it was kept; throws 409 INVALID_STATE without an enrolment out.
 */
export async function enrolPasskey(tx: Db, row: PayinRow, response: RegistrationResponseJSON, ctx: AcsContext): Promise<boolean> {
  const state = row.threeDs;
  const challenge = state?.enrolChallenge;
  if (!challenge || !row.card || !state) throw new SandboxApiError('INVALID_STATE', 'No passkey enrolment is open for this pay-in');
  const { enrolChallenge: _spent, ...open } = state;
  // The challenge is spent whatever the outcome; the token only by a kept passkey.
  const { enrolTokenHash: _hash, enrolUntil: _until, ...closed } = open;
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>> | null = null;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: acsOrigin(ctx),
      expectedRPID: rpIdOf(ctx),
      requireUserVerification: true,
    });
  } catch {
    verified = null;
  }
  const credential = verified?.verified ? verified.registrationInfo?.credential : undefined;
  // One passkey per card at this ACS (a unique index): of two enrolments at once, the first is kept.
  const inserted = credential
    ? await tx
        .insert(spcCredentials)
        .values({
          id: credential.id,
          cardHash: row.card.hash,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          rpId: rpIdOf(ctx),
        })
        .onConflictDoNothing()
        .returning({ id: spcCredentials.id })
    : [];
  await updateThreeDs(tx, row, inserted.length > 0 ? closed : open, {});
  return inserted.length > 0;
}
