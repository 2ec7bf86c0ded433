/**
 * What the browser tests record for the accessibility statement (published/accessibility.json,
 * served at /accessibility): each axe check (`expectNoAxeViolations` in e2e/support.ts) and each
 * page walked by keyboard (`tabUntilFocused`), as a test annotation of type
 * `ACCESSIBILITY_ANNOTATION` whose description is one `AxeCheck` as JSON. The reporter
 * (e2e/reporters/accessibility-reporter.ts) gathers them with each test's outcome.
 */

/** The annotation type the checks are recorded under. */
export const ACCESSIBILITY_ANNOTATION = 'accessibility-check';

/** One check: an axe run over a page in one state, or a page walked by keyboard alone. */
export type AxeCheck =
  | {
      kind: 'axe';
      /** The state checked, as the test names it (e.g. "card form after a decline"). */
      label: string;
      /** The page's path, ids as `{id}` (`pageTemplate`). */
      page: string;
      /** The document's `lang` and `dir`. */
      lang: string;
      dir: 'ltr' | 'rtl';
      /** False: the page as rendered without JavaScript. */
      javaScript: boolean;
      /** axe's WCAG 2.2 A/AA rules that passed, and those violated (the test fails on any). */
      rulesPassed: number;
      violations: number;
    }
  | { kind: 'keyboard'; label: string; page: string; lang: string };

/** One check with the outcome of the test that made it, as the reporter writes it. */
export type RecordedCheck = AxeCheck & { test: string; file: string; status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted' };

/**
 * The path of `url` with its ids as `{id}`: a segment with a digit and 8 characters or more (a
 * pay-in's `pi_…`, a session's, a UUID) or a number. `/payments/payin/pi_1a2b3c4d5e/card` →
 * `/payments/payin/{id}/card`. The origin and query are dropped.
 */
export function pageTemplate(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return url;
  }
  return pathname
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) || (segment.length >= 8 && /\d/.test(segment)) ? '{id}' : segment))
    .join('/');
}
