/**
 * The privacy inventory (lib/checkout/shared/privacy-inventory.ts, served at /privacy-inventory)
 * held to what a browser records. Each payment page is loaded as a customer does, in a context of
 * its own (no cookie, no storage): the card and APM pages of a pay-in at their addresses, the
 * cashier and the widget through the merchant's launch address (`visit`, which waits for the
 * launch's post to land on the page). From the first navigation until the page is idle (the
 * web-vitals chunk comes 3 s after load) every request of the page and its frames is recorded,
 * with every Set-Cookie answered, the context's cookies before and after, and each frame's
 * localStorage and sessionStorage keys. The test fails on a request to any origin but the
 * checkout's, on a request, cookie or storage key the inventory does not list for the page, and
 * when a request the inventory says comes on every load (the document, the launch, the live
 * balance's stream) is missing: a recording that saw nothing proves nothing.
 * The demo merchant's logo is a data: URL and it offers no wallet: none of the addresses its
 * settings could choose (logo, Google Pay) is asked for here, nor Click to Pay. The Ticket Hall
 * (`sbx_c2p_merchant`) offers Click to Pay: its card page opens the SRC session (the page's server
 * action) and asks the SRC system `recognize` once, and nothing more, before the customer acts; the
 * SRC system's recognition cookie comes only after a customer's "Remember me" (e2e/click-to-pay.spec.ts).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from './fixtures';
import { CHECKOUT_ORIGIN, createPayin, createSession, openEmbedded, visit } from './support';
import {
  COOKIES,
  INVENTORY_PAGES,
  STORAGE_KEYS,
  listedRequest,
  pathPattern,
  type InventoryPage,
  type InventoryPageId,
} from '../lib/checkout/shared/privacy-inventory';

/** Milliseconds with no new request after which a page counts as idle… */
const QUIET_MS = 1_500;
/** …but not before this long after its load event (web-vitals is fetched 3 s after it, lib/framing/frame-vitals.ts). */
const AFTER_LOAD_MS = 4_500;

interface Recording {
  requests: { method: string; url: string }[];
  setCookies: string[];
  done: Promise<unknown>[];
}

/** Records every request of the context's pages and frames, and every Set-Cookie answered; `keep` filters them (a framed page: its frames alone). */
function record(context: BrowserContext, keep: (request: import('./fixtures').Request) => boolean = () => true): Recording {
  const recording: Recording = { requests: [], setCookies: [], done: [] };
  context.on('request', (request) => {
    if (keep(request)) recording.requests.push({ method: request.method(), url: request.url() });
  });
  context.on('response', (response) => {
    if (!keep(response.request())) return;
    recording.done.push(
      response.headersArray().then((headers) => {
        for (const header of headers)
          if (header.name.toLowerCase() === 'set-cookie') recording.setCookies.push(...header.value.split('\n'));
      }),
    );
  });
  return recording;
}

/** Waits until the page has loaded, then until no request came for QUIET_MS (AFTER_LOAD_MS at least; 20 s at most). */
async function untilIdle(page: Page, recording: Recording): Promise<void> {
  await page.waitForLoadState('load');
  const loaded = Date.now();
  let seen = -1;
  let since = Date.now();
  while (Date.now() - loaded < 20_000) {
    if (recording.requests.length !== seen) {
      seen = recording.requests.length;
      since = Date.now();
    } else if (Date.now() - since >= QUIET_MS && Date.now() - loaded >= AFTER_LOAD_MS) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`${page.url()} was not idle within 20 s of its load (${recording.requests.length} requests)`);
}

/** The localStorage and sessionStorage keys of every frame of the page on the checkout's origin. */
async function storageKeys(page: Page): Promise<{ area: string; key: string }[]> {
  const keys: { area: string; key: string }[] = [];
  for (const frame of page.frames().filter((f) => f.url().startsWith(`${CHECKOUT_ORIGIN}/`))) {
    // A frame of another site than its top page may be denied storage by the browser (third-party storage
    // blocked): it then has no keys to list.
    const found = await frame.evaluate(() => {
      const keysOf = (area: () => Storage) => {
        try {
          return Object.keys(area());
        } catch {
          return [];
        }
      };
      return { localStorage: keysOf(() => localStorage), sessionStorage: keysOf(() => sessionStorage) };
    });
    for (const [area, names] of Object.entries(found)) keys.push(...names.map((key) => ({ area, key })));
  }
  return keys;
}

