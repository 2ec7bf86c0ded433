/**
 * The reminder to review one's financial limits and account history (UKGC RTS 12, in force from
 * 31 October 2025: customers are reminded at least every six months to review their account and
 * transaction information; docs/design.md, section 8). Six months are read as 182 days, counted
 * from the customer's account (their first appearance in the service) or from when they last
 * dismissed the reminder. Pure: shared by the service (which stores the dismissal) and its tests.
 */
import type { Regulator } from '../enums';

/** Days between reminders, per licence that asks for them (UKGC: six months, 182 days). */
export const REVIEW_REMINDER_DAYS: Partial<Record<Regulator, number>> = { UKGC: 182 };

const DAY_MS = 24 * 3600_000;

/** The shortest reminder interval (days) of the licences `regulators` in force; undefined when none asks for a reminder. */
export function reviewReminderDays(regulators: readonly Regulator[]): number | undefined {
  const days = regulators.flatMap((r) => (REVIEW_REMINDER_DAYS[r] ? [REVIEW_REMINDER_DAYS[r]] : []));
  return days.length ? Math.min(...days) : undefined;
}

/**
 * When the reminder is due for a customer whose account was opened at `accountSince` and who last
 * reviewed at `reviewedAt` (ISO 8601: dismissed the reminder, or the merchant recorded a review;
 * undefined: never), under `regulators`: that review, else the opening, plus the interval; null
 * when no licence asks for it.
 */
export function reviewDueAt(regulators: readonly Regulator[], accountSince: Date, reviewedAt?: string): Date | null {
  const days = reviewReminderDays(regulators);
  if (days === undefined) return null;
  // The last review recorded (dismissed in the cashier, or recorded by the merchant) counts; before any, the account's opening.
  const base = reviewedAt ? new Date(reviewedAt).getTime() : accountSince.getTime();
  return new Date(base + days * DAY_MS);
}

/** The reminder due at `now` (when it fell due, ISO 8601), or null: not due yet, or no licence asks for it. */
export function reviewDue(
  regulators: readonly Regulator[],
  accountSince: Date,
  reviewedAt: string | undefined,
  now = new Date(),
): { dueSince: string } | null {
  const due = reviewDueAt(regulators, accountSince, reviewedAt);
  return due && due.getTime() <= now.getTime() ? { dueSince: due.toISOString() } : null;
}
