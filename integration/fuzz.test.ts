/**
 * The fuzz suite, bounded for `npm test` (`npm run fuzz` runs it longer and prints its figures):
 * no request or form of the fuzz gets a 5xx, and the event loop never stalls for 100 ms.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxDb } from '@sandbox/service/core/store';
import { runFuzz } from './fuzz';

beforeAll(async () => {
  await sandboxDb();
  // Warm up the router and the database (first queries compile).
  await runFuzz(20, 99);
});

describe('fuzz', () => {
  it('answers every fuzzed request with a 2xx to 4xx, without a 100 ms stall', async () => {
    const cases = Number(process.env.FUZZ_CASES ?? 300);
    const report = await runFuzz(cases, Number(process.env.FUZZ_SEED ?? 7));
    console.info(
      `fuzz: ${report.cases} cases tried (${cases} router requests, ${cases} server-action forms, ${cases} SRC browser API requests); by class ${JSON.stringify(report.byClass)}; ` +
        `5xx: ${report.serverErrors.length}; longest event-loop stall: ${report.longestStallMs} ms`,
    );
    expect(report.serverErrors).toEqual([]);
    expect(report.byClass['4xx']).toBeGreaterThan(cases / 2);
    expect(report.byClass['src 4xx']).toBeGreaterThan(cases / 4);
    expect(report.longestStallMs).toBeLessThan(100);
  }, 1_800_000);
});
