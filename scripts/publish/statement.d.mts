/** Types of scripts/publish/statement.mjs (the accessibility statement's rules). */
import type { RecordedCheck } from '../../e2e/reporters/accessibility-record';

/** A page of the statement, as published (lib/published/accessibility-statement.ts reads it). */
export interface StatementPage {
  page: string;
  required: string | null;
  axeChecks: number;
  states: { label: string; lang: string; dir: 'ltr' | 'rtl'; javaScript: boolean; rulesPassed: number }[];
  locales: string[];
  withoutJavaScript: boolean;
  keyboard: boolean;
  tests: number;
}

export const REQUIRED: { id: string; page: string }[];
export const LOCALES: string[];
export class StatementRefused extends Error {}
export function checkedPages(checks: readonly RecordedCheck[]): StatementPage[];
