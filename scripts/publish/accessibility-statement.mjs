/**
 * The accessibility statement, made from the browser tests' own results: reads the checks the
 * last run recorded (test-results/accessibility-checks.json, e2e/reporters/accessibility-reporter.ts)
 * and writes published/accessibility.json, which the app serves at /accessibility
 * (lib/published/accessibility-statement.ts). Nothing in it is written by hand but the list of
 * what must be covered (scripts/publish/statement.mjs, `REQUIRED`).
 *
 * Refuses to write it (exit 1, saying why) when a test that checks accessibility failed, when a
 * check found a violation, or when a required page lacks an axe check in a required locale:
 * a failing accessibility test fails the statement. Also writes the copy the built server reads
 * (.next/standalone/published/) when there is a build.
 *
 *   npm run test:e2e && npm run statement        # npm test runs it after the browser tests
 *
 * Sources: Directive (EU) 2019/882 (the European Accessibility Act, applied from 28 June 2025),
 * Annex V; EN 301 549 V3.2.1, clause 9 (web content: WCAG 2.1 AA), WCAG 2.2 AA.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { checkedPages, StatementRefused } from './statement.mjs';

const CHECKS = 'test-results/accessibility-checks.json';
const OUT = 'published/accessibility.json';
const BUILT = '.next/standalone/published/accessibility.json';

const fail = (message) => {
  console.error(`accessibility statement not written: ${message}`);
  process.exit(1);
};

if (!existsSync(CHECKS)) fail(`${CHECKS} is missing: run the browser tests first (npm run test:e2e)`);
const { finishedAt, checks } = JSON.parse(readFileSync(CHECKS, 'utf8'));
let pages = [];
try {
  pages = checkedPages(checks);
} catch (error) {
  if (!(error instanceof StatementRefused)) throw error;
  fail(error.message);
}
const axe = checks.filter((check) => check.kind === 'axe');

const git = (...args) => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};
let buildId = null;
try {
  buildId = readFileSync('.next/BUILD_ID', 'utf8').trim();
} catch {
  // no build: the run was against another server
}
const statement = {
  testedAt: finishedAt,
  commit: git('rev-parse', '--short=12', 'HEAD'),
  buildId,
  standard: 'WCAG 2.2 AA',
  axeVersion: JSON.parse(readFileSync('node_modules/axe-core/package.json', 'utf8')).version,
  totals: {
    axeChecks: axe.length,
    violations: 0,
    tests: new Set(checks.map((c) => `${c.file}: ${c.test}`)).size,
    pages: pages.length,
    locales: [...new Set(axe.map((c) => c.lang))].sort(),
    keyboardTests: new Set(checks.filter((c) => c.kind === 'keyboard').map((c) => `${c.file}: ${c.test}`)).size,
  },
  pages,
};
const text = `${JSON.stringify(statement, null, 2)}\n`;
mkdirSync('published', { recursive: true });
writeFileSync(OUT, text);
if (existsSync('.next/standalone/server.js')) {
  mkdirSync('.next/standalone/published', { recursive: true });
  writeFileSync(BUILT, text);
}
console.log(
  `accessibility statement: ${axe.length} axe checks (0 violations) in ${statement.totals.tests} tests, ${pages.length} pages, locales ${statement.totals.locales.join(' ')} → ${OUT}`,
);
