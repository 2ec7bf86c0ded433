/**
 * ISO 4217 minor units and amount conversion between major units (the API's `amount`,
 * e.g. 10.5) and integer minor units (1050), without floating-point drift.
 */

const ZERO_DECIMALS = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
const FOUR_DECIMALS = new Set(['CLF', 'UYW']);

let knownCodes: Set<string> | null = null;

/** Whether `code` is an active ISO 4217 alphabetic code (as the runtime's Intl knows them). */
export function isKnownCurrency(code: string): boolean {
  knownCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCodes.has(code);
}

/** Number of minor-unit digits of an ISO 4217 currency (JPY 0, BHD 3, most 2). */
export function minorUnits(currency: string): number {
  if (ZERO_DECIMALS.has(currency)) return 0;
  if (THREE_DECIMALS.has(currency)) return 3;
  if (FOUR_DECIMALS.has(currency)) return 4;
  return 2;
}

/**
 * Major units → integer minor units, exactly: the number's shortest decimal form (what JSON
 * carried) may have at most the currency's minor-unit digits. Returns null for more decimals
 * (10.001 EUR, 123456789012.345 EUR: never rounded), a non-finite number, or one beyond safe
 * integer minor units.
 */
export function toMinor(amount: number, currency: string): number | null {
  if (!Number.isFinite(amount)) return null;
  const digits = minorUnits(currency);
  const text = String(Math.abs(amount));
  // Exponent forms are below 1e-6 (more decimals than any currency has) or above 1e21.
  if (text.includes('e')) return null;
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length > digits) return null;
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return amount < 0 ? -minor : minor;
}

/**
 * Integer minor units → the decimal string in major units with the currency's minor digits
 * ("25.50", "2500", "1.250"), exactly: what the Payment Request API (SPC, wallets) and Google Pay
 * take as an amount. ISO 4217.
 */
export function decimalAmount(minor: number, currency: string): string {
  const digits = minorUnits(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Integer minor units → major units as a number (1050 EUR → 10.5). */
export function toMajor(minor: number, currency: string): number {
  const digits = minorUnits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/**
 * Converts minor units of `from` into minor units of `to` through rates to a common base
 * (`ratesToBase[X]` = value of 1 X in the base currency), rounded half away from zero to
 * `to`'s minor units. Throws when a rate is missing.
 */
export function convertMinor(minor: number, from: string, to: string, ratesToBase: Record<string, number>): number {
  if (from === to) return minor;
  const rateFrom = ratesToBase[from];
  const rateTo = ratesToBase[to];
  if (rateFrom === undefined || rateTo === undefined) throw new Error(`No rate between ${from} and ${to}`);
  const major = ((minor / 10 ** minorUnits(from)) * rateFrom) / rateTo;
  const scaled = major * 10 ** minorUnits(to);
  return Math.sign(scaled) * Math.round(Math.abs(scaled) + 1e-9);
}

/** Currency formatters by locale and currency: making one costs far more than using it (the card page's profile). */
const formatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units for the customer's locale (`Intl.NumberFormat`, currency style). */
export function formatMinor(minor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: minorUnits(currency),
      maximumFractionDigits: minorUnits(currency),
    });
    // Bounded: the locales are the 16 catalogues' and the browser's, the currencies ISO 4217's.
    if (formatters.size < 5_000) formatters.set(key, format);
  }
  return format.format(minor / 10 ** minorUnits(currency));
}
