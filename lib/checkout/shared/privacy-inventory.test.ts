/**
 * The privacy inventory (lib/checkout/shared/privacy-inventory.ts): every payment page listed with
 * its document, every cookie named as the code sets it (lib/payments-api/holder-proof.ts) with a
 * purpose and a lifetime, every entry with its words in each catalogue; the request matcher the
 * browser test uses; and the page at /privacy-inventory rendering it all (server-rendered, in the
 * page's locale).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { holderCookie, holderCookieName } from '@/lib/payments-api/holder-proof';
import {
  COOKIES,
  INVENTORY_PAGES,
  STORAGE_KEYS,
  listedRequest,
  pathPattern,
  type InventoryPage,
  type InventoryPageId,
} from './privacy-inventory';

vi.mock('next-intl/server', async () => (await import('@/lib/testing/intl-server')).intlServer('en'));

type Words = { privacyInventory: Record<string, Record<string, string> | string> };
const catalogues = readdirSync('messages')
  .filter((file) => file.endsWith('.json'))
  .map((file) => [file, (JSON.parse(readFileSync(`messages/${file}`, 'utf8')) as Words).privacyInventory] as const);
const page = (id: InventoryPageId): InventoryPage => INVENTORY_PAGES.find((p) => p.id === id)!;
const request = (method: string, address: string) => {
  const url = new URL(address, 'http://localhost:3000');
  return { method, pathname: url.pathname, searchParams: url.searchParams };
};

describe('the privacy inventory', () => {
  it('lists the four payment pages, each with its document loaded on every load', () => {
    expect(INVENTORY_PAGES.map((p) => [p.id, p.path])).toEqual([
      ['card', '/payments/payin/{paymentId}/card'],
      ['apm', '/payments/payin/{paymentId}/apm'],
      ['cashier', '/cashier/{sessionId}'],
      ['widget', '/cashier/{sessionId}/widget'],
    ]);
    for (const p of INVENTORY_PAGES) {
      expect(
        p.requests.find((r) => r.id === 'document'),
        p.id,
      ).toMatchObject({ method: 'GET', path: p.path, everyLoad: true, origin: 'checkout' });
      expect(
        p.requests.some((r) => r.id === 'scripts'),
        p.id,
      ).toBe(true);
    }
  });

  it('sets no cookie on a pay-in’s pages; the cashier and the widget set the holder cookie alone, by the launch', () => {
    expect(page('card').cookies).toEqual([]);
    expect(page('apm').cookies).toEqual([]);
    for (const id of ['cashier', 'widget'] as const) {
      expect(page(id).cookies).toEqual(['holder']);
      expect(
        page(id)
          .requests.filter((r) => r.id === 'launchAddress' || r.id === 'launch')
          .map((r) => `${r.method} ${r.path}`),
      ).toEqual([`GET ${page(id).path}`, 'POST /api/launch']);
    }
    const ids = new Set(COOKIES.map((c) => c.id));
    for (const p of INVENTORY_PAGES) for (const id of p.cookies) expect(ids.has(id), `${p.id}: ${id}`).toBe(true);
  });

  it('names the holder cookie, its lifetime and attributes as the code sets it, on https and on loopback', () => {
    const [holder] = COOKIES;
    const secret = 'a'.repeat(43);
    const before = process.env.CHECKOUT_URL;
    try {
      for (const [url, name] of [
        ['https://checkout.test', holder?.name],
        ['http://localhost:3000', holder?.loopbackName],
      ] as const) {
        process.env.CHECKOUT_URL = url;
        const [pair, ...attributes] = holderCookie(secret).split('; ');
        expect(holderCookieName(), url).toBe(name);
        expect(pair).toBe(`${name}=${secret}`);
        expect(attributes).toContain(`Max-Age=${holder?.maxAgeSeconds}`);
        expect(attributes.filter((a) => !a.startsWith('Max-Age=')).sort()).toEqual([...(holder?.attributes ?? [])].sort());
      }
    } finally {
      if (before === undefined) delete process.env.CHECKOUT_URL;
      else process.env.CHECKOUT_URL = before;
    }
    expect(holder?.maxAgeSeconds).toBe(30 * 86_400);
    expect(holder?.setBy).toBe('POST /api/launch');
  });

  it('uses sessionStorage only, each key on a page that lists it', () => {
    expect(STORAGE_KEYS.every((s) => s.area === 'sessionStorage')).toBe(true);
    const ids = new Set(STORAGE_KEYS.map((s) => s.id));
    for (const p of INVENTORY_PAGES) for (const id of p.storage) expect(ids.has(id), `${p.id}: ${id}`).toBe(true);
    expect(STORAGE_KEYS.find((s) => s.id === 'realityCheck')?.beforeCustomerActs).toBe(false);
  });

  it('goes elsewhere than the checkout only where the merchant’s settings choose it', () => {
    const elsewhere = INVENTORY_PAGES.flatMap((p) => p.requests.filter((r) => r.origin !== 'checkout').map((r) => `${p.id} ${r.id}`));
    expect(elsewhere).toEqual(['card logo', 'card googlePay', 'card sandboxWallet', 'card clickToPay', 'apm logo', 'cashier logo']);
    for (const p of INVENTORY_PAGES) for (const r of p.requests.filter((r) => r.origin !== 'checkout')) expect(r.everyLoad).toBe(false);
  });

  it('lists Click to Pay on the card page alone, where the merchant offers it: the session’s action, then the SRC system', () => {
    const clickToPay = page('card').requests.filter((r) => r.id.startsWith('clickToPay'));
    expect(clickToPay).toEqual([
      { id: 'clickToPaySession', method: 'POST', origin: 'checkout', path: '/payments/payin/{paymentId}/card', everyLoad: false },
      {
        id: 'clickToPay',
        method: 'POST',
        origin: 'merchant-setting',
        path: '/sandbox/src/api/{op}',
        everyLoad: false,
        sandboxOnOwnOrigin: true,
      },
    ]);
    for (const id of ['apm', 'cashier', 'widget'] as const)
      expect(
        page(id).requests.filter((r) => r.id.startsWith('clickToPay')),
        id,
      ).toEqual([]);
    // Its recognition cookie is the SRC system's, set after the customer acts: not a cookie of the page.
    expect(page('card').cookies).toEqual([]);
    expect(COOKIES.map((c) => c.id)).toEqual(['holder']);
  });

  it('has the words of every request, cookie and storage key in every catalogue', () => {
    const requests = new Set(INVENTORY_PAGES.flatMap((p) => p.requests.map((r) => r.id)));
    expect(catalogues).toHaveLength(16);
    for (const [file, words] of catalogues) {
      for (const group of ['requests', 'cookies', 'storage', 'pages'] as const)
        expect(typeof words[group], `${file} ${group}`).toBe('object');
      const of = (group: string) => Object.keys(words[group] as Record<string, string>).sort();
      expect(of('requests'), file).toEqual([...requests].sort());
      expect(of('cookies'), file).toEqual(COOKIES.map((c) => c.id).sort());
      expect(of('storage'), file).toEqual(STORAGE_KEYS.map((s) => s.id).sort());
      expect(of('pages'), file).toEqual(INVENTORY_PAGES.map((p) => p.id).sort());
    }
  });
});

describe('the inventory’s request matcher (what the browser test fails on)', () => {
  it('reads path templates: one segment, and the rest of the path', () => {
    expect(pathPattern('/cashier/{sessionId}/widget').test('/cashier/cs_1/widget')).toBe(true);
    expect(pathPattern('/cashier/{sessionId}/widget').test('/cashier/cs_1/x/widget')).toBe(false);
    expect(pathPattern('/_next/static/chunks/{file}').test('/_next/static/chunks/app/page-1a2b.js')).toBe(true);
    expect(pathPattern('/_next/static/chunks/{file}').test('/_next/static/chunks/')).toBe(false);
    expect(pathPattern('/favicon.ico').test('/faviconXico')).toBe(false);
  });

  it('finds what a page lists, and nothing it does not', () => {
    expect(listedRequest(page('card'), request('GET', '/payments/payin/pi_1/card?locale=fr'))?.id).toBe('document');
    expect(listedRequest(page('card'), request('POST', '/api/vitals'))?.id).toBe('vitals');
    expect(listedRequest(page('widget'), request('GET', '/cashier/cs_1/widget?launch=abc'))?.id).toBe('launchAddress');
    expect(listedRequest(page('widget'), request('GET', '/cashier/cs_1/widget'))?.id).toBe('document');
    expect(listedRequest(page('widget'), request('GET', '/api/cashier/cs_1/events'))?.id).toBe('events');
    // Not listed: a pay-in's page posts no launch and streams no balance; no page reads a BIN before the customer types.
    expect(listedRequest(page('card'), request('POST', '/api/launch'))).toBeUndefined();
    expect(listedRequest(page('apm'), request('GET', '/api/cashier/cs_1/events'))).toBeUndefined();
    expect(listedRequest(page('card'), request('GET', '/api/payments/payin/pi_1/bin'))).toBeUndefined();
    // The build's stylesheet is inline in the document (next.config.mjs): no stylesheet request.
    expect(listedRequest(page('card'), request('GET', '/_next/static/css/app.css'))).toBeUndefined();
    expect(listedRequest(page('apm'), request('GET', '/api/challenge'))).toBeUndefined();
    expect(listedRequest(page('card'), request('GET', '/payments/payin/pi_1/apm'))).toBeUndefined();
    // A merchant-chosen address is never matched on the checkout's origin.
    expect(listedRequest(page('card'), request('GET', '/sandbox/wallet/method'))).toBeUndefined();
    expect(listedRequest(page('card'), request('POST', '/sandbox/src/api/recognize'))).toBeUndefined();
  });

  it('finds Click to Pay’s requests: the page’s server action, and the SRC system where it is the sandbox on the checkout’s origin', () => {
    expect(listedRequest(page('card'), request('POST', '/payments/payin/pi_1/card?locale=fr'))?.id).toBe('clickToPaySession');
    expect(listedRequest(page('apm'), request('POST', '/payments/payin/pi_1/apm'))).toBeUndefined();
    const onOwnOrigin = { srcOnOwnOrigin: true };
    for (const op of ['recognize', 'validation-complete', 'sign-out'])
      expect(listedRequest(page('card'), request('POST', `/sandbox/src/api/${op}`), onOwnOrigin)?.id, op).toBe('clickToPay');
    expect(listedRequest(page('card'), request('GET', '/sandbox/src/api/recognize'), onOwnOrigin)).toBeUndefined();
    expect(listedRequest(page('card'), request('POST', '/sandbox/src/api/a/b'), onOwnOrigin)).toBeUndefined();
    expect(listedRequest(page('apm'), request('POST', '/sandbox/src/api/recognize'), onOwnOrigin)).toBeUndefined();
    // Only the SRC system: the sandbox wallet stays a merchant-chosen address.
    expect(listedRequest(page('card'), request('GET', '/sandbox/wallet/method'), onOwnOrigin)).toBeUndefined();
  });
});

describe('the page at /privacy-inventory', () => {
  it('renders every page’s requests, cookies and storage as tables, with the statements, in the page’s locale', async () => {
    const { default: PrivacyInventoryPage } = await import('@/app/privacy-inventory/page');
    const html = renderToStaticMarkup(await PrivacyInventoryPage());
    const en = Object.fromEntries(catalogues)['en.json']!;
    expect(html).toContain(`<h1 class="text-2xl font-semibold">${en.title as string}</h1>`);
    expect(html).toContain('Before the customer acts, no page sends a request to a third party');
    for (const p of INVENTORY_PAGES) expect(html).toContain(`id="page-${p.id}"`);
    expect(html.match(/<table/g)).toHaveLength(4 + 4 + 2);
    expect(html).toContain('<code class="font-mono text-sm break-all">__Host-checkout-binding</code>');
    expect(html).toContain('(checkout-binding on a developer’s machine over http)');
    expect(html).toContain('30 days');
    expect(html).toContain('Path=/; HttpOnly; Secure; SameSite=None; Partitioned');
    expect(html).toContain('/api/cashier/{sessionId}/events');
    expect(html).toContain('/cashier/{sessionId}?launch=…');
    expect(html).toContain('checkout.parentOrigin');
    expect(html).toContain('Google’s script (https://pay.google.com/gp/p/js/pay.js)');
    expect(html).toContain('/sandbox/src/api/{op}');
    expect(html).toContain('Click to Pay');
    expect(html).toContain('__Secure-sbx-src-recognition');
    // A pay-in's pages: no cookie table, the words "None." instead.
    expect(html.match(/None\./g)).toHaveLength(2);
    expect(html).not.toContain('localStorage');
  });
});
