/**
 * No deposit is paid while its customer is excluded or over a deposit limit, whichever
 * path pays it: every path that can end SUCCESS (card, saved card, the 3DS Method reported or
 * settled when nobody reported it, the challenge, SPC, wallets, an APM, a timed outcome,
 * host-to-host) is started, the merchant records a time-out or lowers the customer's limit while
 * it is under way, and it is finished: it must not be SUCCESS. The same path without the change
 * pays (the control), so the table fails when a path stops paying altogether. Through the
 * sandbox's router, answers checked against the OpenAPI document; pay-ins are created and paid
 * with the merchant's token (process/* take it), session deposits too. The ACS and provider
 * pages' decisions, and the worker, are called as their routes call them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { softwareAuthenticator } from '@sandbox/testing/software-authenticator';
import {
  cardRequest,
  enrolTestPasskey,
  h2hCreateBody,
  pagesContext,
  sandboxRpId,
  spcClientData,
  testCustomer,
  type SpcOffer,
} from '@sandbox/testing/sandbox-fixtures';
import { customers, payins } from '@sandbox/db/schema';
import type { Db } from '@sandbox/db/client';
import { sandboxDb } from '../core/store';
import { changePayin } from '../core/records';
import { completeChallenge, decidePayinAtProvider } from '../payins/payin-decisions';
import { settleDuePayins } from '../payins/payin-loading';
import { issueSandboxWalletToken } from '../payins/sandbox-wallet-token';

const DEMO = 'sbx_demo_merchant';
const WALLETS = 'sbx_wallet_merchant';
const CHALLENGE_CARD = '4000000000003220';
const browser = { javascriptEnabled: true };
const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };
const ctx = pagesContext;
let db: Db;
let authenticator: ReturnType<typeof softwareAuthenticator>;

const customer = testCustomer;
const processCard = (token: string, id: string, cardNumber: string, saveCard = false) =>
  api('POST', `/public/payin/${id}/process/card`, {
    token,
    key: randomUUID(),
    body: cardRequest(cardNumber, { holder: 'Ada Lovelace', saveCard }),
  });
const payinOf = async (id: string) => (await api('GET', `/public/payin/${id}`, { token: DEMO_OR(id) })).body;
const rowOf = async (id: string) => (await db.select().from(payins).where(eq(payins.id, id)).limit(1))[0]!;
/** The merchant's token of a pay-in (the demo shop's, or the wallet café's). */
const tokens = new Map<string, string>();
const DEMO_OR = (id: string) => tokens.get(id) ?? DEMO;

