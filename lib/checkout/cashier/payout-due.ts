/**
 * A withdrawal's payout deadline in words (docs/design.md, section 8; SPA/MF: paid within 120
 * minutes of the request): the time in the customer's language and time zone, with the zone named,
 * and the date too when the deadline falls on another day than the request there. Pure: the
 * cashier's server render and the browser both call it (components/cashier/live-balance/).
 */

/** The calendar day of `at` in `timeZone` (YYYY-MM-DD). */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(at);

/**
 * `dueAt` (ISO 8601) as `locale` writes a time in `timeZone` (an IANA zone), its zone named
 * ("14:35 BRT", "2:35 PM GMT-3"); the day and month before it when the deadline is not on the
 * calendar day of `requestedAt` (ISO 8601) in that zone. Throws RangeError for an unknown zone.
 */
export function payoutDueTime(dueAt: string, requestedAt: string, locale: string, timeZone: string): string {
  const due = new Date(dueAt);
  const sameDay = dayIn(due, timeZone) === dayIn(new Date(requestedAt), timeZone);
  return new Intl.DateTimeFormat(locale, {
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(due);
}
