/**
 * The cashier's amount rules, shared by the form (client) and the server action: a positive
 * amount in the session currency with at most its ISO 4217 minor units, and for a withdrawal at
 * most the balance (when the session has one). Amounts as the customer types them, in the
 * locale's format ("1.234,56" or "1,234.56"). The typed amount turns into integer minor units
 * once, where it is read (`parseMinorAmount`); the bounds and the balance come in major units, as
 * the API has them, and are compared in minor units.
 */
import { minorUnits, toMinor } from '@hosted-checkout/contract/money';

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
 * Reads an amount as a customer of `locale` types it: that locale's decimal separator
 * ("1.000,50" in de, "1,000.50" in en, "1 000,50" in fr), group separators only where groups
 * are (3 digits, or Indian 2-digit groups before the last 3: "1,00,000" in hi), spaces and
 * apostrophes ignored, Arabic-Indic digits read. Anything else is null (a clear message, never
 * a guess: "1,000" is 1000 in en and 1 in de; "10,5" in en is refused). Its whole and fraction
 * digits, in Latin digits.
 */
function readDigits(raw: string, locale: string): { whole: string; fraction: string } | null {
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
  return { whole: groups.join(''), fraction: fraction ?? '' };
}

/** An amount as a customer of `locale` types it (`readDigits`), in major units, or null. */
export function parseAmount(raw: string, locale: string): number | null {
  const digits = readDigits(raw, locale);
  if (!digits) return null;
  const value = Number(`${digits.whole}${digits.fraction === '' ? '' : `.${digits.fraction}`}`);
  return Number.isFinite(value) ? value : null;
}

/**
 * An amount as a customer of `locale` types it (`readDigits`), in integer minor units of
 * `currency` (ISO 4217), from its digits: the one place a typed amount changes units, never
 * through a floating-point major amount. `invalid`: not an amount, or more than safe integer minor
 * units; `notPositive`: zero; `tooManyDecimals`: more decimals than the currency has (trailing
 * zeros aside: 10.0 yen is 10 yen).
 */
export function parseMinorAmount(
  raw: string,
  locale: string,
  currency: string,
): { minor: number } | { error: 'invalid' | 'notPositive' | 'tooManyDecimals' } {
  const digits = readDigits(raw, locale);
  if (!digits) return { error: 'invalid' };
  // Trailing zeros cut by a scan from the end: /0+$/ would be quadratic on a long run of zeros.
  let end = digits.fraction.length;
  while (end > 0 && digits.fraction.charAt(end - 1) === '0') end -= 1;
  const fraction = digits.fraction.slice(0, end);
  if (!/[1-9]/.test(digits.whole + fraction)) return { error: 'notPositive' };
  const places = minorUnits(currency);
  if (fraction.length > places) return { error: 'tooManyDecimals' };
  const minor = Number(digits.whole + fraction.padEnd(places, '0'));
  return Number.isSafeInteger(minor) ? { minor } : { error: 'invalid' };
}

/** The typed amount in minor units (`parseMinorAmount`), or null while it is empty or not an amount (what the fee and share lines show nothing for). */
export function typedMinor(raw: string, locale: string, currency: string): number | null {
  if (raw.trim() === '') return null;
  const parsed = parseMinorAmount(raw, locale, currency);
  return 'minor' in parsed ? parsed.minor : null;
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
 * The first rule the amount breaks, or null: `checkedAmount`'s answer for the form, which only
 * says what is wrong (same arguments).
 */
export function checkAmount(...args: Parameters<typeof checkedAmount>): AmountError | null {
  const checked = checkedAmount(...args);
  return 'error' in checked ? checked.error : null;
}

/**
 * The amount in integer minor units of `currency` when it keeps every rule, else the first rule
 * it breaks. `locale` reads it as parseMinorAmount does; `balance` (for a withdrawal, the
 * available balance; null for none) and `rules` in major units, as the API has them, compared in
 * minor units.
 */
export function checkedAmount(
  raw: string,
  currency: string,
  flow: 'deposit' | 'withdraw',
  balance: number | null,
  locale: string,
  rules: AmountRules = {},
): { minor: number } | { error: AmountError } {
  if (raw.trim() === '') return { error: 'required' };
  const parsed = parseMinorAmount(raw, locale, currency);
  if ('error' in parsed) return parsed;
  const { minor } = parsed;
  const min = boundMinor(rules.min, currency);
  const max = boundMinor(rules.max, currency);
  const left = boundMinor(rules.limitRemaining, currency);
  const most = boundMinor(balance, currency);
  if (min !== null && minor < min) return { error: 'belowMin' };
  if (max !== null && minor > max) return { error: 'aboveMax' };
  if (flow === 'withdraw' && most !== null && minor > most) return { error: 'aboveBalance' };
  if (flow === 'deposit' && left !== null && minor > left) return { error: 'aboveLimit' };
  return { minor };
}

/**
 * The merchant's preset amounts (major units of `currency`) a form may offer: for a withdrawal,
 * only those it would take, at most `available` (the session's available balance, major units;
 * null: no balance, no cap) and within the merchant's bounds of one withdrawal (`rules`); a
 * deposit's presets as they are. Compared in minor units; a preset with more decimals than the
 * currency has is never offered.
 */
export function offeredPresets(
  values: readonly number[],
  currency: string,
  flow: 'deposit' | 'withdraw',
  available: number | null,
  rules: AmountRules = {},
): number[] {
  if (flow === 'deposit') return [...values];
  const most = boundMinor(available, currency);
  const min = boundMinor(rules.min, currency);
  const max = boundMinor(rules.max, currency);
  return values.filter((value) => {
    const minor = toMinor(value, currency);
    if (minor === null || minor <= 0) return false;
    return (most === null || minor <= most) && (min === null || minor >= min) && (max === null || minor <= max);
  });
}

/**
 * A bound the API gives in major units (a merchant's limit, what is left of a deposit limit, the
 * balance), in integer minor units; a floating-point remainder of the service's arithmetic
 * (99.89999999999999) counts to its nearest minor unit. Null for none.
 */
function boundMinor(major: number | null | undefined, currency: string): number | null {
  if (major === null || major === undefined) return null;
  return toMinor(major, currency) ?? Math.round(major * 10 ** minorUnits(currency));
}
