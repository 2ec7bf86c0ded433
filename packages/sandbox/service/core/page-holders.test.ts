/**
 * Who holds a cashier session or a payout's destination pages (docs/design.md, E22), attacked
 * through the router as a script holding the published pages' credential and an id would: the
 * id opens nothing, a launch secret opens its page once, launching again moves the holding, and
 * every read or move of what a browser holds needs that browser's proof. Answers are checked
 * against the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxDb } from './store';
import { contractCall as api, pagesHolding } from '@sandbox/testing/sandbox-http';
import { SAMPLE_BODIES } from '@sandbox/testing/operation-samples';
import { depositByCard } from '@sandbox/testing/sandbox-fixtures';

const browser = {
  acceptHeader: 'text/html',
  colorDepth: 24,
  javaEnabled: false,
  javascriptEnabled: true,
  language: 'en',
  screenHeight: 800,
  screenWidth: 1280,
  timeZoneOffset: 0,
  userAgent: 'vitest',
  customerIp: '203.0.113.9',
};
const proof = () => randomUUID().replace(/-/g, '').padEnd(64, '0');
const pages = (holderProof?: string) => ({ token: 'sbx_checkout', ...(holderProof ? { headers: { 'Holder-Proof': holderProof } } : {}) });
const launchOf = (url: string) => new URL(url).searchParams.get('launch')!;

beforeAll(async () => {
  await sandboxDb();
});

async function session(balance = 100, customer?: object) {
  const body = { ...(SAMPLE_BODIES.createCashierSession!() as object), balance, ...(customer ? { customer } : {}) };
  const created = await api('POST', '/public/cashier/session', { body });
  expect(created.status).toBe(200);
  return created.body as { sessionId: string; checkoutUrl: string; widgetUrl: string; launchExpiresAt: string };
}

describe('launching a cashier session', () => {
  it('the session id alone opens nothing: every read and move of the pages’ credential without a proof is 403', async () => {
    const s = await session();
    expect(new URL(s.checkoutUrl).pathname).toBe(`/cashier/${s.sessionId}`);
    expect(launchOf(s.checkoutUrl)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new URL(s.widgetUrl).pathname).toBe(`/cashier/${s.sessionId}/widget`);
    expect(launchOf(s.widgetUrl)).not.toBe(launchOf(s.checkoutUrl));
    for (const credential of [pages(), pages(proof())]) {
      expect((await api('GET', `/public/cashier/session/${s.sessionId}`, credential)).status).toBe(403);
      expect((await api('GET', `/public/cashier/session/${s.sessionId}/transactions`, credential)).status).toBe(403);
      expect(
        (await api('POST', `/public/cashier/session/${s.sessionId}/payout`, { ...credential, body: { value: 10 }, key: randomUUID() }))
          .status,
      ).toBe(403);
      expect(
        (await api('POST', `/public/cashier/session/${s.sessionId}/payin`, { ...credential, body: { amount: 10 }, key: randomUUID() }))
          .status,
      ).toBe(403);
      expect(
        (
          await api('PUT', `/public/cashier/session/${s.sessionId}/responsible-gambling`, {
            ...credential,
            body: { depositLimits: { day: 0.01 } },
          })
        ).status,
      ).toBe(403);
    }
    // The locator says whose pages these are, and nothing of the customer or the money.
    const located = await api('GET', `/public/cashier/session/${s.sessionId}/locator`, pages());
    expect(located.body).toEqual({ merchantId: 'merchant-demo', expired: false, opened: false });
  });

  it('a launch secret opens its page once; the holder reads and moves, a second browser cannot spend it again', async () => {
    const s = await session();
    const mine = await pagesHolding(s.checkoutUrl);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`, mine)).body).toMatchObject({ sessionId: s.sessionId, balance: 100 });
    expect((await api('GET', `/public/cashier/session/${s.sessionId}/locator`, mine)).body).toEqual({
      merchantId: 'merchant-demo',
      held: true,
      expired: false,
      opened: true,
    });
    const again = await api('PUT', `/public/cashier/session/${s.sessionId}/binding`, {
      ...pages(),
      body: { launchToken: launchOf(s.checkoutUrl), holderProof: proof() },
    });
    expect(again.status).toBe(403);
    const withdrawal = await api('POST', `/public/cashier/session/${s.sessionId}/payout`, {
      ...mine,
      body: { value: 10 },
      key: randomUUID(),
    });
    expect(withdrawal.status).toBe(200);
    // A cashier payout is held through its session: its own launch is refused, the session's proof serves.
    expect((await api('GET', `/public/payout/${withdrawal.body.payoutId}`, mine)).status).toBe(200);
    expect((await api('GET', `/public/payout/${withdrawal.body.payoutId}`, pages(proof()))).status).toBe(403);
    expect((await api('POST', `/public/payout/${withdrawal.body.payoutId}/launch`, {})).status).toBe(409);
    const destination = {
      browser,
      cardData: { cardNumber: '4242424242424242', cardHolderName: 'Mallory', expiryMonth: '12', expiryYear: '2031' },
    };
    expect(
      (
        await api('POST', `/public/payout/${withdrawal.body.payoutId}/process/card`, {
          ...pages(proof()),
          body: destination,
          key: randomUUID(),
        })
      ).status,
    ).toBe(403);
    expect((await api('PUT', `/public/payout/${withdrawal.body.payoutId}/cancel`, pages(proof()))).status).toBe(403);
    // The holder gives a card the customer deposited with (the closed loop).
    await depositByCard(s.sessionId, mine);
    expect(
      (await api('POST', `/public/payout/${withdrawal.body.payoutId}/process/card`, { ...mine, body: destination, key: randomUUID() }))
        .status,
    ).toBe(200);
  });

  it('of two browsers spending one launch secret at once, exactly one holds', async () => {
    const s = await session();
    const answers = await Promise.all(
      [proof(), proof(), proof()].map((holderProof) =>
        api('PUT', `/public/cashier/session/${s.sessionId}/binding`, {
          ...pages(),
          body: { launchToken: launchOf(s.checkoutUrl), holderProof },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([204, 403, 403]);
  });

  it('the merchant launches again: the new browser holds the cashier, the old one is out; the widget has a holder of its own', async () => {
    const s = await session();
    const first = await pagesHolding(s.checkoutUrl);
    const widget = await pagesHolding(s.widgetUrl);
    const relaunched = await api('POST', `/public/cashier/session/${s.sessionId}/launch`, { key: randomUUID() });
    expect(relaunched.status).toBe(200);
    // A launch secret not spent yet stops working once the merchant launches again.
    const stale = await session();
    await api('POST', `/public/cashier/session/${stale.sessionId}/launch`, { key: randomUUID() });
    expect(
      (
        await api('PUT', `/public/cashier/session/${stale.sessionId}/binding`, {
          ...pages(),
          body: { launchToken: launchOf(stale.checkoutUrl), holderProof: proof() },
        })
      ).status,
    ).toBe(403);

    const second = await pagesHolding(relaunched.body.checkoutUrl);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`, second)).status).toBe(200);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`, first)).status).toBe(403);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`, widget)).status).toBe(200);
    // Only a merchant launches, and not the pages' credential.
    expect((await api('POST', `/public/cashier/session/${s.sessionId}/launch`, { ...pages(), key: randomUUID() })).status).toBe(403);
    expect(
      (await api('POST', `/public/cashier/session/${s.sessionId}/launch`, { token: 'sbx_other_merchant', key: randomUUID() })).status,
    ).toBe(404);
  });

  it('a launch of one page renews that page’s secret alone: the other page’s address, not yet spent, still opens it', async () => {
    const s = await session();
    const cashier = await api('POST', `/public/cashier/session/${s.sessionId}/page-launch`, {
      body: { page: 'cashier' },
      key: randomUUID(),
    });
    expect(cashier.status).toBe(200);
    expect(new URL(cashier.body.url).pathname).toBe(`/cashier/${s.sessionId}`);
    expect(cashier.body.launchExpiresAt).toBe(s.launchExpiresAt);
    // The cashier's first address is replaced; the widget's, from the session's creation, is not.
    expect(
      (
        await api('PUT', `/public/cashier/session/${s.sessionId}/binding`, {
          ...pages(),
          body: { launchToken: launchOf(s.checkoutUrl), holderProof: proof() },
        })
      ).status,
    ).toBe(403);
    const widget = await pagesHolding(s.widgetUrl);
    const held = await pagesHolding(cashier.body.url);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`, widget)).status).toBe(200);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`, held)).status).toBe(200);
    // The widget's own launch: a new address for it, the cashier's holder kept; the old widget holder is out once it is spent.
    const relaunched = await api('POST', `/public/cashier/session/${s.sessionId}/page-launch`, {
      body: { page: 'widget' },
      key: randomUUID(),
    });
    expect(new URL(relaunched.body.url).pathname).toBe(`/cashier/${s.sessionId}/widget`);
    const next = await pagesHolding(relaunched.body.url);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`, next)).status).toBe(200);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`, widget)).status).toBe(403);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`, held)).status).toBe(200);
    // A page other than the two is 400; only a merchant launches, and its own sessions.
    expect(
      (await api('POST', `/public/cashier/session/${s.sessionId}/page-launch`, { body: { page: 'payout' }, key: randomUUID() })).status,
    ).toBe(400);
    expect(
      (
        await api('POST', `/public/cashier/session/${s.sessionId}/page-launch`, {
          ...pages(),
          body: { page: 'cashier' },
          key: randomUUID(),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api('POST', `/public/cashier/session/${s.sessionId}/page-launch`, {
          token: 'sbx_other_merchant',
          body: { page: 'cashier' },
          key: randomUUID(),
        })
      ).status,
    ).toBe(404);
  });

  it('a merchant reads its own session without a proof, but moves only what no browser holds', async () => {
    const s = await session();
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`)).status).toBe(200);
    expect((await api('POST', `/public/cashier/session/${s.sessionId}/payout`, { body: { value: 5 }, key: randomUUID() })).status).toBe(
      200,
    );
    await pagesHolding(s.checkoutUrl);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}`)).status).toBe(200);
    expect((await api('POST', `/public/cashier/session/${s.sessionId}/payout`, { body: { value: 5 }, key: randomUUID() })).status).toBe(
      403,
    );
  });

  it('malformed bindings are 400, an unknown session 404, a merchant’s token 403', async () => {
    const s = await session();
    expect(
      (
        await api('PUT', `/public/cashier/session/${s.sessionId}/binding`, {
          ...pages(),
          body: { launchToken: 'short', holderProof: proof() },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api('PUT', `/public/cashier/session/${s.sessionId}/binding`, {
          ...pages(),
          body: { launchToken: launchOf(s.checkoutUrl), holderProof: 'secret' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api('PUT', '/public/cashier/session/cs_unknown/binding', {
          ...pages(),
          body: { launchToken: launchOf(s.checkoutUrl), holderProof: proof() },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api('PUT', `/public/cashier/session/${s.sessionId}/binding`, {
          body: { launchToken: launchOf(s.checkoutUrl), holderProof: proof() },
        })
      ).status,
    ).toBe(403);
  });

  it('session changes: the pages’ credential watches only what it proves, and hears which proofs no longer hold', async () => {
    const s = await session();
    const mine = await pagesHolding(s.checkoutUrl);
    const stranger = proof();
    const none = await api('POST', '/public/cashier/session-changes', { ...pages(), body: { sessionIds: [s.sessionId], waitSeconds: 0 } });
    expect(none.body.changed).toEqual([]);
    const both = await api('POST', '/public/cashier/session-changes', {
      ...pages(),
      body: { sessionIds: [s.sessionId, s.sessionId], holderProofs: [mine.proof, stranger], waitSeconds: 0 },
    });
    expect(both.body.changed.map((c: { sessionId: string }) => c.sessionId)).toEqual([s.sessionId]);
    expect(both.body.ended).toEqual([stranger]);
    expect(
      (
        await api('POST', '/public/cashier/session-changes', {
          ...pages(),
          body: { sessionIds: [s.sessionId], holderProofs: [], waitSeconds: 0 },
        })
      ).status,
    ).toBe(400);
  });
});

describe('launching a payout’s destination pages', () => {
  it('iframeUrls open once; without the holder’s proof nothing of the payout is read or given', async () => {
    const created = await api('POST', '/public/payout', { body: SAMPLE_BODIES.createPayout!(), key: randomUUID() });
    const id = created.body.payoutId as string;
    expect(launchOf(created.body.iframeUrls.card)).toBe(launchOf(created.body.iframeUrls.apm));
    expect((await api('GET', `/public/payout/${id}`, pages())).status).toBe(403);
    expect((await api('GET', `/public/payout/${id}/methods`, pages())).status).toBe(403);
    expect((await api('GET', `/public/payout/${id}/locator`, pages())).body).toEqual({ merchantId: 'merchant-demo', opened: false });
    const mine = await pagesHolding(created.body.iframeUrls.card);
    expect((await api('GET', `/public/payout/${id}`, mine)).status).toBe(200);
    const relaunched = await api('POST', `/public/payout/${id}/launch`, { key: randomUUID() });
    const next = await pagesHolding(relaunched.body.iframeUrls.apm);
    expect((await api('GET', `/public/payout/${id}`, mine)).status).toBe(403);
    expect((await api('GET', `/public/payout/${id}`, next)).status).toBe(200);
    // The merchant's own reads need no proof.
    expect((await api('GET', `/public/payout/${id}`)).status).toBe(200);
  });
});

describe('removing a saved card needs the proof that moves money', () => {
  it('the pages’ credential with a pay-in id alone cannot; a browser holding the customer’s session can', async () => {
    const externalUserId = `c-${randomUUID()}`;
    const customer = { ...(SAMPLE_BODIES.createCashierSession!() as { customer: object }).customer, externalUserId };
    const payin = await api('POST', '/public/payin', {
      body: { ...(SAMPLE_BODIES.createPayin!() as object), customer },
      key: randomUUID(),
    });
    const card = {
      browser,
      cardData: { cardNumber: '5555555555554444', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
      saveCard: true,
    };
    await api('POST', `/public/payin/${payin.body.paymentId}/process/card`, { ...pages(), body: card, key: randomUUID() });
    const customerId = (await api('GET', `/public/payin/${payin.body.paymentId}`, pages())).body.customerId as string;
    const cards = await api('GET', `/public/customer/${customerId}/cards`, pages());
    const cardId = cards.body.cards[0].cardId as string;
    expect((await api('DELETE', `/public/customer/${customerId}/cards/${cardId}`, pages())).status).toBe(403);
    expect((await api('DELETE', `/public/customer/${customerId}/cards/${cardId}`, pages(proof()))).status).toBe(403);
    const s = await session(100, customer);
    const mine = await pagesHolding(s.checkoutUrl);
    expect((await api('DELETE', `/public/customer/${customerId}/cards/${cardId}`, mine)).status).toBe(204);
    expect((await api('GET', `/public/customer/${customerId}/cards`, pages())).body.cards).toEqual([]);
  });
});
