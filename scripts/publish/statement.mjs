/**
 * The accessibility statement's rules, apart from its files (scripts/publish/accessibility-statement.mjs):
 * what it must cover, when it is refused, and the pages it lists, from the checks the browser
 * tests recorded (e2e/reporters/accessibility-record.ts: `RecordedCheck`).
 */

/** The payment pages the statement must cover, each with an axe check in every one of `LOCALES`. */
export const REQUIRED = [
  { id: 'card', page: '/payments/payin/{id}/card' },
  { id: 'apm', page: '/payments/payin/{id}/apm' },
  { id: 'cashier', page: '/cashier/{id}' },
  { id: 'widget', page: '/cashier/{id}/widget' },
];
/** The locales every required page is checked in: a left-to-right and a right-to-left one. */
export const LOCALES = ['en', 'ar'];

/** Why a statement is not made: a failed check, a violation, or a required page not checked in a locale. */
export class StatementRefused extends Error {}

/**
 * The pages of the statement from the run's `checks` (RecordedCheck[]): each page with its axe
 * checks, states, locales, whether it was checked without JavaScript and walked by keyboard;
 * required pages first, then by number of checks. Throws `StatementRefused` when a test that
 * recorded a check did not pass, a check found a violation, or a `REQUIRED` page lacks an axe
 * check in one of `LOCALES`.
 */
export function checkedPages(checks) {
  const failed = checks.filter((check) => check.status !== 'passed' || (check.kind === 'axe' && check.violations > 0));
  if (failed.length > 0) {
    const tests = [...new Set(failed.map((c) => `  ${c.file}: ${c.test} (${c.label}, ${c.status})`))];
    throw new StatementRefused(`${failed.length} check(s) failed:\n${tests.join('\n')}`);
  }
  const axe = checks.filter((check) => check.kind === 'axe');
  const missing = REQUIRED.flatMap(({ page }) =>
    LOCALES.filter((lang) => !axe.some((check) => check.page === page && check.lang.split('-')[0] === lang)).map(
      (lang) => `${page} in ${lang}`,
    ),
  );
  if (missing.length > 0) throw new StatementRefused(`no axe check of ${missing.join(', ')}`);
  return [...new Set(checks.map((check) => check.page))]
    .map((page) => {
      const own = axe.filter((check) => check.page === page);
      const states = [...new Map(own.map((c) => [`${c.label}|${c.lang}|${c.javaScript}`, c])).values()].map((c) => ({
        label: c.label,
        lang: c.lang,
        dir: c.dir,
        javaScript: c.javaScript,
        rulesPassed: c.rulesPassed,
      }));
      return {
        page,
        required: REQUIRED.find((r) => r.page === page)?.id ?? null,
        axeChecks: own.length,
        states,
        locales: [...new Set(own.map((c) => c.lang))].sort(),
        withoutJavaScript: own.some((c) => !c.javaScript),
        keyboard: checks.some((c) => c.kind === 'keyboard' && c.page === page),
        tests: new Set(checks.filter((c) => c.page === page).map((c) => `${c.file}: ${c.test}`)).size,
      };
    })
    .filter((page) => page.axeChecks > 0 || page.keyboard)
    .sort((a, b) => Number(b.required !== null) - Number(a.required !== null) || b.axeChecks - a.axeChecks);
}
