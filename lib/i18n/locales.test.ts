import { describe, expect, it } from 'vitest';
import { directionOf, resolveLocale } from './locales';

describe('locale resolution', () => {
  it('falls back to en for what the catalogue does not have yet', () => {
    expect(resolveLocale(null, 'de-DE,de;q=0.9')).toBe('en');
    expect(resolveLocale('zz', null)).toBe('en');
    expect(resolveLocale('<script>', 'en-GB')).toBe('en');
  });

  it('takes ?locale= first, then Accept-Language', () => {
    expect(resolveLocale('en-GB', 'de')).toBe('en');
    expect(resolveLocale(null, 'en-US,en;q=0.8')).toBe('en');
  });

  it('knows right-to-left languages', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('he-IL')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
