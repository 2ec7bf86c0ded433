/**
 * The Kansspelautoriteit's net deposit threshold (docs/design.md, section 8, [K1]): per calendar
 * month, EUR 700 of net deposits for a customer aged 24 or more, EUR 300 for a young adult (18 to
 * 23); the operator blocks further deposits for the rest of the month once it is reached, unless
 * it has established the customer can afford more. And the notices of a share of a limit (KSA:
 * 50 % and 100 %). Pure; shared by the service (which enforces the threshold) and the cashier
 * (which shows it). Amounts are integer minor units of an ISO 4217 currency.
 */
import { convertMinor } from '../money';
import { ageOn } from './age';
import type { NetDepositThreshold } from './regulators';

/** The threshold (or the KSA's contact amount) that applies to a customer born on `dateOfBirth` (ISO 8601 date) on `now`: minor units of `threshold.currency`. */
export function thresholdFor(
  threshold: Omit<NetDepositThreshold, 'timeZone'>,
  dateOfBirth: string | undefined,
  now = new Date(),
): { minor: number; currency: string; youngAdult: boolean } {
  // Without a date of birth the customer is taken for a young adult (the stricter threshold).
  const youngAdult = !dateOfBirth || ageOn(dateOfBirth, now) < threshold.youngAdultBelowAge;
  return { minor: youngAdult ? threshold.youngAdultMinor : threshold.adultMinor, currency: threshold.currency, youngAdult };
}

/**
 * `minor` (minor units of `from`) in `to` at `rates` (the sandbox's rates to EUR, as the service
 * converts limits); 0 when either currency has no rate (fails closed: no deposit rather than one
 * above the threshold).
 */
export function thresholdIn(minor: number, from: string, to: string, rates: Record<string, number>): number {
  if (from === to) return minor;
  if (rates[from] === undefined || rates[to] === undefined) return 0;
  return convertMinor(minor, from, to, rates);
}

/** The calendar date (year, month 1–12) of `at` in `timeZone`. */
function localYearMonth(at: Date, timeZone: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month') };
}

/** The instant of midnight starting the 1st of `month` (1–12, may be 13) of `year` in `timeZone`. */
function monthStart(year: number, month: number, timeZone: string): Date {
  const utc = Date.UTC(year, month - 1, 1);
  // The zone's offset at that midnight: no zone changes its clocks on the 1st at midnight, so one reading suffices.
  const shown = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(utc));
  const get = (type: string) => Number(shown.find((p) => p.type === type)?.value);
  const asLocal = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return new Date(utc - (asLocal - utc));
}

/** The calendar month of `now` in `timeZone` (IANA): its first instant and the first instant of the next month. */
export function calendarMonthOf(now: Date, timeZone: string): { start: Date; end: Date } {
  const { year, month } = localYearMonth(now, timeZone);
  return { start: monthStart(year, month, timeZone), end: monthStart(year, month + 1, timeZone) };
}

/** What a notice of a limit says: `FULL` at 100 % used, `SHARE` at `percent` % or more, else null. Minor units. */
export function limitNotice(limitMinor: number, usedMinor: number, percent: number | undefined): 'FULL' | 'SHARE' | null {
  if (percent === undefined || limitMinor <= 0) return null;
  if (usedMinor >= limitMinor) return 'FULL';
  return usedMinor * 100 >= limitMinor * percent ? 'SHARE' : null;
}
