/**
 * The accessibility statement as published (published/accessibility.json, made from the
 * browser tests' results by scripts/publish/accessibility-statement.mjs): its shape, and the
 * reading of it. Sources: Directive (EU) 2019/882 (European Accessibility Act), Annex V;
 * EN 301 549 V3.2.1, clause 9; WCAG 2.2 AA. Server only.
 */
import 'server-only';
import { z } from 'zod';
import { readPublished } from './published-file';

/** One state of a page checked by axe: the test's label, the document's language and direction, with or without JavaScript. */
const CheckedState = z.object({
  label: z.string(),
  lang: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  javaScript: z.boolean(),
  rulesPassed: z.number().int().nonnegative(),
});

/** One page (its path, ids as `{id}`) and what the tests checked on it. */
const CheckedPage = z.object({
  page: z.string(),
  /** The payment page's id when it is one the statement must cover (card, apm, cashier, widget). */
  required: z.string().nullable(),
  axeChecks: z.number().int().nonnegative(),
  states: z.array(CheckedState),
  locales: z.array(z.string()),
  withoutJavaScript: z.boolean(),
  keyboard: z.boolean(),
  tests: z.number().int().nonnegative(),
});

/** The statement: when and on what it was tested, the totals and each page. */
export const AccessibilityStatement = z.object({
  testedAt: z.string(),
  commit: z.string().nullable(),
  buildId: z.string().nullable(),
  standard: z.string(),
  axeVersion: z.string(),
  totals: z.object({
    axeChecks: z.number().int().nonnegative(),
    violations: z.number().int().nonnegative(),
    tests: z.number().int().nonnegative(),
    pages: z.number().int().nonnegative(),
    locales: z.array(z.string()),
    keyboardTests: z.number().int().nonnegative(),
  }),
  pages: z.array(CheckedPage),
});
export type AccessibilityStatement = z.infer<typeof AccessibilityStatement>;

/** The published statement, or null when none has been made (the browser tests have not passed here). */
export const accessibilityStatement = (): AccessibilityStatement | null => readPublished('accessibility.json', AccessibilityStatement);
