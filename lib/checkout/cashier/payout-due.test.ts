/** The payout deadline in words (payout-due.ts): the customer's language and zone, named; the date only when the day changes. */
import { describe, expect, it } from 'vitest';
import { payoutDueTime } from './payout-due';

describe('payoutDueTime', () => {
  it('writes the time in the zone, named, in the locale', () => {
    expect(payoutDueTime('2026-11-29T17:35:00.000Z', '2026-11-29T15:35:00.000Z', 'pt-BR', 'America/Sao_Paulo')).toMatch(
      /^14:35 (BRT|GMT-3)$/,
    );
    expect(payoutDueTime('2026-11-29T17:35:00.000Z', '2026-11-29T15:35:00.000Z', 'en', 'UTC')).toBe('5:35 PM UTC');
    expect(payoutDueTime('2026-11-29T17:35:00.000Z', '2026-11-29T15:35:00.000Z', 'de', 'Europe/Berlin')).toBe('18:35 MEZ');
  });

  it('adds the day when the deadline falls on another day than the request, there', () => {
    // 22:30 in São Paulo, due 00:30 the next day.
    const text = payoutDueTime('2026-11-30T03:30:00.000Z', '2026-11-30T01:30:00.000Z', 'en', 'America/Sao_Paulo');
    expect(text).toMatch(/^Nov 30, 12:30 AM GMT-3$/);
    // The same instants are one day in UTC: no date.
    expect(payoutDueTime('2026-11-30T03:30:00.000Z', '2026-11-30T01:30:00.000Z', 'en', 'UTC')).toBe('3:30 AM UTC');
  });

  it('throws RangeError for a zone that is not one', () => {
    expect(() => payoutDueTime('2026-11-29T17:35:00.000Z', '2026-11-29T15:35:00.000Z', 'en', 'Mars/Olympus')).toThrow(RangeError);
  });
});
