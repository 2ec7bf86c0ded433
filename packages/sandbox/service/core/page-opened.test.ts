/**
 * The locator's `opened` (docs/design.md, E22): whether a browser holds a page by its newest launch
 * address, so a browser that is not the holder reads "open in another browser" only when another
 * has it, and "open it again from the merchant" when nobody does. Per page of a session (the cashier
 * and the widget each), for a payout's pages, for a cashier payout through its session; relaunched,
 * the holder before counts no more until the new address is spent. Answers are checked against the
 * OpenAPI document; `opened` goes to no caller that may not locate the page.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxDb } from './store';
import { contractCall as api, pagesHolding } from '@sandbox/testing/sandbox-http';
import { SAMPLE_BODIES } from '@sandbox/testing/operation-samples';

const pages = { token: 'sbx_checkout' };

beforeAll(async () => {
  await sandboxDb();
});

async function session() {
  const created = await api('POST', '/public/cashier/session', { body: SAMPLE_BODIES.createCashierSession!() });
  expect(created.status).toBe(200);
  return created.body as { sessionId: string; checkoutUrl: string; widgetUrl: string };
}

/** `opened` of a session's locator for `page` (either page without it), as the pages' credential reads it. */
async function openedOf(sessionId: string, page?: 'cashier' | 'widget'): Promise<boolean | undefined> {
  const located = await api('GET', `/public/cashier/session/${sessionId}/locator${page ? `?page=${page}` : ''}`, pages);
  expect(located.status).toBe(200);
  return located.body.opened;
}

const payoutOpened = async (payoutId: string, credential: object = pages) =>
  (await api('GET', `/public/payout/${payoutId}/locator`, credential)).body.opened as boolean | undefined;

describe('the locator’s opened, of a cashier session', () => {
  it('no browser has spent an address: false for each page', async () => {
    const s = await session();
    expect(await openedOf(s.sessionId, 'cashier')).toBe(false);
    expect(await openedOf(s.sessionId, 'widget')).toBe(false);
    expect(await openedOf(s.sessionId)).toBe(false);
  });

  it('a browser spent the cashier’s address: true for the cashier only; the widget’s spent too: true for it', async () => {
    const s = await session();
    await pagesHolding(s.checkoutUrl);
    expect(await openedOf(s.sessionId, 'cashier')).toBe(true);
    expect(await openedOf(s.sessionId, 'widget')).toBe(false);
    expect(await openedOf(s.sessionId)).toBe(true);
    await pagesHolding(s.widgetUrl);
    expect(await openedOf(s.sessionId, 'widget')).toBe(true);
  });

  it('relaunched: false until the new address is spent, the holder before out; true once it is', async () => {
    const s = await session();
    await pagesHolding(s.checkoutUrl);
    await pagesHolding(s.widgetUrl);
    const relaunched = await api('POST', `/public/cashier/session/${s.sessionId}/launch`, { key: randomUUID() });
    expect(relaunched.status).toBe(200);
    expect(await openedOf(s.sessionId, 'cashier')).toBe(false);
    expect(await openedOf(s.sessionId, 'widget')).toBe(false);
    await pagesHolding(relaunched.body.checkoutUrl);
    expect(await openedOf(s.sessionId, 'cashier')).toBe(true);
    expect(await openedOf(s.sessionId, 'widget')).toBe(false);
    // One page launched again: that page only.
    const widget = await api('POST', `/public/cashier/session/${s.sessionId}/page-launch`, { body: { page: 'widget' }, key: randomUUID() });
    await pagesHolding(widget.body.url);
    const cashier = await api('POST', `/public/cashier/session/${s.sessionId}/page-launch`, {
      body: { page: 'cashier' },
      key: randomUUID(),
    });
    expect(cashier.status).toBe(200);
    expect(await openedOf(s.sessionId, 'cashier')).toBe(false);
    expect(await openedOf(s.sessionId, 'widget')).toBe(true);
  });

  it('a page other than the two is 400; another merchant learns nothing (404), the session’s own merchant reads it', async () => {
    const s = await session();
    await pagesHolding(s.checkoutUrl);
    expect((await api('GET', `/public/cashier/session/${s.sessionId}/locator?page=payout`, pages)).status).toBe(400);
    const other = await api('GET', `/public/cashier/session/${s.sessionId}/locator?page=cashier`, { token: 'sbx_other_merchant' });
    expect(other.status).toBe(404);
    expect(other.body).not.toHaveProperty('opened');
    expect((await api('GET', `/public/cashier/session/${s.sessionId}/locator?page=cashier`, {})).body).toMatchObject({ opened: true });
    expect((await api('GET', `/public/cashier/session/${s.sessionId}/locator?page=cashier`, { token: null })).status).toBe(401);
  });
});

describe('the locator’s opened, of a payout', () => {
  it('a merchant’s payout: false until its address is spent, false again once relaunched, true once the new one is spent', async () => {
    const created = await api('POST', '/public/payout', { body: SAMPLE_BODIES.createPayout!(), key: randomUUID() });
    const id = created.body.payoutId as string;
    expect(await payoutOpened(id)).toBe(false);
    await pagesHolding(created.body.iframeUrls.card);
    expect(await payoutOpened(id)).toBe(true);
    const relaunched = await api('POST', `/public/payout/${id}/launch`, { key: randomUUID() });
    expect(await payoutOpened(id)).toBe(false);
    await pagesHolding(relaunched.body.iframeUrls.apm);
    expect(await payoutOpened(id)).toBe(true);
    expect((await api('GET', `/public/payout/${id}/locator`, { token: 'sbx_other_merchant' })).status).toBe(404);
  });

  it('a cashier payout: opened while either page of its session is', async () => {
    const s = await session();
    const mine = await pagesHolding(s.checkoutUrl);
    const withdrawal = await api('POST', `/public/cashier/session/${s.sessionId}/payout`, {
      ...mine,
      body: { value: 10 },
      key: randomUUID(),
    });
    expect(withdrawal.status).toBe(200);
    const id = withdrawal.body.payoutId as string;
    expect(await payoutOpened(id)).toBe(true);
    await api('POST', `/public/cashier/session/${s.sessionId}/launch`, { key: randomUUID() });
    expect(await payoutOpened(id)).toBe(false);
    const widget = await api('POST', `/public/cashier/session/${s.sessionId}/page-launch`, { body: { page: 'widget' }, key: randomUUID() });
    await pagesHolding(widget.body.url);
    expect(await payoutOpened(id)).toBe(true);
  });
});
