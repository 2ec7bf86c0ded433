/**
 * Denmark's CPR number (Det Centrale Personregister), the personal identification number of a
 * person registered in Denmark: ten digits, `DDMMYY-SSSS`, the birth date then a serial whose
 * first digit with the year gives the century (the CPR office's table: serial 0–3, 1900s; 4 or 9,
 * 2000s up to year 36, else 1900s; 5–8, 2000s up to year 57, else 1800s). No check digit is
 * verified: the modulo-11 check was given up in 2007, when numbers without it were issued (the
 * CPR office, "Personnummeret i CPR-systemet", as recalled).
 *
 * The project's convention for a customer's CPR (docs/design.md, section 8): the customer's
 * `kyc` with `idType` 'CPR' (case-insensitive) and `idCountry` 'DK', `idNumber` formatted
 * (`010180-1010`) or bare (`0101801010`). A CPR is personal data: log at most {@link maskCpr}'s form.
 */
import type { KycIdentity } from './cpf';

/** The century (1800, 1900, 2000) a CPR's two-digit `year` falls in, by the first serial digit `serial`. */
function centuryOf(serial: number, year: number): number {
  if (serial <= 3) return 1900;
  if (serial === 4 || serial === 9) return year <= 36 ? 2000 : 1900;
  return year <= 57 ? 2000 : 1800;
}

/** The ten digits of a CPR typed `DDMMYY-SSSS` or bare, with spaces around; null for anything else. Does not check the date: see {@link parseCpr}. */
export function normaliseCpr(input: string): string | null {
  const s = input.trim();
  if (/^\d{10}$/.test(s)) return s;
  const m = /^(\d{6})-(\d{4})$/.exec(s);
  return m ? `${m[1]}${m[2]}` : null;
}

/** The birth date (ISO 8601 `YYYY-MM-DD`) ten CPR digits name, or null when it is no date of the calendar. */
export function cprBirthDate(digits: string): string | null {
  if (!/^\d{10}$/.test(digits)) return null;
  const day = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const yy = Number(digits.slice(4, 6));
  const year = centuryOf(Number(digits[6]), yy) + yy;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The ten digits of a CPR typed formatted or bare whose birth date is a real date; null otherwise. */
export function parseCpr(input: string): string | null {
  const digits = normaliseCpr(input);
  return digits !== null && cprBirthDate(digits) !== null ? digits : null;
}

/** A CPR as it may appear in a log or an error: the last two serial digits and nothing else (`******-**10`). */
export function maskCpr(input: string): string {
  const digits = normaliseCpr(input) ?? input.replace(/\D/g, '').padStart(10, '*').slice(-10);
  return `******-**${digits.slice(8, 10)}`;
}

/** Whether `kyc` names a Danish CPR (idType 'CPR', idCountry 'DK' or left out), whatever its number. */
export const isCprKyc = (kyc: KycIdentity | undefined): boolean =>
  kyc?.idType?.trim().toUpperCase() === 'CPR' && (kyc.idCountry === undefined || kyc.idCountry.trim().toUpperCase() === 'DK');

/** The CPR digits of a customer's `kyc` when it names a valid CPR; null when it names none or an invalid one. */
export const cprOfKyc = (kyc: KycIdentity | undefined): string | null => (isCprKyc(kyc) && kyc?.idNumber ? parseCpr(kyc.idNumber) : null);
