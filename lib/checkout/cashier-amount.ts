/**
 * The cashier's amount rules, shared by the form (client) and the server action: a positive
 * amount in the session currency with at most its ISO 4217 minor units, and for a withdrawal at
 * most the balance (when the session has one). Amounts as the customer types them, in the
 * locale's format ("1.234,56" or "1,234.56"); results in major units.
 */
import { minorUnits } from '@/lib/money';

export type AmountError = 'required' | 'invalid' | 'tooManyDecimals' | 'notPositive' | 'aboveBalance';

/** Longest amount text read, in characters. */
export const MAX_AMOUNT_CHARS = 32;

/** Parses an amount typed in a locale: the last `.` or `,` followed by 1–4 digits is the decimal separator. */
export function parseAmount(raw: string): number | null {
  if (raw.length > MAX_AMOUNT_CHARS) return null;
  const compact = raw.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d[\d.,]*$/.test(compact)) return null;
  const match = /^(.*)[.,](\d{1,4})$/.exec(compact);
  const whole = (match ? match[1]! : compact).replace(/[.,]/g, '');
  const text = match ? `${whole}.${match[2]}` : whole;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The first rule the amount breaks, or null. `balance` in major units, or null for none. */
export function checkAmount(raw: string, currency: string, kind: 'deposit' | 'withdraw', balance: number | null): AmountError | null {
  if (raw.trim() === '') return 'required';
  const value = parseAmount(raw);
  if (value === null) return 'invalid';
  if (value <= 0) return 'notPositive';
  const digits = minorUnits(currency);
  if (Math.abs(Math.round(value * 10 ** digits) - value * 10 ** digits) > 1e-6) return 'tooManyDecimals';
  if (kind === 'withdraw' && balance !== null && value > balance + 1e-9) return 'aboveBalance';
  return null;
}