const inventoryOf = (id: InventoryPageId): InventoryPage => INVENTORY_PAGES.find((p) => p.id === id)!;

/**
 * The tests' checkout runs in test mode with the sandbox on its own origin and no
 * CLICK_TO_PAY_SRC_ORIGIN: the SRC system is the checkout's origin (lib/config.ts, clickToPaySrcOrigin).
 */
const ON_OWN_ORIGIN = { srcOnOwnOrigin: true };

/** What `recording` shows of `inventory` that the inventory does not list: one line each (empty: all listed). */
function unlisted(inventory: InventoryPage, recording: Recording): string[] {
  const problems: string[] = [];
  for (const { method, url } of recording.requests) {
    if (/^(data|blob):/.test(url)) continue;
    const address = new URL(url);
    if (address.origin !== CHECKOUT_ORIGIN) problems.push(`third party: ${method} ${address.origin}${address.pathname}`);
    else if (!listedRequest(inventory, { method, pathname: address.pathname, searchParams: address.searchParams }, ON_OWN_ORIGIN))
      problems.push(`not listed: ${method} ${address.pathname}`);
  }
  return problems;
}

/** The names of the cookies `inventory` lists (their name on https and on loopback: the tests' checkout is http://localhost). */
const cookieNames = (inventory: InventoryPage) =>
  COOKIES.filter((c) => inventory.cookies.includes(c.id)).flatMap((c) => [c.name, c.loopbackName]);

/**
 * Loads `open` in a new context of `browser` and checks what it recorded against the page
 * `id` of the inventory; answers the recording, the cookies it left and the ids of the listed
 * requests it made, for more checks.
 */
async function loadAndCheck(browser: Browser, id: InventoryPageId, open: (page: Page) => Promise<void>, framed = false) {
  const inventory = inventoryOf(id);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // A framed page: the requests of its frames alone (the merchant's own page is not the checkout's).
    const recording = record(context, framed ? (request) => safeFrame(request) !== page.mainFrame() : undefined);
    const before = await context.cookies();
    expect(before, 'a fresh context').toEqual([]);
    await open(page);
    await untilIdle(page, recording);
    await Promise.all(recording.done);
    const checkoutHost = new URL(CHECKOUT_ORIGIN).hostname;
    const all = await context.cookies();
    // Framed: the merchant's own page may keep cookies of its own; the checkout's are those of its host.
    const after = framed ? all.filter((c) => c.domain.replace(/^\./, '') === checkoutHost) : all;
    const storage = await storageKeys(page);

    expect(unlisted(inventory, recording), `${id}: every request listed, none to a third party`).toEqual([]);
    const setNames = recording.setCookies.map((line) => line.split('=')[0]?.trim() ?? '');
    const allowed = cookieNames(inventory);
    expect(
      [...setNames, ...after.map((c) => c.name)].filter((name) => !allowed.includes(name)),
      `${id}: every cookie listed`,
    ).toEqual([]);
    const templates = STORAGE_KEYS.filter((s) => inventory.storage.includes(s.id));
    expect(
      storage.filter(({ area, key }) => !templates.some((t) => t.area === area && pathPattern(t.key).test(key))),
      `${id}: every storage key listed`,
    ).toEqual([]);

    // What comes on every load did come: the recording saw the page.
    const made = new Set(
      recording.requests.flatMap(({ method, url }) => {
        const address = new URL(url);
        const entry =
          address.origin === CHECKOUT_ORIGIN
            ? listedRequest(inventory, { method, pathname: address.pathname, searchParams: address.searchParams }, ON_OWN_ORIGIN)
            : undefined;
        return entry ? [entry.id] : [];
      }),
    );
    const expected = ['document', 'scripts', ...(id === 'cashier' || id === 'widget' ? ['launchAddress', 'launch', 'events'] : [])];
    expect(
      expected.filter((request) => !made.has(request)),
      `${id}: what comes on every load`,
    ).toEqual([]);
    return { recording, after, made };
  } finally {
    await context.close();
  }
}

