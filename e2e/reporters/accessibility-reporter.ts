/**
 * A Playwright reporter: gathers the accessibility checks the browser tests record
 * (e2e/reporters/accessibility-record.ts) with each test's final outcome, and writes them to
 * test-results/accessibility-checks.json at the end of the run. `npm run statement`
 * (scripts/publish/accessibility-statement.mjs) makes the published statement from that file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { ACCESSIBILITY_ANNOTATION, type AxeCheck, type RecordedCheck } from './accessibility-record';

/** Where the run's checks are written. */
export const CHECKS_FILE = 'test-results/accessibility-checks.json';

export default class AccessibilityReporter implements Reporter {
  /** The last attempt of each test (a retried test's final outcome stands). */
  private readonly last = new Map<string, RecordedCheck[]>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const checks = result.annotations
      .filter((annotation) => annotation.type === ACCESSIBILITY_ANNOTATION && annotation.description)
      .map((annotation) => JSON.parse(annotation.description as string) as AxeCheck);
    // A test that failed before its first check still counts: it is recorded with no check.
    this.last.set(
      test.id,
      checks.map((check) => ({
        ...check,
        test: test.titlePath().slice(1).join(' › '),
        file: path.relative(process.cwd(), test.location.file),
        status: result.status,
      })),
    );
  }

  onEnd(): void {
    mkdirSync(path.dirname(CHECKS_FILE), { recursive: true });
    const checks = [...this.last.values()].flat();
    writeFileSync(CHECKS_FILE, `${JSON.stringify({ finishedAt: new Date().toISOString(), checks }, null, 1)}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