/** A pay-in of `amount` EUR for the customer `user` of `token`'s merchant: direct (POST /public/payin), or a deposit of a new cashier session. */
async function createPayin(token: string, user: string, kind: 'direct' | 'session', amount = 40): Promise<string> {
  let id: string;
  if (kind === 'direct') {
    const created = await api('POST', '/public/payin', {
      token,
      key: randomUUID(),
      body: {
        orderId: `guard-${randomUUID()}`,
        amount,
        currency: 'EUR',
        kycVerified: true,
        previousTransactionCount: 0,
        customer: customer(user),
        returnUrls,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    id = created.body.paymentId;
  } else {
    const session = await api('POST', '/public/cashier/session', {
      token,
      key: randomUUID(),
      body: { customer: customer(user), returnUrls, currency: 'EUR', kycVerified: true, previousTransactionCount: 0, balance: 0 },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const created = await api('POST', `/public/cashier/session/${session.body.sessionId}/payin`, {
      token,
      key: randomUUID(),
      body: { amount },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    id = created.body.paymentId;
  }
  tokens.set(id, token);
  return id;
}

const customerIdOf = async (payinId: string) => (await payinOf(payinId)).customerId as string;
const setLimit = async (token: string, customerId: string, day: number) =>
  expect((await api('PUT', `/public/customer/${customerId}/limits`, { token, body: { deposit: { EUR: { day } } } })).status).toBe(204);
const exclude = async (token: string, customerId: string) =>
  expect(
    (
      await api('PUT', `/public/customer/${customerId}/exclusion`, {
        token,
        body: { kind: 'TIME_OUT', until: new Date(Date.now() + 3600_000).toISOString() },
      })
    ).status,
  ).toBe(204);
/** Runs the worker's settling of due outcomes `ms` from now. */
const worker = (ms: number) => db.transaction((tx) => settleDuePayins(tx, new Date(Date.now() + ms)));

interface Path {
  name: string;
  token: string;
  /** Only pay-ins without a cashier session (host-to-host): no limit scenario. */
  directOnly?: boolean;
  /** Before the pay-in under test: something of the same customer (a saved card). */
  prepare?: (user: string) => Promise<Record<string, string>>;
  /** Starts paying; the change is recorded after it (none: the change comes before the payment). Answers the pay-in under test when it is another than `id`. */
  start?: (id: string, prepared: Record<string, string>, user: string) => Promise<string | void>;
  /** Finishes the payment; answers the pay-in to check when it is another than the one under test ('': refused before one existed). */
  finish: (id: string, prepared: Record<string, string>, user: string) => Promise<string | void>;
}

const expectStatus = async (answer: Promise<{ body: { status?: string } }>, status: string): Promise<void> => {
  const { body } = await answer;
  expect(body.status, JSON.stringify(body)).toBe(status);
};

const PATHS: Path[] = [
  { name: 'card', token: DEMO, finish: async (id) => void (await processCard(DEMO, id, '4242424242424242')) },
  {
    name: 'saved card',
    token: DEMO,
    prepare: async (user) => {
      const first = await createPayin(DEMO, user, 'direct', 5);
      await expectStatus(processCard(DEMO, first, '5555555555554444', true), 'SUCCESS');
      return { cardId: (await payinOf(first)).cardId };
    },
    finish: async (id, prepared) =>
      void (await api('POST', `/public/payin/${id}/process/saved-card`, {
        token: DEMO,
        key: randomUUID(),
        body: { browser, savedCardData: { cardId: prepared.cardId, cvv: '123' } },
      })),
  },
  {
    name: '3DS Method, reported by the page',
    token: DEMO,
    start: (id) => expectStatus(processCard(DEMO, id, '4000003100003066'), 'PENDING_3DS'),
    finish: async (id) =>
      void (await api('POST', `/public/payin/${id}/process/3ds-method`, { token: DEMO, key: randomUUID(), body: { threeDSCompInd: 'Y' } })),
  },
  {
    name: '3DS Method not reported, settled by the worker after 30 s',
    token: DEMO,
    start: (id) => expectStatus(processCard(DEMO, id, '4000003200003065'), 'PENDING_3DS'),
    finish: async () => void (await worker(31_000)),
  },
  {
    name: '3DS Method not reported, settled by a fetch',
    token: DEMO,
    start: (id) => expectStatus(processCard(DEMO, id, '4000003100003066'), 'PENDING_3DS'),
    finish: async (id) => {
      await db
        .update(payins)
        .set({ pendingUntil: new Date(Date.now() - 1000) })
        .where(eq(payins.id, id));
      await api('GET', `/public/payin/${id}`, { token: DEMO });
    },
  },
  {
    name: '3DS challenge passed at the ACS',
    token: DEMO,
    start: (id) =>
      expectStatus(
        processCard(DEMO, id, '4000003300003064').then(() =>
          api('POST', `/public/payin/${id}/process/3ds-method`, { token: DEMO, key: randomUUID(), body: { threeDSCompInd: 'Y' } }),
        ),
        'PENDING_3DS',
      ),
    finish: async (id) => void (await db.transaction((tx) => completeChallenge(tx, id, true, ctx()))),
  },
  {
    name: 'Secure Payment Confirmation',
    token: DEMO,
    start: async (id) => {
      const answer = await processCard(DEMO, id, CHALLENGE_CARD);
      expect(answer.body.spc).toBeDefined();
      offers.set(id, answer.body.spc);
    },
    finish: async (id) => {
      await api('POST', `/public/payin/${id}/process/spc`, {
        token: DEMO,
        key: randomUUID(),
        body: { assertion: authenticator.assert(spcClientData(offers.get(id)!)) },
      });
    },
  },
  {
    name: 'wallet',
    token: WALLETS,
    finish: async (id) =>
      void (await api('POST', `/public/payin/${id}/process/wallet`, {
        token: WALLETS,
        key: randomUUID(),
        body: { browser, wallet: { type: 'SANDBOX_WALLET', token: await issueSandboxWalletToken(db, await rowOf(id), 0) } },
      })),
  },
  {
    name: 'wallet with a 3DS challenge',
    token: WALLETS,
    start: async (id) => {
      const token = await issueSandboxWalletToken(db, await rowOf(id), 1);
      await expectStatus(
        api('POST', `/public/payin/${id}/process/wallet`, {
          token: WALLETS,
          key: randomUUID(),
          body: { browser, wallet: { type: 'SANDBOX_WALLET', token } },
        }),
        'PENDING_3DS',
      );
    },
    finish: async (id) => void (await db.transaction((tx) => completeChallenge(tx, id, true, ctx()))),
  },
  {
    name: 'APM approved at the provider',
    token: DEMO,
    start: (id) =>
      expectStatus(
        api('POST', `/public/payin/${id}/process/direct-link`, {
          token: DEMO,
          key: randomUUID(),
          body: { browser, additionalData: { methodId: 'bank-transfer', accountHolder: 'Ada Lovelace', iban: 'DE89370400440532013000' } },
        }),
        'PENDING',
      ),
    finish: async (id) => void (await db.transaction((tx) => decidePayinAtProvider(tx, id, 'approve', ctx()))),
  },
  {
    name: 'timed outcome (PENDING, then SUCCESS)',
    token: DEMO,
    start: (id) => expectStatus(processCard(DEMO, id, '4000000000000077'), 'PENDING'),
    finish: async () => void (await worker(60_000)),
  },
  {
    name: 'host-to-host with a 3DS challenge',
    token: DEMO,
    directOnly: true,
    start: async (_id, _prepared, user) => {
      const created = await api('POST', '/transaction/h2h/create', { token: DEMO, body: h2hBody(user, CHALLENGE_CARD) });
      expect(created.body.status, JSON.stringify(created.body)).toBe('Pending3DS');
      return created.body.id as string;
    },
    finish: async (id) => void (await db.transaction((tx) => completeChallenge(tx, id, true, ctx()))),
  },
  {
    name: 'host-to-host, frictionless',
    token: DEMO,
    directOnly: true,
    finish: async (_id, _prepared, user) => {
      const created = await api('POST', '/transaction/h2h/create', { token: DEMO, body: h2hBody(user, '4242424242424242') });
      return (created.body.id as string | undefined) ?? '';
    },
  },
];
const offers = new Map<string, SpcOffer>();

/** A host-to-host create of EUR 40 for the customer `user` (the legacy transaction). */
const h2hBody = (user: string, cardNumber: string) =>
  h2hCreateBody({
    cardNumber,
    hookUrl: 'http://127.0.0.1:9/hook',
    amount: 40,
    externalUserId: user,
    kycVerified: true,
    previousPaymentCount: 0,
  });

type Scenario = { name: string; kind: 'direct' | 'session'; change: 'none' | 'exclusion' | 'limit'; paid: boolean };
const SCENARIOS: Scenario[] = [
  { name: 'nothing changes (control)', kind: 'direct', change: 'none', paid: true },
  { name: 'the merchant records a time-out', kind: 'direct', change: 'exclusion', paid: false },
  { name: 'a cashier deposit within its limit (control)', kind: 'session', change: 'none', paid: true },
  { name: 'the limit is lowered below the deposit', kind: 'session', change: 'limit', paid: false },
];

beforeAll(async () => {
  db = await sandboxDb();
  // A passkey for the challenge card at the sandbox ACS, as spc.test.ts enrols one.
  authenticator = softwareAuthenticator(sandboxRpId());
  const id = await createPayin(DEMO, `guard-${randomUUID()}`, 'direct', 10);
  await expectStatus(processCard(DEMO, id, CHALLENGE_CARD), 'PENDING_3DS');
  await enrolTestPasskey(db, id, authenticator);
}, 60_000);

describe('no deposit is paid while its customer is excluded or over a limit, on every path to SUCCESS', () => {
  for (const scenario of SCENARIOS) {
    for (const path of PATHS) {
      if (scenario.kind === 'session' && path.directOnly) continue;
      it(`${path.name}: ${scenario.name}`, async () => {
        const user = `guard-${randomUUID()}`;
        const prepared = (await path.prepare?.(user)) ?? {};
        const id = await createPayin(path.token, user, scenario.kind);
        const customerId = await customerIdOf(id);
        // A session deposit of 40 under a daily limit of 100 (set before it is paid; the saved card's 5 counts too).
        if (scenario.kind === 'session') await setLimit(path.token, customerId, 100);
        const underTest = (await path.start?.(id, prepared, user)) ?? id;
        if (scenario.change === 'exclusion') await exclude(path.token, customerId);
        if (scenario.change === 'limit') await setLimit(path.token, customerId, 30);
        const checked = (await path.finish(underTest, prepared, user)) ?? underTest;
        if (checked === '') {
          // Refused before a pay-in existed (a host-to-host create for an excluded customer).
          expect(scenario.paid).toBe(false);
          return;
        }
        const final = (await api('GET', `/public/payin/${checked}`, { token: path.token })).body;
        if (scenario.paid) {
          expect(final.status).toBe('SUCCESS');
          return;
        }
        expect(final.status).not.toBe('SUCCESS');
        // A path under way when the change came ends DECLINED, saying why; one not started is refused (409, 400) and stays unpaid.
        if (path.start)
          expect(final).toMatchObject({
            status: 'DECLINED',
            statusReason: { detailedStatus: scenario.change === 'exclusion' ? 'BLOCKED_CUSTOMER' : 'CUSTOMER_ISSUES' },
          });
        else expect(final.status).toBe('CREATED');
      });
    }
  }
});

describe('changePayin, the one way to SUCCESS', () => {
  it('declines a pay-in of an excluded customer whoever asks it to succeed, the customer row locked in the same transaction', async () => {
    const id = await createPayin(DEMO, `guard-${randomUUID()}`, 'direct');
    await expectStatus(processCard(DEMO, id, '4000000000000077'), 'PENDING');
    await exclude(DEMO, await customerIdOf(id));
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(payins).where(eq(payins.id, id)).for('update');
      const updated = await changePayin(tx, row!, { status: 'SUCCESS', statusReason: null, pendingUntil: null, pendingOutcome: null });
      // The customer row is held by this transaction: the same lock again does not wait (PGlite would deadlock on another connection's).
      await tx.select().from(customers).where(eq(customers.id, row!.customerId)).for('update');
      return updated;
    });
    expect(changed).toMatchObject({ status: 'DECLINED', statusReason: { detailedStatus: 'BLOCKED_CUSTOMER' }, pendingUntil: null });
    // The merchant's event says DECLINED, never SUCCESS.
    expect((await payinOf(id)).status).toBe('DECLINED');
  });
});