/** A request's frame, or null for one without (a service worker's). */
function safeFrame(request: import('./fixtures').Request) {
  try {
    return request.frame();
  } catch {
    return null;
  }
}

test.describe('privacy inventory: what each payment page asks of the browser before the customer acts', () => {
  test('the card and APM pages of a pay-in: only the checkout’s origin, no cookie', async ({ browser }) => {
    const payin = await createPayin(undefined);
    for (const [id, url] of [
      ['card', payin.iframeUrls.card],
      ['apm', payin.iframeUrls.apm],
    ] as const) {
      const { recording, after, made } = await loadAndCheck(browser, id, async (page) => {
        await page.goto(url);
      });
      expect(after, `${id}: no cookie`).toEqual([]);
      expect(recording.setCookies, `${id}: no Set-Cookie`).toEqual([]);
      expect(
        [...made].filter((request) => request.startsWith('clickToPay')),
        `${id}: no Click to Pay where the merchant does not offer it`,
      ).toEqual([]);
    }
  });

  test('the card page of a merchant offering Click to Pay: its session and one recognize, no cookie', async ({ browser }) => {
    const payin = await createPayin(undefined, {}, 'sbx_c2p_merchant');
    const { recording, after, made } = await loadAndCheck(browser, 'card', async (page) => {
      await page.goto(payin.iframeUrls.card);
    });
    expect([...made].filter((request) => request.startsWith('clickToPay')).sort(), 'Click to Pay’s requests, listed').toEqual([
      'clickToPay',
      'clickToPaySession',
    ]);
    const srcCalls = recording.requests
      .map(({ method, url }) => `${method} ${new URL(url).pathname}`)
      .filter((call) => call.includes('/sandbox/src/api/'));
    expect(srcCalls, 'the SRC system: recognize alone before the customer acts').toEqual(['POST /sandbox/src/api/recognize']);
    expect(after, 'no cookie: the SRC system’s comes only after “Remember me”').toEqual([]);
    expect(recording.setCookies, 'no Set-Cookie').toEqual([]);
  });

  test('the card page framed in the merchant’s page: its frame asks nothing more', async ({ browser }) => {
    const payin = await createPayin(undefined);
    const { after, recording } = await loadAndCheck(
      browser,
      'card',
      async (page) => {
        const frame = await openEmbedded(page, payin.iframeUrls.card);
        await expect(frame.getByLabel('Card number')).toBeVisible();
      },
      true,
    );
    expect(after, 'no cookie of the checkout').toEqual([]);
    expect(recording.setCookies, 'no Set-Cookie from the checkout').toEqual([]);
  });

  for (const id of ['cashier', 'widget'] as const) {
    test(`the ${id}, launched: the holder cookie alone, as the inventory names it`, async ({ browser }) => {
      const session = await createSession(undefined, { balance: 100 });
      const { recording, after } = await loadAndCheck(browser, id, async (page) => {
        await visit(page, id === 'cashier' ? session.checkoutUrl : session.widgetUrl);
      });
      const [holder] = COOKIES;
      expect(after.map((c) => c.name)).toEqual([holder!.loopbackName]);
      const cookie = after[0]!;
      expect(cookie).toMatchObject({ path: '/', httpOnly: true, secure: true, sameSite: 'None' });
      expect(cookie.partitionKey, 'partitioned (CHIPS)').toBeTruthy();
      const lifetime = cookie.expires - Date.now() / 1000;
      expect(Math.abs(lifetime - holder!.maxAgeSeconds), 'lifetime (s)').toBeLessThan(3_600);
      // Set once, by the launch's answer, with the attributes the inventory lists.
      expect(recording.setCookies).toHaveLength(1);
      const attributes = recording.setCookies[0]!.split(';')
        .slice(1)
        .map((a) => a.trim());
      expect(attributes.filter((a) => !a.startsWith('Max-Age=')).sort()).toEqual([...holder!.attributes].sort());
    });
  }
});
