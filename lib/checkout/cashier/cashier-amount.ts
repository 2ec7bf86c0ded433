/**
 * The cashier's amount rules, shared by the form (client) and the server action: a positive
 * amount in the session currency with at most its ISO 4217 minor units, and for a withdrawal at
 * most the balance (when the session has one). Amounts as the customer types them, in the
 * locale's format ("1.234,56" or "1,234.56"); results in major units.
 */
import { toMinor } from '@hosted-checkout/contract/money';

export type AmountError =
  'required' | 'invalid' | 'tooManyDecimals' | 'notPositive' | 'aboveBalance' | 'belowMin' | 'aboveMax' | 'aboveLimit';

/**
 * The limits an amount must keep, in major units: the merchant's minimum and maximum of
 * one transaction, and for a deposit what is left of the customer's tightest deposit limit.
 */
export interface AmountRules {
  min?: number;
  max?: number;
  limitRemaining?: number;
}

/** Longest amount text read, in characters. */
export const MAX_AMOUNT_CHARS = 32;

/** The decimal and group separators of a locale's numbers in Latin digits (CLDR, through Intl). */
function separators(locale: string): { decimal: string; group: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).formatToParts(12345.6);
  } catch {
    parts = new Intl.NumberFormat('en').formatToParts(12345.6);
  }
  return { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', group: parts.find((p) => p.type === 'group')?.value ?? ',' };
}

const SPACES = new Set([' ', '\u00a0', '\u202f', "'", '\u2019']);

/** Arabic-Indic and extended Arabic-Indic digits and the Arabic separators, as Latin ones. */
function latinDigits(raw: string, decimal: string, group: string): string {
  let out = '';
  for (const char of raw) {
    const code = char.charCodeAt(0);
    if (code >= 0x660 && code <= 0x669) out += String(code - 0x660);
    else if (code >= 0x6f0 && code <= 0x6f9) out += String(code - 0x6f0);
    else if (char === '\u066b') out += decimal;
    else if (char === '\u066c') out += group;
    else out += char;
  }
  return out;
}

const isDigits = (text: string) => text.length > 0 && [...text].every((c) => c >= '0' && c <= '9');

/**
 * Parses an amount as a customer of `locale` types it: that locale's decimal separator
 * ("1.000,50" in de, "1,000.50" in en, "1 000,50" in fr), group separators only where groups
 * are (3 digits, or Indian 2-digit groups before the last 3: "1,00,000" in hi), spaces and
 * apostrophes ignored, Arabic-Indic digits read. Anything else is null (a clear message, never
 * a guess: "1,000" is 1000 in en and 1 in de; "10,5" in en is refused). Major units.
 */
export function parseAmount(raw: string, locale: string): number | null {
  if (raw.length > MAX_AMOUNT_CHARS) return null;
  const { decimal, group } = separators(locale);
  const text = [...latinDigits(raw, decimal, group)].filter((c) => !SPACES.has(c)).join('');
  const [integer = '', fraction, extra] = text.split(decimal);
  if (extra !== undefined || (fraction !== undefined && !isDigits(fraction))) return null;
  const groups = SPACES.has(group) ? [integer] : integer.split(group);
  if (!groups.every(isDigits)) return null;
  const [first, ...rest] = groups;
  const last = rest.pop();
  // Grouped (a first and a last group at least): the first up to 3 digits, the last 3, those between 2 or 3.
  if (first !== undefined && last !== undefined) {
    if (first.length > 3 || last.length !== 3 || !rest.every((g) => g.length === 2 || g.length === 3)) return null;
  }
  const value = Number(`${groups.join('')}${fraction === undefined ? '' : `.${fraction}`}`);
  return Number.isFinite(value) ? value : null;
}

/** An amount in major units as the customer would type it in `locale` (no grouping; preset buttons). */
export function formatAmountInput(value: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { numberingSystem: 'latn', useGrouping: false, maximumFractionDigits: 4 }).format(value);
  } catch {
    return String(value);
  }
}

/**
 * The first rule the amount breaks, or null. `balance` in major units (for a withdrawal, the
 * available balance), or null for none; `locale` reads the amount as parseAmount does.
 */
export function checkAmount(
  raw: string,
  currency: string,
  flow: 'deposit' | 'withdraw',
  balance: number | null,
  locale: string,
  rules: AmountRules = {},
): AmountError | null {
  const checked = checkedAmount(raw, currency, flow, balance, locale, rules);
  return 'error' in checked ? checked.error : null;
}

/**
 * The amount (major units) when it keeps every rule, else the first rule it breaks: `checkAmount`
 * with the parsed amount on success, for a server action that goes on to use it.
 */
export function checkedAmount(
  raw: string,
  currency: string,
  flow: 'deposit' | 'withdraw',
  balance: number | null,
  locale: string,
  rules: AmountRules = {},
): { amount: number } | { error: AmountError } {
  if (raw.trim() === '') return { error: 'required' };
  const value = parseAmount(raw, locale);
  if (value === null) return { error: 'invalid' };
  if (value <= 0) return { error: 'notPositive' };
  const minor = toMinor(value, currency);
  if (minor === null) return { error: 'tooManyDecimals' };
  // Compared in minor units: no floating-point edge at the bounds.
  const bound = (major: number | undefined) => (major === undefined ? null : toMinor(major, currency));
  const min = bound(rules.min);
  const max = bound(rules.max);
  const left = bound(rules.limitRemaining);
  if (min !== null && minor < min) return { error: 'belowMin' };
  if (max !== null && minor > max) return { error: 'aboveMax' };
  if (flow === 'withdraw' && balance !== null && value > balance + 1e-9) return { error: 'aboveBalance' };
  if (flow === 'deposit' && left !== null && minor > left) return { error: 'aboveLimit' };
  return { amount: value };
}
