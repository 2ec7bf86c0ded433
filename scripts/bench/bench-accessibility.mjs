/**
 * Lighthouse accessibility (mobile) of the card page and the cashier in each seeded theme
 * ("Lighthouse accessibility 1.0 on the card page and the cashier in two themes"):
 * light (Demo Shop), a corrected light (Other Shop: #38bdf8 fails contrast on white) and dark
 * (Night Owl Games). Prints one row per page and theme, with the failing audits if any.
 *
 *   npm run build && npm run bench:a11y
 *
 * Starts `next start` on port 3202 with its own sandbox data under .data/bench-a11y; the
 * reports go to bench-results/a11y-{page}-{theme}.json.
 */
import { budget, lighthouse } from './bench-support.mjs';
import { startServer } from '../support/production-server.mjs';
import { createPayin, createSession } from '../support/sandbox-merchant.mjs';
import { launch } from '../support/launch.mjs';

const THEMES = [
  ['light', 'sbx_demo_merchant'],
  ['corrected', 'sbx_other_merchant'],
  ['dark', 'sbx_night_merchant'],
];

const { origin, server } = await startServer('bench-a11y', Number(process.env.BENCH_PORT ?? 3202));
let worst = 1;
try {
  // Every transaction first: a keep-alive socket idle during a Lighthouse run may be closed by the server.
  const runs = [];
  for (const [theme, token] of THEMES) {
    runs.push([theme, 'card', (await createPayin(origin, token)).iframeUrls.card]);
    // The cashier as the browser that opened its launch address (and so holds it).
    const cashier = await launch((await createSession(origin, token)).checkoutUrl);
    runs.push([theme, 'cashier', cashier.url, cashier.cookie]);
  }
  console.log('page     theme      accessibility  failing audits');
  for (const [theme, name, url, cookie] of runs) {
    const { lhr } = lighthouse(url, ['accessibility'], `a11y-${name}-${theme}`, cookie);
    const score = lhr.categories.accessibility.score;
    worst = Math.min(worst, score);
    const failing = lhr.categories.accessibility.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable',
      )
      .map((audit) => audit.id);
    console.log(`${name.padEnd(8)} ${theme.padEnd(10)} ${String(score).padEnd(14)} ${failing.join(', ') || '-'}`);
  }
  budget('lowest Lighthouse accessibility score', worst, 1, { atMost: false });
} finally {
  server.kill('SIGTERM');
}
