/**
 * The SRC system's browser API (browser-api.ts), op by op, on the seeded profiles (clara, tomas,
 * lena .c2p@example.com) and sessions of Ticket Hall (`merchant-c2p`, Visa and Mastercard): each
 * op's answer and refusals, the code's count and lock, "Remember me" then recognition by cookie,
 * "Not you?", a card of another profile, the Switch ID cap. The clock is passed in: each test runs
 * hours after the last, so codes, resends and locks of one do not reach the next.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@sandbox/db/client';
import { srcCards, srcConsents } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { checkout, identityLookup, recognize, signOut, validationComplete, validationInitiate } from './browser-api';
import { withdrawConsents } from './consents';
import { openCheckoutPayload } from './payload';
import { emailHashOf, findProfileByIdentity, phoneHashOf } from './profiles';
import { seedSrcProfiles } from './seed-profiles';
import { openSession, sessionOfClientToken, verifyIdToken } from './sessions';

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
  await seedSrcProfiles(db);
});

const T0 = new Date('2026-11-01T10:00:00Z').getTime();
let hour = 0;
let base = T0;
beforeEach(() => {
  hour += 2;
  base = T0 + hour * 3_600_000;
});
/** The test's clock: `seconds` after its start. */
const at = (seconds = 0) => new Date(base + seconds * 1000);

/** The SrcError body `step` rejects with. */
async function refusal(step: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await step.then(
    () => null,
    (e: unknown) => e,
  );
  expect((error as { toBody?: unknown })?.toBody, String(error)).toBeTypeOf('function');
  return (error as { toBody: () => Record<string, unknown> }).toBody();
}

