/**
 * Secure Payment Confirmation at the sandbox's ACS, through the router against the OpenAPI
 * document, with a software authenticator: a card enrols a passkey after a passed challenge; its
 * next challenge carries the SPC offer; a verified assertion pays; one that confirms another
 * amount, another origin, the wrong type, an old challenge or no user verification does not,
 * and leaves the ordinary challenge (one try per offer); a report without an offer is 409.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { softwareAuthenticator } from '@sandbox/testing/software-authenticator';
import { sandboxPublicUrl } from '@hosted-checkout/runtime/config';
import {
  cardRequest,
  createTestPayin,
  enrolTestPasskey,
  pagesContext,
  sandboxRpId,
  spcClientData,
} from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from '../core/store';
import { answerChallengeAtAcs, passkeyEnrolment, registerPasskey } from './payin-decisions';

const CHECKOUT = 'sbx_checkout';
const CARD = '4000000000003220';

const payin = (amount = 10) => createTestPayin({ amount, prefix: 'spc', key: true });
const pay = (id: string, cardNumber = CARD) =>
  api('POST', `/public/payin/${id}/process/card`, { token: CHECKOUT, key: randomUUID(), body: cardRequest(cardNumber) });
const report = (id: string, assertion: unknown) =>
  api('POST', `/public/payin/${id}/process/spc`, { token: CHECKOUT, key: randomUUID(), body: { assertion } });

const ctx = pagesContext;
const rpId = sandboxRpId;

type Offer = {
  credentialIds: string[];
  challenge: string;
  rpId: string;
  payeeName: string;
  instrument: { displayName: string; icon: string };
  total: { currency: string; value: string };
};
/** The client data a browser writes for an SPC prompt of `offer` on the checkout's page. */
const clientData = spcClientData;

let authenticator: ReturnType<typeof softwareAuthenticator>;

beforeAll(async () => {
  const db = await sandboxDb();
  authenticator = softwareAuthenticator(rpId());
  // Enrolment: a challenge passed with the card, then the ACS's offer of a passkey, registered.
  const id = await payin();
  expect((await pay(id)).body).toMatchObject({ status: 'PENDING_3DS' });
  const options = await enrolTestPasskey(db, id, authenticator);
  expect(options.extensions).toMatchObject({ payment: { isPayment: true } });
});

