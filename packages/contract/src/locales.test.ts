import { describe, expect, it } from 'vitest';
import { directionOf, resolveLocale } from './locales';

describe('locale resolution', () => {
  it('takes ?locale= first, then Accept-Language, then en', () => {
    expect(resolveLocale('ar', 'de-DE,de;q=0.9')).toBe('ar');
    expect(resolveLocale(null, 'de-DE,de;q=0.9')).toBe('de');
    expect(resolveLocale(null, 'ar-EG,ar;q=0.9,en;q=0.5')).toBe('ar');
    expect(resolveLocale(null, 'sw-KE')).toBe('en');
    expect(resolveLocale(null, 'ja-JP')).toBe('ja');
    expect(resolveLocale('zz', 'de')).toBe('de');
    expect(resolveLocale('<script>', 'en-GB')).toBe('en');
    expect(resolveLocale(null, null)).toBe('en');
  });

  it('serves Portuguese in pt-BR', () => {
    expect(resolveLocale('pt', null)).toBe('pt-BR');
    expect(resolveLocale('pt-PT', null)).toBe('pt-BR');
    expect(resolveLocale(null, 'pt-BR,pt;q=0.9')).toBe('pt-BR');
    expect(resolveLocale('fr-CH', null)).toBe('fr');
  });

  it('serves a regional variant from its language', () => {
    expect(resolveLocale('de-AT', null)).toBe('de');
    expect(resolveLocale('de-CH', null)).toBe('de');
    expect(resolveLocale('en-GB', 'de')).toBe('en');
  });

  it("serves an unknown language in the merchant's default, then en", () => {
    expect(resolveLocale(null, 'sw-KE', 'de')).toBe('de');
    expect(resolveLocale('zz', null, 'fr-CH')).toBe('fr');
    expect(resolveLocale(null, null, 'pt-PT')).toBe('pt-BR');
    expect(resolveLocale(null, 'sw-KE', 'sw')).toBe('en');
    expect(resolveLocale(null, 'sw-KE', '<b>')).toBe('en');
    // A language the customer asked for wins over the merchant's default, English included.
    expect(resolveLocale(null, 'sv-SE,en;q=0.8', 'de')).toBe('en');
    expect(resolveLocale(null, 'ja', 'de')).toBe('ja');
    expect(resolveLocale('en', 'ja', 'de')).toBe('en');
  });

  it('knows right-to-left languages', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('he-IL')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('de')).toBe('ltr');
  });
});
