/**
 * Card page benchmark (design brief, section 7): prints
 * 1. the card page's own JavaScript: gzip bytes a browser downloads for the card page beyond
 *    what an empty page of the same build (a 404 page) downloads, measured in Chromium;
 * 2. Lighthouse mobile performance and accessibility scores of the card page.
 *
 * Needs a production build (`npm run build`). Run: `npm run bench:card-page`.
 * Starts `next start` on port 3200 with its own sandbox data under .data/bench, writes the
 * Lighthouse report to bench-results/. Lighthouse comes from the npm registry through npx
 * (lighthouse@12, which runs on Node 20) and drives Debian's Chromium (CHROME_PATH).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { chromium } from '@playwright/test';

const port = Number(process.env.BENCH_PORT ?? 3200);
const origin = `http://localhost:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

if (!existsSync('.next/BUILD_ID')) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

rmSync('.data/bench', { recursive: true, force: true });
const server = spawn('node_modules/.bin/next', ['start', '-p', String(port)], {
  env: { ...process.env, PORT: String(port), CHECKOUT_URL: origin, SANDBOX_DATA_DIR: '.data/bench/db', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

async function createPayin() {
  const response = await fetch(`${origin}/sandbox/api/public/payin`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sbx_demo_merchant', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      orderId: `bench-${Date.now()}`,
      amount: 25.5,
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
      customer: JSON.parse(readFileSync('lib/sandbox/sample-customer.json', 'utf8')),
      returnUrls: { success: 'https://example.com/ok', failure: 'https://example.com/ko' },
    }),
  });
  if (!response.ok) throw new Error(`create pay-in: ${response.status}`);
  return response.json();
}

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

try {
  await waitForServer();
  const payin = await createPayin();
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

  if (process.env.SKIP_LIGHTHOUSE !== '1') {
    mkdirSync('bench-results', { recursive: true });
    const report = 'bench-results/lighthouse-card.json';
    const result = spawnSync(
      'npx',
      [
        '-y',
        'lighthouse@12.8.2',
        payin.iframeUrls.card,
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        `--chrome-flags=--headless=new ${chromeArgs.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (result.status !== 0) throw new Error(`lighthouse exited ${result.status}`);
    const lhr = JSON.parse(readFileSync(report, 'utf8'));
    const metric = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
    console.log(`lighthouse (mobile): performance ${lhr.categories.performance.score}, accessibility ${lhr.categories.accessibility.score}`);
    console.log(`  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`);
    console.log(`  report: ${report}`);
  }
} finally {
  server.kill('SIGTERM');
}
