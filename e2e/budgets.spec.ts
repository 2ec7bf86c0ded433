/**
 * Budgets of the build the tests run on (docs/design.md, section 7), as tests:
 * - each payment page's own JavaScript: the compressed bytes its scripts weigh beyond what an
 *   empty page of the same build (a 404 page) loads, the framework's floor: card and APM ≤ 30 KB,
 *   the cashier ≤ 26 KB (it shows a deposit's 3-D Secure challenge itself: docs/performance.md), the widget ≤ 25 KB;
 * - no client chunk holds a server module: none of the configuration's variable names (lib/config.ts,
 *   CARD_HASH_KEY, PAYMENTS_API_TOKEN…) is in any file under .next/static, where a client
 *   component that reached the configuration would put its schema.
 * - Click to Pay's code: only on a page that offers it, and at most 10 KB beyond a plain card page's.
 * Paying without JavaScript is held by e2e/card-payin-access.spec.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { createPayin, createSession } from './support';

const KB = 1024;

/** Compressed bytes of every script `url` loads, by URL, with the browser's cache off (every script counted as downloaded). */
async function scriptBytes(page: Page, url: string): Promise<Map<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const sizes: Promise<[string, number]>[] = [];
  const listener = (request: import('./fixtures').Request) => {
    if (request.resourceType() === 'script')
      sizes.push(request.sizes().then((s) => [request.url(), s.responseBodySize] as [string, number]));
  };
  page.on('requestfinished', listener);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('requestfinished', listener);
  await cdp.detach();
  return new Map(await Promise.all(sizes));
}

/** The page's own JavaScript: KB of the scripts the empty page does not load. */
async function ownKb(page: Page, url: string): Promise<number> {
  const floor = await scriptBytes(page, '/no-such-page');
  const scripts = await scriptBytes(page, url);
  const own = [...scripts].filter(([script]) => !floor.has(script));
  expect(own.length, `${url} loads scripts of its own`).toBeGreaterThan(0);
  return own.reduce((sum, [, bytes]) => sum + bytes, 0) / KB;
}

test('each payment page’s own JavaScript stays within its budget', async ({ page, request }) => {
  const payin = await createPayin(request);
  const card = await ownKb(page, payin.iframeUrls.card);
  const apm = await ownKb(page, payin.iframeUrls.apm);
  const session = await createSession(request, { balance: 100 });
  // Launched first: the page then shows the cashier itself, not the launch step.
  await page.goto(session.checkoutUrl);
  await page.waitForURL((address) => !address.searchParams.has('launch'));
  const cashier = await ownKb(page, page.url());
  await page.goto(session.widgetUrl);
  await page.waitForURL((address) => !address.searchParams.has('launch'));
  const widget = await ownKb(page, page.url());
  console.log(
    `own JavaScript (KB, compressed): card ${card.toFixed(1)}, APM ${apm.toFixed(1)}, cashier ${cashier.toFixed(1)}, widget ${widget.toFixed(1)}`,
  );
  expect(card, 'card page').toBeLessThanOrEqual(30);
  expect(apm, 'APM page').toBeLessThanOrEqual(30);
  expect(cashier, 'cashier').toBeLessThanOrEqual(26);
  expect(widget, 'widget').toBeLessThanOrEqual(25);
});

test('Click to Pay’s code loads only where it is offered, within 10 KB', async ({ page, request }) => {
  const plain = await scriptBytes(page, (await createPayin(request)).iframeUrls.card);
  const srcCalls: string[] = [];
  page.on('request', (r) => void (r.url().includes('/sandbox/src/api/') && srcCalls.push(r.url())));
  // The Ticket Hall offers Click to Pay (its customer has no profile: the panel's code loads, and shows nothing).
  const offering = await createPayin(request, {}, 'sbx_c2p_merchant');
  const offered = await scriptBytes(page, offering.iframeUrls.card);
  const own = [...offered].filter(([script]) => !plain.has(script)).reduce((sum, [, bytes]) => sum + bytes, 0) / KB;
  console.log(`Click to Pay's own JavaScript (KB, compressed): ${own.toFixed(1)}`);
  expect(own, 'the offering page loads Click to Pay’s code').toBeGreaterThan(0);
  expect(own).toBeLessThanOrEqual(10);
  expect(srcCalls.length, 'the panel asked the SRC system').toBeGreaterThan(0);
});

test('no client chunk holds the server’s configuration', () => {
  // The process's variables: the checkout's, the runtime's and the sandbox's schemas.
  const schemas = ['lib/config.ts', 'packages/runtime/src/config.ts', 'packages/runtime/src/sandbox-env.ts'];
  const names = schemas.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9]*_[A-Z0-9_]+): /gm)].map((m) => m[1]!),
  );
  expect(names).toEqual(expect.arrayContaining(['CARD_HASH_KEY', 'PAYMENTS_API_TOKEN', 'DATABASE_URL']));
  const files = (function walk(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : /\.js$/.test(name) ? [full] : [];
    });
  })('.next/static');
  expect(files.length).toBeGreaterThan(5);
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const name of names) if (new RegExp(`\\b${name}\\b`).test(text)) found.push(`${file}: ${name}`);
  }
  expect(found).toEqual([]);
});