/** A session of a Ticket Hall pay-in (EUR 42.00) for a customer with `email` / `phone`, opened now (`at()`). */
async function session(identity: { email?: string; phone?: string } = {}, merchantId = 'merchant-c2p') {
  const opened = await openSession(
    db,
    {
      payinId: `pi_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
      merchantId,
      amountMinor: 4200,
      currency: 'EUR',
      emailHash: identity.email ? await emailHashOf(db, identity.email) : null,
      phoneHash: identity.phone ? await phoneHashOf(db, identity.phone) : null,
    },
    at(),
  );
  return { ...opened, token: opened.srcClientToken };
}

const CLARA = 'clara.c2p@example.com';
const TOMAS = 'tomas.c2p@example.com';
const LENA = 'lena.c2p@example.com';

/** A session of `email` validated with the right code: its token and the answer. */
async function validated(email: string, rememberMe = false) {
  const s = await session({ email });
  await validationInitiate(db, { srcClientToken: s.token }, undefined, at());
  const done = await validationComplete(db, { srcClientToken: s.token, validationData: '123456', rememberMe }, undefined, at(5));
  return { ...s, ...done };
}

describe('recognize', () => {
  it('without a cookie, says whether the session identity has a profile, masked; 401 for an unknown token', async () => {
    const clara = await session({ email: CLARA });
    expect((await recognize(db, { srcClientToken: clara.token }, undefined, at())).body).toEqual({
      recognized: false,
      consumerPresent: true,
      maskedIdentity: { type: 'EMAIL', value: 'c•••@example.com' },
    });
    // Found by the phone when the email has no profile.
    const byPhone = await session({ email: 'nobody@example.com', phone: '+447700900102' });
    expect((await recognize(db, { srcClientToken: byPhone.token }, undefined, at())).body).toEqual({
      recognized: false,
      consumerPresent: true,
      maskedIdentity: { type: 'MOBILE_PHONE_NUMBER', value: '+44 ••• 102' },
    });
    const nobody = await session();
    expect((await recognize(db, { srcClientToken: nobody.token }, 'x'.repeat(43), at())).body).toEqual({
      recognized: false,
      consumerPresent: false,
    });
    expect(await refusal(recognize(db, { srcClientToken: 'y'.repeat(43) }, undefined, at()))).toMatchObject({
      reason: 'AUTH_INVALID',
      status: 401,
    });
    // A session's token dies after 30 minutes.
    expect(await refusal(recognize(db, { srcClientToken: clara.token }, undefined, at(1800)))).toMatchObject({ reason: 'AUTH_INVALID' });
  });
});

describe('identity-lookup (Switch ID)', () => {
  it('makes the typed identity the session’s; 400 for a malformed one (not counted); 429 past 5 per session', async () => {
    const s = await session();
    const lookup = (type: 'EMAIL' | 'MOBILE_PHONE_NUMBER', value: string) =>
      identityLookup(db, { srcClientToken: s.token, identity: { type, value } }, undefined, at());
    expect(await refusal(lookup('EMAIL', 'not-an-email'))).toMatchObject({ reason: 'CONSUMER_ID_FORMAT_INVALID', status: 400 });
    expect(await refusal(lookup('MOBILE_PHONE_NUMBER', '07700 900102'))).toMatchObject({ reason: 'CONSUMER_ID_FORMAT_INVALID' });
    expect((await lookup('MOBILE_PHONE_NUMBER', '+44 7700 900102')).body).toEqual({
      consumerPresent: true,
      maskedIdentity: { type: 'MOBILE_PHONE_NUMBER', value: '+44 ••• 102' },
    });
    // The session's identity is now tomas's: the code goes to his profile.
    expect((await validationInitiate(db, { srcClientToken: s.token }, undefined, at())).body.maskedValidationChannel).toBe(
      't•••@example.com',
    );
    expect((await lookup('EMAIL', 'Nobody.Here@Example.com')).body).toEqual({ consumerPresent: false });
    expect((await lookup('EMAIL', ` ${CLARA.toUpperCase()} `)).body).toEqual({
      consumerPresent: true,
      maskedIdentity: { type: 'EMAIL', value: 'c•••@example.com' },
    });
    await lookup('EMAIL', 'third@example.com');
    await lookup('EMAIL', 'fourth@example.com');
    const capped = await refusal(lookup('EMAIL', LENA));
    expect(capped).toMatchObject({ reason: 'RATE_LIMITED', status: 429 });
    expect(JSON.stringify(capped)).not.toMatch(/lena|example/);
  });

  it('drops the session’s validation: its idToken no longer pays', async () => {
    const clara = await validated(CLARA);
    await identityLookup(db, { srcClientToken: clara.token, identity: { type: 'EMAIL', value: TOMAS } }, undefined, at(10));
    const card = clara.body.cards[0]!;
    expect(
      await refusal(
        checkout(
          db,
          { srcClientToken: clara.token, idToken: clara.body.idToken, srcDigitalCardId: card.srcDigitalCardId },
          undefined,
          at(11),
        ),
      ),
    ).toMatchObject({ reason: 'AUTH_INVALID', status: 401 });
  });
});

describe('validation-initiate', () => {
  it('sends to the masked email (or phone); 404 when the session identity has no profile', async () => {
    const clara = await session({ email: CLARA });
    expect((await validationInitiate(db, { srcClientToken: clara.token }, undefined, at())).body).toEqual({
      maskedValidationChannel: 'c•••@example.com',
      supportedValidationChannels: ['EMAIL', 'SMS'],
      resendAfterSeconds: 30,
      codeLength: 6,
    });
    expect(await refusal(validationInitiate(db, { srcClientToken: clara.token, channel: 'SMS' }, undefined, at(10)))).toMatchObject({
      reason: 'RESEND_TOO_SOON',
      retryAfterSeconds: 20,
    });
    expect((await validationInitiate(db, { srcClientToken: clara.token, channel: 'SMS' }, undefined, at(30))).body).toMatchObject({
      maskedValidationChannel: '+44 ••• 101',
    });
    const nobody = await session({ email: 'nobody@example.com' });
    expect(await refusal(validationInitiate(db, { srcClientToken: nobody.token }, undefined, at()))).toMatchObject({
      reason: 'NOT_FOUND',
      status: 404,
    });
  });
});

describe('validation-complete', () => {
  it('a wrong code says how many attempts remain; the right one answers an idToken, the identity and the cards', async () => {
    const tomas = await session({ email: TOMAS });
    await validationInitiate(db, { srcClientToken: tomas.token }, undefined, at());
    const wrong = await refusal(validationComplete(db, { srcClientToken: tomas.token, validationData: '654321' }, undefined, at(5)));
    expect(wrong).toMatchObject({ reason: 'CODE_INVALID', status: 400, attemptsRemaining: 2 });
    expect(JSON.stringify(wrong)).not.toContain('654321');
    const right = await validationComplete(db, { srcClientToken: tomas.token, validationData: '123456' }, undefined, at(10));
    expect(right.setCookie).toBeUndefined();
    expect(right.body).toEqual({
      idToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      maskedIdentity: { type: 'EMAIL', value: 't•••@example.com' },
      cards: [expect.objectContaining({ brand: 'VISA', panLastFour: '4242', panExpirationMonth: '12', panExpirationYear: '2030' })],
    });
    const live = await sessionOfClientToken(db, tomas.token, at(11));
    expect(verifyIdToken(live, right.body.idToken, at(11))).toMatchObject({ recognisedBy: 'OTP' });
    // The code is spent.
    expect(
      await refusal(validationComplete(db, { srcClientToken: tomas.token, validationData: '123456' }, undefined, at(12))),
    ).toMatchObject({ reason: 'CODE_EXPIRED' });
  });

  it('the third wrong code locks the profile for 30 minutes, whatever the code after', async () => {
    const lena = await session({ email: LENA });
    await validationInitiate(db, { srcClientToken: lena.token }, undefined, at());
    const miss = (seconds: number, code = '000000') =>
      refusal(validationComplete(db, { srcClientToken: lena.token, validationData: code }, undefined, at(seconds)));
    expect(await miss(1)).toMatchObject({ reason: 'CODE_INVALID', attemptsRemaining: 2 });
    expect(await miss(2, 'abc')).toMatchObject({ reason: 'CODE_INVALID', attemptsRemaining: 1 });
    expect(await miss(3)).toEqual({
      reason: 'ACCT_INACCESSIBLE',
      status: 409,
      message: expect.any(String),
      lockedUntil: at(3 + 1800).toISOString(),
    });
    expect(await miss(4, '123456')).toMatchObject({ reason: 'ACCT_INACCESSIBLE', lockedUntil: at(1803).toISOString() });
    expect(await refusal(validationInitiate(db, { srcClientToken: lena.token }, undefined, at(60)))).toMatchObject({
      reason: 'ACCT_INACCESSIBLE',
    });
  });

  it('with rememberMe sets a cookie and records the consent; the next session recognises the browser by it', async () => {
    const first = await validated(CLARA, true);
    const cookie = first.setCookie && first.setCookie !== 'clear' ? first.setCookie.bind : '';
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const profile = await findProfileByIdentity(db, 'EMAIL', CLARA);
    const consents = await db
      .select()
      .from(srcConsents)
      .where(and(eq(srcConsents.profileId, profile!.id), eq(srcConsents.kind, 'REMEMBER_ME')));
    expect(consents.at(-1)).toMatchObject({
      merchantId: 'merchant-c2p',
      textVersion: 'c2p-remember-1',
      locale: 'en',
      outcome: 'GIVEN',
      shownIdentity: 'c•••@example.com',
      withdrawnAt: null,
    });

    // Another pay-in, another session, no identity of its own: the cookie recognises clara.
    const next = await session();
    const recognised = await recognize(db, { srcClientToken: next.token }, cookie, at(60));
    expect(recognised.body).toMatchObject({ recognized: true, maskedIdentity: { type: 'EMAIL', value: 'c•••@example.com' } });
    // Set again, so the browser keeps it 180 days from this use.
    expect(recognised.setCookie).toEqual({ bind: cookie });
    if (!recognised.body.recognized) throw new Error('not recognised');
    expect(recognised.body.cards.map((c) => `${c.brand} ${c.panLastFour}`).sort()).toEqual(['MASTERCARD 4444', 'VISA 3220']);
    const live = await sessionOfClientToken(db, next.token, at(61));
    expect(verifyIdToken(live, recognised.body.idToken, at(61))).toEqual({ profileId: profile!.id, recognisedBy: 'COOKIE' });

    // A merchant that does not offer Click to Pay shows no card: not recognised there.
    const elsewhere = await session({}, 'merchant-demo');
    expect((await recognize(db, { srcClientToken: elsewhere.token }, cookie, at(62))).body).toEqual({
      recognized: false,
      consumerPresent: false,
    });
  });

  it('remembers the browser at the merchant it was asked at only: without a standing consent there, no recognition', async () => {
    const first = await validated(CLARA, true);
    const cookie = first.setCookie && first.setCookie !== 'clear' ? first.setCookie.bind : '';
    const profile = await findProfileByIdentity(db, 'EMAIL', CLARA);
    expect((await recognize(db, { srcClientToken: (await session()).token }, cookie, at(30))).body.recognized).toBe(true);
    // The consent at Ticket Hall withdrawn (as "Not you?" there does), the same cookie recognises nobody.
    await withdrawConsents(db, { profileId: profile!.id, merchantId: 'merchant-c2p', kind: 'REMEMBER_ME' }, at(40));
    expect((await recognize(db, { srcClientToken: (await session()).token }, cookie, at(50))).body).toMatchObject({
      recognized: false,
    });
  });

  it('without a cookie this origin can keep, rememberMe sets none and records no consent', async () => {
    const tomas = await session({ email: TOMAS });
    await validationInitiate(db, { srcClientToken: tomas.token }, undefined, at());
    const done = await validationComplete(
      db,
      { srcClientToken: tomas.token, validationData: '123456', rememberMe: true },
      undefined,
      at(5),
      { cookieAllowed: false },
    );
    expect(done.setCookie).toBeUndefined();
    const profile = await findProfileByIdentity(db, 'EMAIL', TOMAS);
    expect(
      await db
        .select()
        .from(srcConsents)
        .where(and(eq(srcConsents.profileId, profile!.id), eq(srcConsents.kind, 'REMEMBER_ME'))),
    ).toEqual([]);
    // A consent text that is not the current one is refused before the code is spent.
    const again = await session({ email: TOMAS });
    await validationInitiate(db, { srcClientToken: again.token }, undefined, at(60));
    expect(
      await refusal(
        validationComplete(
          db,
          { srcClientToken: again.token, validationData: '123456', rememberMe: true, textVersion: 'c2p-remember-0' },
          undefined,
          at(61),
        ),
      ),
    ).toMatchObject({ reason: 'INVALID_REQUEST', status: 400 });
    expect(
      (await validationComplete(db, { srcClientToken: again.token, validationData: '123456' }, undefined, at(62))).body.idToken,
    ).toBeTruthy();
  });
});

describe('sign-out ("Not you?")', () => {
  it('forgets the browser, drops the validation and withdraws the consent; always { recognized: false }', async () => {
    const first = await validated(CLARA, true);
    const cookie = first.setCookie && first.setCookie !== 'clear' ? first.setCookie.bind : '';
    const next = await session();
    const recognised = await recognize(db, { srcClientToken: next.token }, cookie, at(60));
    expect(recognised.body.recognized).toBe(true);

    const out = await signOut(db, { srcClientToken: next.token }, cookie, at(70));
    expect(out).toEqual({ body: { recognized: false }, setCookie: 'clear' });
    expect((await recognize(db, { srcClientToken: next.token }, cookie, at(80))).body).toEqual({
      recognized: false,
      consumerPresent: false,
    });
    if (!recognised.body.recognized) throw new Error('not recognised');
    const card = recognised.body.cards[0]!;
    expect(
      await refusal(
        checkout(
          db,
          { srcClientToken: next.token, idToken: recognised.body.idToken, srcDigitalCardId: card.srcDigitalCardId },
          undefined,
          at(81),
        ),
      ),
    ).toMatchObject({ reason: 'AUTH_INVALID' });
    const profile = await findProfileByIdentity(db, 'EMAIL', CLARA);
    const standing = await db
      .select()
      .from(srcConsents)
      .where(and(eq(srcConsents.profileId, profile!.id), eq(srcConsents.kind, 'REMEMBER_ME'), eq(srcConsents.merchantId, 'merchant-c2p')));
    expect(standing.length).toBeGreaterThan(0);
    expect(standing.every((c) => c.withdrawnAt !== null)).toBe(true);

    // Again, with no cookie, or an unknown session: still 200 and the cookie cleared.
    expect(await signOut(db, { srcClientToken: next.token }, undefined, at(90))).toEqual({
      body: { recognized: false },
      setCookie: 'clear',
    });
    expect(await signOut(db, { srcClientToken: 'z'.repeat(43) }, cookie, at(90))).toEqual({
      body: { recognized: false },
      setCookie: 'clear',
    });
  });
});

describe('checkout', () => {
  it('seals the payload for a card of the validated profile, which the service opens for the session’s pay-in', async () => {
    const clara = await validated(CLARA);
    const visa = clara.body.cards.find((c) => c.brand === 'VISA')!;
    const done = await checkout(
      db,
      { srcClientToken: clara.token, idToken: clara.body.idToken, srcDigitalCardId: visa.srcDigitalCardId },
      undefined,
      at(20),
    );
    expect(done.body).toEqual({
      dcfActionCode: 'COMPLETE',
      srcCorrelationId: clara.srcCorrelationId,
      checkoutResponse: expect.stringMatching(/^srcp1\./),
      maskedCard: { panLastFour: '3220', brand: 'VISA' },
    });
    expect(JSON.stringify(done.body)).not.toMatch(/\d{13,19}/);
    const live = await sessionOfClientToken(db, clara.token, at(21));
    const payload = await openCheckoutPayload(
      db,
      done.body.checkoutResponse,
      {
        payinId: live.payinId,
        merchantId: 'merchant-c2p',
        amountMinor: 4200,
        currency: 'EUR',
        srcDigitalCardId: visa.srcDigitalCardId,
        srcCorrelationId: clara.srcCorrelationId,
      },
      at(22),
    );
    expect(payload).toMatchObject({ eci: '07', dynamicData: { dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' } });
    // The card's last use is stamped when it pays, not here.
    const [row] = await db.select().from(srcCards).where(eq(srcCards.id, visa.srcDigitalCardId));
    expect(row?.lastUsedAt).toBeNull();
  });

  it('refuses a card of another profile (404 CARD_NOT_FOUND) and an idToken not of the session (401)', async () => {
    const clara = await validated(CLARA);
    const tomas = await findProfileByIdentity(db, 'EMAIL', TOMAS);
    const [tomasCard] = await db.select().from(srcCards).where(eq(srcCards.profileId, tomas!.id));
    const notHers = await refusal(
      checkout(db, { srcClientToken: clara.token, idToken: clara.body.idToken, srcDigitalCardId: tomasCard!.id }, undefined, at(20)),
    );
    expect(notHers).toMatchObject({ reason: 'CARD_NOT_FOUND', status: 404 });
    expect(
      await refusal(
        checkout(db, { srcClientToken: clara.token, idToken: 'q'.repeat(43), srcDigitalCardId: tomasCard!.id }, undefined, at(20)),
      ),
    ).toMatchObject({ reason: 'AUTH_INVALID', status: 401 });
    const other = await session();
    expect(
      await refusal(
        checkout(
          db,
          { srcClientToken: other.token, idToken: clara.body.idToken, srcDigitalCardId: clara.body.cards[0]!.srcDigitalCardId },
          undefined,
          at(20),
        ),
      ),
    ).toMatchObject({ reason: 'AUTH_INVALID' });
  });
});
