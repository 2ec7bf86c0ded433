/**
 * `npm run fuzz`, part 2: the header fuzz (lib/testing/header-fuzz.ts) against the production
 * build started on port 3230 with its own sandbox data: long and malformed X-Forwarded-For,
 * User-Agent, Origin, Accept-Language, prefetch headers and ?locale= on every kind of route.
 * Prints the figures; exits 1 on any 5xx or a stalled event loop: a probe slower than the run's
 * own stall limit (STALL_RATIO times its quiet probes' median, at least STALL_FLOOR_MS).
 * Loopback only. FUZZ_HEADER_CASES (default 2000) and FUZZ_SEED choose the run.
 */
import { startServer } from '../support/production-server.mjs';
import { createPayin, createSession } from '../support/sandbox-merchant.mjs';
import { runHeaderFuzz, stallLimitMs } from '../../lib/testing/header-fuzz.ts';

const cases = Number(process.env.FUZZ_HEADER_CASES ?? 2000);
const { origin, server } = await startServer('fuzz-headers', 3230);
try {
  const payin = await createPayin(origin);
  const session = await createSession(origin);
  // Warm the routes first: a first render compiles nothing in production, but loads modules.
  await runHeaderFuzz(origin, 30, 1, { paymentId: payin.paymentId, payoutId: 'unknown_id', sessionId: session.sessionId });
  const report = await runHeaderFuzz(origin, cases, Number(process.env.FUZZ_SEED ?? 11), {
    paymentId: payin.paymentId,
    payoutId: 'unknown_id',
    sessionId: session.sessionId,
  });
  console.log(
    `header fuzz: ${report.cases} requests; by class ${JSON.stringify(report.byClass)}; 5xx: ${report.serverErrors.length}; ` +
      `probe (/api/health, beside the fuzz) median ${report.medianProbeMs} ms, slowest ${report.longestProbeMs} ms; ` +
      `quiet probes' median ${report.quietMedianProbeMs} ms, stall limit ${stallLimitMs(report)} ms`,
  );
  for (const error of report.serverErrors.slice(0, 10)) console.log(`  ${error.status}: ${error.request}`);
  if (report.serverErrors.length > 0 || report.longestProbeMs >= stallLimitMs(report)) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
