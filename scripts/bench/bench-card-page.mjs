/**
 * Card page benchmark (docs/design.md, section 7): prints
 * 1. the card page's own JavaScript: gzip bytes a browser downloads for the card page beyond
 *    what an empty page of the same build (a 404 page) downloads, measured in Chromium;
 * 2. Lighthouse mobile performance and accessibility scores of the card page.
 *
 * Needs a production build (`npm run build`). Run: `npm run bench:card-page`.
 * Starts `next start` on port 3200 with its own sandbox data under .data/bench, writes the
 * Lighthouse report to bench-results/. Lighthouse is a locked dev dependency (lighthouse@12,
 * which runs on Node 20) and drives Debian's Chromium (CHROME_PATH). Exits 1 when a budget is
 * missed: own JavaScript ≤ 30 KB compressed, performance ≥ 0.9, accessibility 1.
 */
import { chromium } from '@playwright/test';
import { budget, chromeArgs, chromePath, lighthouse } from './bench-support.mjs';
import { startServer } from '../support/production-server.mjs';
import { createPayin } from '../support/sandbox-merchant.mjs';

const port = Number(process.env.BENCH_PORT ?? 3200);

/** Compressed bytes of every script the page loads, by URL. */
async function scriptBytes(browser, url) {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    scripts.set(request.url(), sizes.responseBodySize);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return scripts;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const { origin, server } = await startServer('bench', port);
try {
  const payin = await createPayin(origin);
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
  const empty = await scriptBytes(browser, `${origin}/no-such-page`);
  const card = await scriptBytes(browser, payin.iframeUrls.card);
  await browser.close();
  const own = [...card].filter(([url]) => !empty.has(url));
  const ownBytes = own.reduce((sum, [, bytes]) => sum + bytes, 0);
  const emptyBytes = [...empty.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`empty page (404) scripts: ${empty.size}, ${kb(emptyBytes)} compressed`);
  console.log(`card page own scripts:    ${own.length}, ${kb(ownBytes)} compressed (budget 30 KB)`);
  for (const [url, bytes] of own) console.log(`  ${kb(bytes).padStart(9)}  ${new URL(url).pathname}`);
  budget('card page own JavaScript (compressed)', Number((ownBytes / 1024).toFixed(1)), 30, { unit: ' KB' });

  if (process.env.SKIP_LIGHTHOUSE !== '1') {
    const { lhr, report } = lighthouse(payin.iframeUrls.card, ['performance', 'accessibility'], 'lighthouse-card');
    const metric = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
    console.log(
      `lighthouse (mobile): performance ${lhr.categories.performance.score}, accessibility ${lhr.categories.accessibility.score}`,
    );
    console.log(
      `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    );
    console.log(`  report: ${report}`);
    budget('Lighthouse mobile performance', lhr.categories.performance.score, 0.9, { atMost: false });
    budget('Lighthouse accessibility', lhr.categories.accessibility.score, 1, { atMost: false });
  }
} finally {
  server.kill('SIGTERM');
}
