/**
 * A person's age from their date of birth, shared by the service (Pay N Play's minimum age, the
 * KSA's net deposit thresholds by age) and the pages. Pure.
 */

/**
 * Age in whole years on `now` of someone born on `dateOfBirth` (ISO 8601 date, YYYY-MM-DD), by
 * the UTC calendar date of `now`: a birthday counts from its first instant, so someone whose
 * 24th birthday is tomorrow is 23 today.
 */
export function ageOn(dateOfBirth: string, now = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age -= 1;
  return age;
}
