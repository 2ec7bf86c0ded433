/**
 * Writes the static twins of the customer's clock (docs/performance.md, "The customer's clock"):
 * scripts/bench/static-twins/{card,apm,cashier,widget}.html, each the visible form of its page
 * as the production build renders it in English at 390 px (after its scripts ran): the page's
 * own markup without scripts, the framework's hidden action fields and nonces, and the build's
 * stylesheets inline in one <style>; no script, no request but the document. Then screenshots
 * page and twin at 390 px and prints the share of pixels that differ (the order reference of a
 * new pay-in differs by design).
 *
 *   npm run build && npx tsx scripts/bench/make-static-twins.mjs
 *
 * Starts the build on port BENCH_PORT (default 3240) with sandbox data under .data/bench-twins.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { PNG } from 'pngjs';
import { chromeArgs, chromePath } from './bench-support.mjs';
import { CLOCK_PAGES, openClockPages, serveStaticTwins } from './clock-pages.mjs';
import { startServer } from '../support/production-server.mjs';

const port = Number(process.env.BENCH_PORT ?? 3240);
const viewport = { width: 390, height: 844 };

/** A browser context as a phone in English, holding the page of `cookie` (a Cookie header) when given. */
async function phone(browser, origin, cookie) {
  const context = await browser.newContext({ viewport, locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en' } });
  if (cookie) {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: origin }]);
  }
  return context;
}

/** The twin's HTML of the page open in `page`: its markup after its scripts ran, scripts removed, CSS inline. */
async function twinOf(page) {
  const { lang, dir, title, hrefs, body } = await page.evaluate(() => {
    const clone = document.body.cloneNode(true);
    for (const node of clone.querySelectorAll('script, next-route-announcer, input[type=hidden][name^="$ACTION"]')) node.remove();
    for (const node of clone.querySelectorAll('[nonce]')) node.removeAttribute('nonce');
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      title: document.title,
      hrefs: [...document.querySelectorAll('link[rel=stylesheet]')].map((link) => link.href),
      body: clone.outerHTML,
    };
  });
  const css = [];
  for (const href of hrefs) css.push(await (await page.request.get(href)).text());
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>`,
    `<title>${title}</title><style>${css.join('\n')}</style></head>`,
    `${body}</html>`,
    '',
  ].join('\n');
}

/** Share of the pixels of two PNG screenshots that differ (the larger size counted, the surplus as different). */
function differingShare(a, b) {
  const [one, two] = [PNG.sync.read(a), PNG.sync.read(b)];
  const width = Math.max(one.width, two.width);
  const height = Math.max(one.height, two.height);
  let differing = 0;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      if (x >= one.width || x >= two.width || y >= one.height || y >= two.height) {
        differing += 1;
        continue;
      }
      const i = (one.width * y + x) * 4;
      const j = (two.width * y + x) * 4;
      if (
        Math.abs(one.data[i] - two.data[j]) + Math.abs(one.data[i + 1] - two.data[j + 1]) + Math.abs(one.data[i + 2] - two.data[j + 2]) >
        24
      )
        differing += 1;
    }
  return differing / (width * height);
}

const { origin, server } = await startServer('bench-twins', port);
const twins = await serveStaticTwins(port + 1);
const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
try {
  const pages = await openClockPages(origin);
  for (const name of CLOCK_PAGES) {
    const context = await phone(browser, origin, pages[name].cookie);
    const page = await context.newPage();
    await page.goto(pages[name].url, { waitUntil: 'networkidle' });
    writeFileSync(new URL(`static-twins/${name}.html`, import.meta.url), await twinOf(page));
    const real = await page.screenshot({ fullPage: true });
    await page.goto(`${twins.origin}/${name}.html`, { waitUntil: 'load' });
    const twin = await page.screenshot({ fullPage: true });
    console.log(
      `${name.padEnd(8)} twin written; pixels differing from the page at 390 px: ${(100 * differingShare(real, twin)).toFixed(2)} %`,
    );
    if (process.env.TWIN_SCREENSHOTS) {
      writeFileSync(`${process.env.TWIN_SCREENSHOTS}/${name}-page.png`, real);
      writeFileSync(`${process.env.TWIN_SCREENSHOTS}/${name}-twin.png`, twin);
    }
    await context.close();
  }
} finally {
  await browser.close();
  twins.close();
  server.kill('SIGTERM');
}
