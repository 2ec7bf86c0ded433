/**
 * The SRC system's browser API (docs/sandbox.md, "Click to Pay"; the design memo's table of ops):
 * what the card page's JavaScript asks the SRC system directly, on its origin, where the
 * recognition cookie lives. One function per op (`recognize`, `identity-lookup`,
 * `validation-initiate`, `validation-complete`, `checkout`, `sign-out`), each given the database,
 * the parsed body (packages/contract/src/click-to-pay.ts), the cookie's value if any and `now`,
 * answering `{ body, setCookie? }` (`setCookie`: a new value to bind, or `'clear'`) or throwing
 * SrcError. Every op needs the session's `srcClientToken` (401 AUTH_INVALID).
 *
 * Each runs on the database itself, not in one transaction: a wrong code's count (otp.ts) is
 * written in a transaction of its own before its refusal is thrown, and must stay written.
 * Only the session's offered brands' cards are shown or paid: the merchant's checkout settings
 * (`clickToPay.brands`), read as the session operation reads them. No identity, code or card
 * number reaches an answer but masked, nor any log or error message.
 */
import type { Db } from '@sandbox/db/client';
import type {
  SrcCheckoutAnswer,
  SrcCheckoutRequest,
  SrcConsumerPresence,
  SrcIdentityLookupRequest,
  SrcRecognizeAnswer,
  SrcRecognizeRequest,
  SrcSignOutRequest,
  SrcValidatedProfile,
  SrcValidationCompleteRequest,
  SrcValidationInitiated,
  SrcValidationInitiateRequest,
} from '@hosted-checkout/contract/click-to-pay';
import { merchantConfig } from '../core/request-context';
import { activeCard, listCards, type SrcBrand } from './cards';
import { CONSENT_TEXT_VERSIONS, hasStandingConsent, recordConsent, withdrawConsents } from './consents';
import { normaliseIdentity } from './masking';
import { completeValidation, initiateValidation } from './otp';
import { sealCheckoutPayload } from './payload';
import { emailHashOf, findProfile, findProfileByHash, maskedIdentityOf, phoneHashOf, type SrcProfile } from './profiles';
import { bindRecognition, recognise, unbindRecognition } from './recognition';
import { dropValidation, issueIdToken, sessionOfClientToken, switchIdentity, verifyIdToken, type SrcSession } from './sessions';
import { SrcError } from './src-error';

/** An op's answer: its JSON body, and the recognition cookie to set (a new value) or clear. */
export interface SrcApiResult<T> {
  body: T;
  setCookie?: { bind: string } | 'clear';
}

/** What the route knows of the request: whether a recognition cookie can be set on this origin (https, or loopback http). */
export interface SrcApiOptions {
  cookieAllowed?: boolean;
}

/** The brands the session's merchant offers Click to Pay for now (none when it no longer does). */
async function offeredBrands(db: Db, session: SrcSession): Promise<readonly SrcBrand[]> {
  return (await merchantConfig(db, session.merchantId)).settings.clickToPay?.brands ?? [];
}

/** The profile's ACTIVE cards of the offered brands (none when no brand is offered). */
const cardsOf = (db: Db, profileId: string, brands: readonly SrcBrand[]) =>
  brands.length === 0 ? Promise.resolve([]) : listCards(db, profileId, brands);

/** The profile the session's identity names (its email first, then its phone) and how it was found, or null. */
async function sessionProfile(
  db: Db,
  session: SrcSession,
): Promise<{ profile: SrcProfile; foundBy: 'EMAIL' | 'MOBILE_PHONE_NUMBER' } | null> {
  const byEmail = session.emailHash ? await findProfileByHash(db, 'EMAIL', session.emailHash) : null;
  if (byEmail) return { profile: byEmail, foundBy: 'EMAIL' };
  const byPhone = session.phoneHash ? await findProfileByHash(db, 'MOBILE_PHONE_NUMBER', session.phoneHash) : null;
  return byPhone ? { profile: byPhone, foundBy: 'MOBILE_PHONE_NUMBER' } : null;
}

/** `{ consumerPresent, maskedIdentity? }` of a found profile (masked as the identity it was found by). */
function presence(found: Awaited<ReturnType<typeof sessionProfile>>): SrcConsumerPresence {
  const maskedIdentity = found ? maskedIdentityOf(found.profile, found.foundBy) : undefined;
  return { consumerPresent: found !== null, ...(maskedIdentity ? { maskedIdentity } : {}) };
}

/** The session identity's profile; throws SrcError 404 NOT_FOUND when it has none. */
async function requiredProfile(db: Db, session: SrcSession) {
  const found = await sessionProfile(db, session);
  if (!found) throw new SrcError('NOT_FOUND', 404, 'No Click to Pay profile for this identity');
  return found;
}

