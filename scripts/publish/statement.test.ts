import { describe, expect, it } from 'vitest';
import type { RecordedCheck } from '../../e2e/reporters/accessibility-record';
import { checkedPages, LOCALES, REQUIRED, StatementRefused } from './statement.mjs';

const axe = (
  page: string,
  lang: string,
  extra: { status?: RecordedCheck['status']; violations?: number; label?: string; javaScript?: boolean } = {},
): RecordedCheck => ({
  kind: 'axe',
  label: `${page} in ${lang}`,
  page,
  lang,
  dir: lang === 'ar' ? 'rtl' : 'ltr',
  javaScript: true,
  rulesPassed: 30,
  violations: 0,
  test: `test of ${page}`,
  file: 'e2e/x.spec.ts',
  status: 'passed',
  ...extra,
});
const covered = () => REQUIRED.flatMap(({ page }) => LOCALES.map((lang) => axe(page, lang)));

describe('the accessibility statement from the recorded checks', () => {
  it('lists every page, the required ones first, with their locales and keyboard walks', () => {
    const pages = checkedPages([
      ...covered(),
      axe('/payments/payin/{id}/status', 'en'),
      axe('/payments/payin/{id}/status', 'en', { label: 'status without JavaScript', javaScript: false }),
      { kind: 'keyboard', label: 'keyboard', page: '/cashier/{id}', lang: 'en', test: 't', file: 'e2e/k.spec.ts', status: 'passed' },
    ]);
    expect(pages.slice(0, 4).map((p) => p.required)).toEqual(expect.arrayContaining(['card', 'apm', 'cashier', 'widget']));
    const status = pages.find((p) => p.page === '/payments/payin/{id}/status');
    expect(status).toMatchObject({ required: null, axeChecks: 2, withoutJavaScript: true, keyboard: false, locales: ['en'] });
    expect(pages.find((p) => p.page === '/cashier/{id}')).toMatchObject({ keyboard: true, locales: ['ar', 'en'] });
  });

  it('is refused when a test that checks accessibility failed, even on a check that passed before it', () => {
    const checks = covered();
    checks[0] = axe('/payments/payin/{id}/card', 'en', { status: 'failed' });
    expect(() => checkedPages(checks)).toThrow(StatementRefused);
    expect(() => checkedPages(checks)).toThrow(/1 check\(s\) failed/);
  });

  it('is refused on a violation, and when a required page was not checked in Arabic', () => {
    const violated = [...covered(), axe('/payments/payin/{id}/apm', 'ar', { violations: 2 })];
    expect(() => checkedPages(violated)).toThrow(StatementRefused);
    const noArabic = covered().filter((c) => !(c.page === '/cashier/{id}/widget' && c.lang === 'ar'));
    expect(() => checkedPages(noArabic)).toThrow('no axe check of /cashier/{id}/widget in ar');
  });
});
