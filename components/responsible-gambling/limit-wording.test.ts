/**
 * Only a gross deposit limit is called a deposit limit (UKGC RTS 12B; docs/design.md, section 8):
 * in every catalogue, what heads or asks for the three kinds together (the limits' heading, the
 * question before a first deposit) and a refusal that any kind may cause (the card page's, the
 * cashier's when the binding kind is unknown) never uses the deposit kind's own name, and the
 * lines of deposit limits, listed under that heading beside loss and net deposit limits, name it.
 */
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@hosted-checkout/contract/locales';

type Catalogue = { [key: string]: string | Catalogue };
const load = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Catalogue;
const at = (c: Catalogue, path: string): string => {
  const value = path.split('.').reduce<string | Catalogue | undefined>((v, k) => (typeof v === 'object' ? v[k] : undefined), c);
  if (typeof value !== 'string') throw new Error(`no message ${path}`);
  return value;
};
const text = (c: Catalogue, locale: string, path: string, values: Record<string, string> = {}) =>
  String(new IntlMessageFormat(at(c, path), locale).format(values)).toLocaleLowerCase(locale);

/** The messages shown over every kind of limit at once. */
const OVER_EVERY_KIND = [
  'responsibleGambling.limitsHeading',
  'responsibleGambling.promptAsk',
  'errors.depositLimit',
  'cashier.errors.aboveLimitNow',
];

describe('the name "deposit limit" is the gross deposit limit’s only', () => {
  it.each(LOCALES)('%s: the heading, the question and the refusals of any kind do not call every limit a deposit limit', (locale) => {
    const c = load(locale);
    const depositLimits = text(c, locale, 'responsibleGambling.kindHeading', { kind: 'deposit' });
    for (const path of OVER_EVERY_KIND) expect(text(c, locale, path), path).not.toContain(depositLimits);
    expect(text(c, locale, 'responsibleGambling.limitsHeading')).not.toBe(depositLimits);
  });

  it('en: says "limits" over every kind, and "deposit limit" on each deposit limit’s line', () => {
    const c = load('en');
    for (const path of OVER_EVERY_KIND) expect(text(c, 'en', path), path).not.toMatch(/deposit limit/);
    expect(text(c, 'en', 'responsibleGambling.limitsHeading')).toBe('your limits');
    expect(text(c, 'en', 'responsibleGambling.promptAsk')).toContain('limits on your deposits or losses');
    const values = { period: 'day', amount: '€50.00', date: '1 Dec', from: '€50.00', to: '€80.00' };
    for (const key of ['limitLine', 'pendingLine', 'pendingRemoval', 'readyLine', 'readyRemoval', 'changeNow', 'changeLater'])
      expect(text(c, 'en', `responsibleGambling.${key}`, values), key).toContain('daily deposit limit');
  });
});
