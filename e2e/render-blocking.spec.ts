/**
 * The customer's clock (docs/performance.md, "The customer's clock"): the card page's document
 * carries no render-blocking request that its static twin (scripts/bench/static-twins/card.html,
 * the same form with its CSS inline and no script) does not. Render-blocking, as browsers treat
 * a document: a `<link rel=stylesheet>` whose media matches (none given matches all), and a
 * `<script src>` in the head that is neither async, defer, a module nor nomodule (a module
 * defers; a nomodule script is not even fetched by a browser that runs modules). Both documents
 * are parsed by the browser's own parser (DOMParser: no request made, no script run); a failure
 * names the blocking requests by URL.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { createPayin } from './support';

/** The render-blocking requests of `html` (a document at `base`), as paths with their queries, in document order. */
async function renderBlocking(page: Page, html: string, base: string): Promise<string[]> {
  return page.evaluate(
    ([source, baseUrl]) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      const at = (href: string) => {
        const url = new URL(href, baseUrl);
        return `${url.pathname}${url.search}`;
      };
      const blocking: string[] = [];
      for (const element of doc.querySelectorAll('link[rel~="stylesheet" i][href], head script[src]')) {
        if (element instanceof HTMLLinkElement) {
          if (element.disabled) continue;
          const media = element.getAttribute('media');
          if (media && !window.matchMedia(media).matches) continue;
          blocking.push(at(element.getAttribute('href') ?? ''));
        } else if (element instanceof HTMLScriptElement) {
          if (element.async || element.defer || element.noModule || element.type === 'module') continue;
          blocking.push(at(element.getAttribute('src') ?? ''));
        }
      }
      return blocking;
    },
    [html, base] as const,
  );
}

test('the card page’s document blocks its first paint on nothing its static twin does not', async ({ page, request }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) refused.push(message.text());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  const payin = await createPayin(request);
  const answer = await request.get(payin.iframeUrls.card, { headers: { 'Accept-Language': 'en' } });
  expect(answer.status()).toBe(200);
  const card = await renderBlocking(page, await answer.text(), payin.iframeUrls.card);
  const twin = await renderBlocking(page, readFileSync('scripts/bench/static-twins/card.html', 'utf8'), 'http://localhost/');
  expect(twin, 'the static twin blocks on nothing').toEqual([]);
  const extra = card.filter((url) => !twin.includes(url));
  console.log(`render-blocking requests of the card page beyond its twin's: ${extra.join(', ') || 'none'}`);
  // The build's stylesheet is inline (next.config.mjs, `experimental.inlineCss`), admitted by
  // its CSP hash (lib/framing/inline-style-hashes.ts): nothing stands between the document and
  // its first paint, as in the twin.
  expect(extra).toEqual([]);
  // And the inline stylesheet applies under the page's strict CSP: the Pay button wears the
  // theme's primary colour, not the browser's default grey, and no style was refused.
  await page.goto(payin.iframeUrls.card);
  await expect(page.getByRole('button', { name: /^Pay/ })).not.toHaveCSS('background-color', 'rgb(239, 239, 239)');
  expect(await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href).length), 'no stylesheet request').toBe(0);
  expect(refused, 'styles refused by the CSP').toEqual([]);
});
