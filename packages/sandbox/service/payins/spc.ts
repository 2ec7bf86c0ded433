/**
 * The sandbox ACS's passkeys: Secure Payment Confirmation in 3-D Secure (docs/design.md, E20; EMV 3-D Secure
 * 2.3.1 "SPC", W3C Secure Payment Confirmation, WebAuthn Level 3).
 * - Enrolment: after a challenge passed, the ACS offers the cardholder a passkey (WebAuthn
 *   registration with the `payment` extension) for the card, kept by the card's keyed hash.
 * - Authentication: a later pay-in with that card that needs a challenge carries `spc` in its
 *   processing answer (the credentials, a one-time challenge, the amount and the instrument);
 *   the checkout shows the browser's SPC prompt and reports the assertion
 *   (`POST /public/payin/{id}/process/spc`). The ACS verifies it with @simplewebauthn/server:
 *   type `payment.get`, the challenge, the checkout's origin (and, framed, a top page the
 *   merchant allows), the ACS as relying party, user verification, and that the amount,
 *   currency, payee and card the customer saw are the pay-in's (PSD2 dynamic linking). A failed or cancelled SPC leaves the ordinary challenge.
 * No card number is used here: the card is known by its keyed hash and its mask.
 * This module offers and verifies the confirmation; the enrolment is spc-enrolment.ts's.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { Db } from '@sandbox/db/client';
import { payins, spcCredentials } from '@sandbox/db/schema';
import type { SpcAssertionReport, SpcOffer } from '@hosted-checkout/contract/payin';
import { decimalAmount } from '@hosted-checkout/contract/money';
import { originMatches } from '@hosted-checkout/contract/origin-patterns';
import { SandboxApiError } from '../core/api-error';
import type { PayinRow } from '../core/records';
import type { RequestContext } from '../core/request-context';

/** How long the customer has for the SPC prompt, in ms (the offer's `timeout`). */
const SPC_TIMEOUT_MS = 60_000;
/** The instrument's icon in the prompt: a card outline (the SPC API needs one; data: is allowed). */
const CARD_ICON =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="32" height="20" viewBox="0 0 32 20"%3E%3Crect x="0.5" y="0.5" width="31" height="19" rx="3" fill="%23fff" stroke="%23334155"/%3E%3Crect y="5" width="32" height="3" fill="%23334155"/%3E%3C/svg%3E';

/** The ACS's host: the relying party's id of its passkeys. */
export const rpIdOf = (ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>) => new URL(ctx.sandboxUrl ?? ctx.checkoutUrl).hostname;

/** Passkeys one offer names at most (the contract's SpcOffer.credentialIds). */
const MAX_OFFERED_PASSKEYS = 16;

/** The payee the prompt names: the merchant's display name, cut to the contract's 200 characters. */
const payeeNameOf = (displayName: string) => displayName.slice(0, 200);

/** What the prompt names the card by: its brand and last four digits. */
export const instrumentName = (card: { brand: string; mask: string }) => `${card.brand} •••• ${card.mask.slice(-4)}`;

/**
 * The SPC offer for a pay-in waiting for its challenge whose card has passkeys; null otherwise.
 * Records a fresh one-time challenge in the pay-in's 3DS state (the row given is locked).
 */
export async function offerSpc(
  tx: Db,
  row: PayinRow,
  payeeName: string,
  ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>,
): Promise<SpcOffer | null> {
  const state = row.threeDs;
  if (row.status !== 'PENDING_3DS' || state?.phase !== 'CHALLENGE' || !row.card) return null;
  const rpId = rpIdOf(ctx);
  // The newest passkeys, as many as the offer may carry (the contract's 16).
  const credentials = await tx
    .select({ id: spcCredentials.id })
    .from(spcCredentials)
    .where(and(eq(spcCredentials.cardHash, row.card.hash), eq(spcCredentials.rpId, rpId)))
    .orderBy(desc(spcCredentials.createdAt))
    .limit(MAX_OFFERED_PASSKEYS);
  if (credentials.length === 0) return null;
  const challenge = randomBytes(32).toString('base64url');
  await tx
    .update(payins)
    .set({ threeDs: { ...state, spcChallenge: challenge } })
    .where(eq(payins.id, row.id));
  return {
    credentialIds: credentials.map((c) => c.id),
    challenge,
    rpId,
    payeeName: payeeNameOf(payeeName),
    instrument: { displayName: instrumentName(row.card), icon: CARD_ICON },
    total: { currency: row.currency, value: decimalAmount(row.amountMinor, row.currency) },
    timeout: SPC_TIMEOUT_MS,
  };
}