/** The validated profile's answer: a new idToken bound to the session (`by`), its masked identity and cards. */
async function validatedAnswer(
  db: Db,
  session: SrcSession,
  profile: SrcProfile,
  by: 'COOKIE' | 'OTP',
  now: Date,
  cards: SrcValidatedProfile['cards'],
  foundBy?: 'EMAIL' | 'MOBILE_PHONE_NUMBER',
): Promise<SrcValidatedProfile> {
  const { idToken } = await issueIdToken(db, session.correlationId, profile.id, by, now);
  const maskedIdentity = maskedIdentityOf(profile, foundBy);
  if (!maskedIdentity) throw new Error('an SRC profile has neither an email nor a phone');
  return { idToken, maskedIdentity, cards };
}

/**
 * `recognize`: a valid cookie whose profile has ACTIVE cards of the offered brands and a standing
 * "Remember me" consent at the session's merchant → a new idToken
 * (COOKIE) and `{ recognized: true, idToken, maskedIdentity, cards }`; otherwise
 * `{ recognized: false, consumerPresent, maskedIdentity? }` of the session's own identity.
 * Throws SrcError 401 AUTH_INVALID.
 */
export async function recognize(
  db: Db,
  body: SrcRecognizeRequest,
  cookie: string | undefined,
  now: Date = new Date(),
): Promise<SrcApiResult<SrcRecognizeAnswer>> {
  const session = await sessionOfClientToken(db, body.srcClientToken, now);
  const profileId = await recognise(db, cookie, now);
  const profile = profileId ? await findProfile(db, profileId) : null;
  // "Remember me at {merchant}": the browser is remembered where the customer asked, not at every
  // merchant whose pages share its cookie partition (the card page opened top level).
  const remembered =
    profile !== null && (await hasStandingConsent(db, { profileId: profile.id, merchantId: session.merchantId, kind: 'REMEMBER_ME' }));
  if (profile && remembered) {
    const cards = await cardsOf(db, profile.id, await offeredBrands(db, session));
    // The cookie set again: 180 days from its last use, as its row (recognition.ts).
    if (cards.length > 0 && cookie)
      return {
        body: { recognized: true, ...(await validatedAnswer(db, session, profile, 'COOKIE', now, cards)) },
        setCookie: { bind: cookie },
      };
  }
  return { body: { recognized: false, ...presence(await sessionProfile(db, session)) } };
}

/**
 * `identity-lookup` (Switch ID): the typed identity, normalised, becomes the session's (its
 * validation dropped); answers whether it has a profile, masked. Throws SrcError 401
 * AUTH_INVALID, 400 CONSUMER_ID_FORMAT_INVALID (before it counts), 429 RATE_LIMITED past 5 per session.
 */
export async function identityLookup(
  db: Db,
  body: SrcIdentityLookupRequest,
  _cookie: string | undefined,
  now: Date = new Date(),
): Promise<SrcApiResult<SrcConsumerPresence>> {
  const session = await sessionOfClientToken(db, body.srcClientToken, now);
  const { type } = body.identity;
  const value = normaliseIdentity(type, body.identity.value);
  const hash = type === 'EMAIL' ? await emailHashOf(db, value) : await phoneHashOf(db, value);
  await switchIdentity(
    db,
    session.correlationId,
    type === 'EMAIL' ? { emailHash: hash, phoneHash: null } : { emailHash: null, phoneHash: hash },
  );
  const profile = await findProfileByHash(db, type, hash);
  return { body: presence(profile ? { profile, foundBy: type } : null) };
}

/**
 * `validation-initiate`: sends (records) a code for the session identity's profile on `channel`.
 * Throws SrcError 401 AUTH_INVALID, 404 NOT_FOUND, 409 ACCT_INACCESSIBLE, 429 RESEND_TOO_SOON or
 * RETRIES_EXCEEDED (otp.ts).
 */
export async function validationInitiate(
  db: Db,
  body: SrcValidationInitiateRequest,
  _cookie: string | undefined,
  now: Date = new Date(),
): Promise<SrcApiResult<SrcValidationInitiated>> {
  const session = await sessionOfClientToken(db, body.srcClientToken, now);
  const { profile } = await requiredProfile(db, session);
  return { body: await initiateValidation(db, profile.id, body.channel, now) };
}