describe('Secure Payment Confirmation', () => {
  it('a card with a passkey is offered SPC with its challenge; a verified assertion pays', async () => {
    const id = await payin(25.5);
    const answer = await pay(id);
    expect(answer.status).toBe(200);
    const offer = answer.body.spc as Offer;
    expect(answer.body.redirectUrl).toMatch(new RegExp(`/sandbox/3ds/${id}$`));
    expect(offer).toMatchObject({
      credentialIds: [authenticator.id],
      rpId: rpId(),
      payeeName: 'Demo Shop',
      total: { currency: 'EUR', value: '25.50' },
      instrument: { displayName: 'Visa •••• 3220' },
    });
    const done = await report(id, authenticator.assert(clientData(offer)));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ paymentId: id, status: 'SUCCESS' });
    expect((await api('GET', `/public/payin/${id}`)).body.status).toBe('SUCCESS');
  });

  it('framed by a page the merchant allows (allowedOrigins), the assertion pays too', async () => {
    const id = await payin();
    const offer = (await pay(id)).body.spc as Offer;
    const done = await report(
      id,
      authenticator.assert(
        clientData(offer, { crossOrigin: true, topOrigin: 'http://localhost:3101' }, { topOrigin: 'http://localhost:3101' }),
      ),
    );
    expect(done.body).toMatchObject({ status: 'SUCCESS' });
  });

  it('an assertion that confirms another amount, origin, type or challenge, or without user verification, does not pay: the ordinary challenge stands', async () => {
    const stale = await pay(await payin());
    const cases: [string, (offer: Offer) => unknown][] = [
      ['another amount', (offer) => authenticator.assert(clientData(offer, {}, { total: { currency: 'EUR', value: '1.00' } }))],
      ['another payee', (offer) => authenticator.assert(clientData(offer, {}, { payeeName: 'Elsewhere Ltd' }))],
      ['another origin', (offer) => authenticator.assert(clientData(offer, { origin: 'https://evil.example' }))],
      ['a WebAuthn login, not a payment', (offer) => authenticator.assert(clientData(offer, { type: 'webauthn.get' }))],
      ['an old challenge', () => authenticator.assert(clientData(stale.body.spc as Offer))],
      ['no user verification', (offer) => authenticator.assert(clientData(offer), { userVerified: false })],
      [
        'a top page the merchant does not allow to frame the checkout',
        (offer) =>
          authenticator.assert(
            clientData(offer, { crossOrigin: true, topOrigin: 'https://evil.example' }, { topOrigin: 'https://evil.example' }),
          ),
      ],
      [
        'a top page named by SPC alone that the merchant does not allow',
        (offer) => authenticator.assert(clientData(offer, { crossOrigin: true }, { topOrigin: 'https://evil.example' })),
      ],
      [
        'a framed confirmation that names no top page',
        (offer) => authenticator.assert(clientData(offer, { crossOrigin: true }, { topOrigin: undefined })),
      ],
      [
        'client data that is JSON null',
        (offer) => ({
          ...authenticator.assert(clientData(offer)),
          response: { ...authenticator.assert(clientData(offer)).response, clientDataJSON: Buffer.from('null').toString('base64url') },
        }),
      ],
    ];
    for (const [name, assertion] of cases) {
      const id = await payin();
      const offer = (await pay(id)).body.spc as Offer;
      const answer = await report(id, assertion(offer));
      expect(answer.status, name).toBe(200);
      expect(answer.body, name).toMatchObject({ status: 'PENDING_3DS', redirectUrl: expect.stringContaining(`/sandbox/3ds/${id}`) });
      expect(answer.body.spc, name).toBeUndefined();
      // One try per offer: the same report again finds none.
      expect((await report(id, authenticator.assert(clientData(offer)))).status, name).toBe(409);
    }
  });

  it('an assertion of a passkey that is not the card’s leaves the offer to the cardholder', async () => {
    const id = await payin();
    const offer = (await pay(id)).body.spc as Offer;
    const stranger = softwareAuthenticator(rpId());
    expect((await report(id, stranger.assert(clientData(offer)))).body).toMatchObject({ status: 'PENDING_3DS' });
    expect((await report(id, authenticator.assert(clientData(offer)))).body).toMatchObject({ status: 'SUCCESS' });
  });

  it('a report without an offer is 409; a challenge for a card without a passkey has no offer; a malformed assertion is 400', async () => {
    const none = await payin();
    expect((await report(none, authenticator.assert({ type: 'payment.get' }))).status).toBe(409);
    // 4000 0033 0000 3064: a Method, then a challenge; no passkey was enrolled for this card.
    const plain = await payin();
    expect((await pay(plain, '4000003300003064')).body.threeDSMethod).toBeDefined();
    const challenged = await api('POST', `/public/payin/${plain}/process/3ds-method`, {
      token: CHECKOUT,
      key: randomUUID(),
      body: { threeDSCompInd: 'Y' },
    });
    expect(challenged.body).toMatchObject({ status: 'PENDING_3DS', redirectUrl: expect.stringContaining(`/sandbox/3ds/${plain}`) });
    expect(challenged.body.spc).toBeUndefined();
    const bad = await api('POST', `/public/payin/${plain}/process/spc`, {
      token: CHECKOUT,
      key: randomUUID(),
      body: { assertion: { id: 'not base64url!', rawId: 'x', type: 'public-key', response: {} } },
    });
    expect(bad.status).toBe(400);
  });

  it('only the browser that passed the challenge may add a passkey: it alone has the enrolment token', async () => {
    const db = await sandboxDb();
    const id = await payin();
    // A card without a passkey at this ACS: 4000 0033 0000 3064 (a Method, then the challenge).
    await pay(id, '4000003300003064');
    await api('POST', `/public/payin/${id}/process/3ds-method`, { token: CHECKOUT, key: randomUUID(), body: { threeDSCompInd: 'Y' } });
    const answered = await db.transaction((tx) => answerChallengeAtAcs(tx, id, true, true, ctx()));
    const token = answered.enrolToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The same answer again (a replay, a script with the payment id): the pay-in was passed before, no token.
    expect((await db.transaction((tx) => answerChallengeAtAcs(tx, id, true, true, ctx()))).enrolToken).toBeNull();
    // Someone with the payment id alone, or a made-up token: no offer, no passkey.
    expect((await db.transaction((tx) => passkeyEnrolment(tx, id, undefined, ctx()))).options).toBeNull();
    expect((await db.transaction((tx) => passkeyEnrolment(tx, id, 'A'.repeat(32), ctx()))).options).toBeNull();
    const intruder = softwareAuthenticator(rpId());
    const offer = await db.transaction((tx) => passkeyEnrolment(tx, id, token!, ctx()));
    expect(offer.options).not.toBeNull();
    const forged = await db.transaction((tx) =>
      registerPasskey(tx, id, 'A'.repeat(32), intruder.register(offer.options!.challenge, new URL(sandboxPublicUrl()).origin), ctx()),
    );
    expect(forged.kept).toBe(false);
    // The holder registers once; the token is then spent.
    const owner = softwareAuthenticator(rpId());
    const kept = await db.transaction((tx) =>
      registerPasskey(tx, id, token!, owner.register(offer.options!.challenge, new URL(sandboxPublicUrl()).origin), ctx()),
    );
    expect(kept).toMatchObject({ kept: true, next: expect.stringContaining(`/payments/payin/${id}/status`) });
    expect((await db.transaction((tx) => passkeyEnrolment(tx, id, token!, ctx()))).options).toBeNull();
  });
});