/** The `payment` member of an SPC assertion's clientDataJSON (W3C SPC, CollectedClientPaymentData). */
interface ClientPaymentData {
  type?: string;
  crossOrigin?: boolean;
  /** The top-level page's origin when the checkout was framed (the merchant's). */
  topOrigin?: string;
  payment?: {
    rpId?: string;
    topOrigin?: string;
    payeeName?: string;
    total?: { currency?: string; value?: string };
    instrument?: { displayName?: string };
  };
}

/** The outcome of an SPC assertion: verified, or why not (for the log; the customer gets the ordinary challenge). */
export type SpcVerdict = { verified: true } | { verified: false; reason: string };

/**
 * Verifies an SPC assertion for a locked pay-in waiting for its challenge with an offer out.
 * The offer's challenge is spent whatever the outcome (one try: a failure leaves the ordinary
 * challenge, and the caller commits). Throws 409 INVALID_STATE without an offer; a verified
 * assertion updates the credential's signature counter.
 */
export async function verifySpc(
  tx: Db,
  row: PayinRow,
  merchant: { payeeName: string; allowedOrigins: string[] },
  report: SpcAssertionReport,
  ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>,
): Promise<SpcVerdict> {
  const payeeName = merchant.payeeName;
  const state = row.threeDs;
  const challenge = state?.spcChallenge;
  if (row.status !== 'PENDING_3DS' || state?.phase !== 'CHALLENGE' || !challenge || !row.card) {
    throw new SandboxApiError('INVALID_STATE', 'The pay-in has no passkey confirmation to answer');
  }
  const rpId = rpIdOf(ctx);
  const assertion = report.assertion;
  // An assertion of no passkey of this card leaves the offer (a script with the payment id cannot
  // spend the cardholder's prompt); one of its passkeys spends it, verified or not (one try).
  const [credential] = await tx
    .select()
    .from(spcCredentials)
    .where(and(eq(spcCredentials.id, assertion.id), eq(spcCredentials.cardHash, row.card.hash), eq(spcCredentials.rpId, rpId)))
    .for('update');
  if (!credential) return { verified: false, reason: 'the passkey is not one of this card' };
  const { spcChallenge: _spent, ...rest } = state;
  await tx.update(payins).set({ threeDs: rest }).where(eq(payins.id, row.id));
  let client: ClientPaymentData | null;
  try {
    client = JSON.parse(Buffer.from(assertion.response.clientDataJSON, 'base64url').toString('utf8')) as ClientPaymentData | null;
  } catch {
    return { verified: false, reason: 'clientDataJSON is not JSON' };
  }
  if (!client || typeof client !== 'object' || Array.isArray(client)) return { verified: false, reason: 'clientDataJSON is not an object' };
  // What the customer confirmed is this payment: amount, currency, payee and card (dynamic linking).
  const shown = client.payment;
  if (
    shown?.total?.currency !== row.currency ||
    shown.total.value !== decimalAmount(row.amountMinor, row.currency) ||
    shown.payeeName !== payeeNameOf(payeeName) ||
    shown.instrument?.displayName !== instrumentName(row.card)
  ) {
    return { verified: false, reason: 'the confirmed payment is not this pay-in' };
  }
  // The page on top (SPC always names it in payment.topOrigin; WebAuthn in topOrigin when framed):
  // the checkout's own, or one of the origins the merchant allows to frame it (allowedOrigins).
  const own = new URL(ctx.checkoutUrl).origin;
  const tops = [client.topOrigin, shown.topOrigin].filter((origin): origin is string => typeof origin === 'string');
  if (client.crossOrigin === true && tops.length === 0) return { verified: false, reason: 'a framed confirmation that names no top page' };
  if (tops.some((origin) => origin !== own && !merchant.allowedOrigins.some((pattern) => originMatches(pattern, origin)))) {
    return { verified: false, reason: 'the page on top is not one the merchant allows' };
  }
  const top = client.topOrigin;
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      ...(top !== undefined ? { expectedTopOrigin: top } : {}),
      response: { ...assertion, clientExtensionResults: {} },
      expectedChallenge: challenge,
      expectedOrigin: new URL(ctx.checkoutUrl).origin,
      expectedRPID: rpId,
      expectedType: 'payment.get',
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    return { verified: false, reason: error instanceof Error ? error.message.slice(0, 200) : 'does not verify' };
  }
  if (!verified.verified) return { verified: false, reason: 'does not verify' };
  // The row is locked: the counter only moves forward.
  await tx
    .update(spcCredentials)
    .set({ counter: Math.max(credential.counter, verified.authenticationInfo.newCounter) })
    .where(eq(spcCredentials.id, credential.id));
  return { verified: true };
}