/**
 * `validation-complete`: checks the code (otp.ts), then binds the session to the profile (a new
 * idToken, OTP) and answers `{ idToken, maskedIdentity, cards }`. With `rememberMe` (and a cookie
 * this origin can keep) it remembers the browser (a new cookie value) and records the
 * REMEMBER_ME consent. Throws SrcError 401 AUTH_INVALID, 404 NOT_FOUND, 400 CODE_INVALID
 * `{ attemptsRemaining }` or CODE_EXPIRED, 409 ACCT_INACCESSIBLE `{ lockedUntil }`, 400
 * INVALID_REQUEST for a consent text version that is not the current one (before the code is checked).
 */
export async function validationComplete(
  db: Db,
  body: SrcValidationCompleteRequest,
  _cookie: string | undefined,
  now: Date = new Date(),
  options: SrcApiOptions = {},
): Promise<SrcApiResult<SrcValidatedProfile>> {
  const session = await sessionOfClientToken(db, body.srcClientToken, now);
  // Refused before the code is spent: the consent's text must be the one shown now.
  if (body.rememberMe && body.textVersion !== undefined && body.textVersion !== CONSENT_TEXT_VERSIONS.REMEMBER_ME)
    throw new SrcError('INVALID_REQUEST', 400, 'textVersion: not the current text of "Remember me"');
  const { profile, foundBy } = await requiredProfile(db, session);
  await completeValidation(db, profile.id, body.validationData, now);
  const cards = await cardsOf(db, profile.id, await offeredBrands(db, session));
  const answer = await validatedAnswer(db, session, profile, 'OTP', now, cards, foundBy);
  if (!body.rememberMe || options.cookieAllowed === false) return { body: answer };
  await recordConsent(
    db,
    {
      kind: 'REMEMBER_ME',
      merchantId: session.merchantId,
      textVersion: body.textVersion ?? CONSENT_TEXT_VERSIONS.REMEMBER_ME,
      locale: body.locale ?? 'en',
      outcome: 'GIVEN',
      profileId: profile.id,
      payinId: session.payinId,
      shownIdentity: answer.maskedIdentity.value,
    },
    now,
  );
  return { body: answer, setCookie: { bind: await bindRecognition(db, profile.id, now) } };
}

/**
 * `checkout`: the idToken's profile (this session's), its ACTIVE card `srcDigitalCardId` of an
 * offered brand, and the sealed payload paying the session's pay-in with it (payload.ts, 15
 * minutes). The card's last use is stamped when it pays (process/click-to-pay). Throws SrcError
 * 401 AUTH_INVALID, 404 CARD_NOT_FOUND.
 */
export async function checkout(
  db: Db,
  body: SrcCheckoutRequest,
  _cookie: string | undefined,
  now: Date = new Date(),
): Promise<SrcApiResult<SrcCheckoutAnswer>> {
  const session = await sessionOfClientToken(db, body.srcClientToken, now);
  const { profileId } = verifyIdToken(session, body.idToken, now);
  const card = await activeCard(db, profileId, body.srcDigitalCardId);
  if (!(await offeredBrands(db, session)).includes(card.brand))
    throw new SrcError('CARD_NOT_FOUND', 404, 'No such card in this Click to Pay profile');
  const { checkoutResponse } = await sealCheckoutPayload(
    db,
    {
      srcCorrelationId: session.correlationId,
      payinId: session.payinId,
      merchantId: session.merchantId,
      amountMinor: session.amountMinor,
      currency: session.currency,
      card,
    },
    now,
  );
  return {
    body: {
      dcfActionCode: 'COMPLETE',
      srcCorrelationId: session.correlationId,
      checkoutResponse,
      maskedCard: { panLastFour: card.fpanMask.slice(-4), brand: card.brand },
    },
  };
}

/**
 * `sign-out` ("Not you?"): unbinds the cookie's value, drops the session's validation, and
 * withdraws the REMEMBER_ME consents of the profile (the cookie's, else the session's validated
 * one) at the session's merchant. Always `{ recognized: false }` with the cookie cleared, even
 * for an unknown or expired session (the cookie alone is still forgotten).
 */
export async function signOut(
  db: Db,
  body: SrcSignOutRequest,
  cookie: string | undefined,
  now: Date = new Date(),
): Promise<SrcApiResult<{ recognized: false }>> {
  const session = await sessionOfClientToken(db, body.srcClientToken, now).catch((error: unknown) => {
    if (SrcError.is(error)) return null;
    throw error;
  });
  const unbound = await unbindRecognition(db, cookie, now);
  if (session) {
    await dropValidation(db, session.correlationId);
    for (const profileId of new Set([unbound, session.validatedProfileId].filter((id): id is string => !!id)))
      await withdrawConsents(db, { profileId, merchantId: session.merchantId, kind: 'REMEMBER_ME' }, now);
  }
  return { body: { recognized: false }, setCookie: 'clear' };
}
