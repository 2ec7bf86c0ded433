/** The reality check's duration in words, per language (CLDR plurals through Intl). */
import { describe, expect, it } from 'vitest';
import { durationText } from './duration';

describe('durationText', () => {
  it('says hours and minutes in the language’s own plurals', () => {
    expect(durationText(1, 'en')).toBe('1 minute');
    expect(durationText(45, 'en')).toBe('45 minutes');
    expect(durationText(60, 'en')).toBe('1 hour');
    expect(durationText(125, 'en')).toBe('2 hours, 5 minutes');
    expect(durationText(0, 'en')).toBe('0 minutes');
    expect(durationText(3, 'ru')).toBe('3 минуты');
    expect(durationText(5, 'ru')).toBe('5 минут');
    expect(durationText(90, 'de')).toBe('1 Stunde, 30 Minuten');
    // Arabic's dual and its few/many forms.
    expect(durationText(2, 'ar')).toBe('دقيقتان');
    expect(durationText(3, 'ar')).toBe('3 دقائق');
  });
});
