/**
 * The header fuzz (lib/testing/header-fuzz.ts): long and malformed headers and `?locale=` on every
 * page and route of the production build, with a probe beside them: no 5xx, and no stall of the
 * server's event loop. A stall is timed from outside, so this spec runs in a project of its own
 * (playwright.config.ts, `alone`) after every other spec: a second worker's browser and server on
 * a 2-core machine stretch a probe past the limit with no stall in this server (581 ms seen beside
 * the KSA specs, 61–157 ms alone).
 */
import { expect, test } from './fixtures';
// Before the header fuzz's helpers: they reach server modules guarded by `server-only`.
import { runHeaderFuzz, stallLimitMs } from '../lib/testing/header-fuzz';
import { CHECKOUT_ORIGIN, createPayin, createSession } from './support';

test('header fuzz: long and malformed X-Forwarded-For, User-Agent, Origin, Accept-Language and locale: no 5xx, no stall', async () => {
  test.setTimeout(120_000);
  const payin = await createPayin(null as never);
  const session = await createSession(null as never, { balance: 100 });
  const report = await runHeaderFuzz(CHECKOUT_ORIGIN, 300, 5, {
    paymentId: payin.paymentId,
    payoutId: 'unknown_id',
    sessionId: session.sessionId,
  });
  console.info(
    `header fuzz: ${JSON.stringify(report.byClass)}; 5xx ${report.serverErrors.length}; probe median ${report.medianProbeMs} ms, ` +
      `slowest ${report.longestProbeMs} ms, quiet median ${report.quietMedianProbeMs} ms (stall limit ${stallLimitMs(report)} ms)`,
  );
  expect(report.serverErrors).toEqual([]);
  // A stall is a ratio to this run's quiet probes (lib/testing/header-fuzz.ts, STALL_RATIO and STALL_FLOOR_MS), not a fixed time.
  expect(report.longestProbeMs).toBeLessThan(stallLimitMs(report));
});
