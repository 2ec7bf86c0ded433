/** The six-monthly review reminder (UKGC RTS 12) against a fake clock: due at day 182, not at 181, and after a dismissal not until the next 182 days. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewDue, reviewReminderDays } from './financial-review';

const DAY = 24 * 3600_000;
const opened = new Date('2026-01-01T12:00:00Z');
const day = (n: number) => new Date(opened.getTime() + n * DAY);

afterEach(() => vi.useRealTimers());

describe('the six-monthly review reminder', () => {
  it('is shown at day 182 of the account and not at day 181 (UKGC)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(day(181));
    expect(reviewDue(['UKGC'], opened, undefined)).toBeNull();
    vi.setSystemTime(day(182));
    expect(reviewDue(['UKGC'], opened, undefined)).toEqual({ dueSince: day(182).toISOString() });
  });

  it('once dismissed, is not shown again until the next six months', () => {
    vi.useFakeTimers();
    vi.setSystemTime(day(200));
    const dismissedAt = new Date().toISOString();
    vi.setSystemTime(day(200 + 181));
    expect(reviewDue(['UKGC'], opened, dismissedAt)).toBeNull();
    vi.setSystemTime(day(200 + 182));
    expect(reviewDue(['UKGC'], opened, dismissedAt)).toEqual({ dueSince: day(382).toISOString() });
  });

  it('is not asked by the other licences, nor without one', () => {
    vi.useFakeTimers();
    vi.setSystemTime(day(1000));
    expect(reviewDue(['MGA', 'GGL'], opened, undefined)).toBeNull();
    expect(reviewDue([], opened, undefined)).toBeNull();
    expect(reviewReminderDays(['MGA', 'UKGC'])).toBe(182);
  });
});
