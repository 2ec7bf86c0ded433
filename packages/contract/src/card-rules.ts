/**
 * Card-number, expiry and CVV rules per brand, shared by the card form (client) and the
 * server action and sandbox (server), so both validate exactly alike.
 * Brand detection, length and Luhn (ISO/IEC 7812) come from `card-validator`.
 * Nothing here logs or keeps a value.
 */
import { creditCardType, number as validateNumber } from 'card-validator';

/** A card brand as the form shows it. `gaps` are digit offsets where a space goes. */
export interface CardBrand {
  type: string;
  niceType: string;
  gaps: number[];
  lengths: number[];
  /** Security code length (CVV, CVC, CID…): 3, or 4 for American Express. */
  cvvSize: number;
  cvvName: string;
}

interface CardNumberCheck {
  digits: string;
  brand: CardBrand | null;
  /** Complete: known brand, allowed length, Luhn check digit right. */
  isValid: boolean;
  /** Could still become valid by typing more digits. */
  isPotentiallyValid: boolean;
}

/** Error keys of the card fields; the catalogue has a message for each (`card.errors.*`). */
export type CardFieldError =
  | 'cardHolderName.cardNumber'
  | 'cardNumber.required'
  | 'cardNumber.invalid'
  | 'cardNumber.unsupported'
  | 'expiry.required'
  | 'expiry.invalid'
  | 'expiry.past'
  | 'cvv.required'
  | 'cvv.invalid'
  | 'cardHolderName.required'
  | 'cardHolderName.invalid';

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** Security-code length per brand name (`niceType`, as cards are stored), from card-validator's brand table. */
const CVV_SIZES = new Map<string, number>(
  Object.values(creditCardType.types).map((type) => {
    const info = creditCardType.getTypeInfo(type);
    return [info.niceType, info.code.size] as const;
  }),
);

/** The security code's length of a brand (`niceType`): 3 or 4; 3 for a brand the table does not know. */
export const cvvSizeOfBrand = (niceType: string): 3 | 4 => (CVV_SIZES.get(niceType) === 4 ? 4 : 3);

/** Error keys of the security code, alike for a new card and a saved one. */
export type CvvError = Extract<CardFieldError, `cvv.${string}`>;

/**
 * The security code's error, or undefined when it fits: digits only, `size` of them (the brand's
 * length from card-validator's table: 3, or 4 for American Express), or 3 to 4 when `size` is
 * undefined (a brand the table does not know). The one rule of the new-card and saved-card forms
 * (components/card/cvv-field.tsx), of validateCardForm and of cvvFitsBrand.
 */
export function checkCvv(cvv: string, size: number | undefined): CvvError | undefined {
  if (cvv === '') return 'cvv.required';
  const fits = /^\d+$/.test(cvv) && (size ? cvv.length === size : cvv.length >= 3 && cvv.length <= 4);
  return fits ? undefined : 'cvv.invalid';
}

/** Whether `cvv` has the length of `brand`'s security code (3 or 4 digits for a brand the table does not know). */
export function cvvFitsBrand(brand: string, cvv: string): boolean {
  return checkCvv(cvv, CVV_SIZES.get(brand)) === undefined;
}

/** Brand, length and Luhn of a card number typed with any spacing. */
export function checkCardNumber(raw: string): CardNumberCheck {
  const digits = digitsOnly(raw).slice(0, 19);
  const result = validateNumber(digits);
  const card = result.card;
  return {
    digits,
    brand: card
      ? {
          type: card.type,
          niceType: card.niceType,
          gaps: card.gaps,
          lengths: card.lengths,
          cvvSize: card.code.size,
          cvvName: card.code.name,
        }
      : null,
    isValid: result.isValid,
    isPotentiallyValid: result.isPotentiallyValid,
  };
}

/** Groups digits at the brand's gaps (4-4-4-4, or 4-6-5 for American Express). */
export function formatCardNumber(digits: string, gaps: number[] = [4, 8, 12]): string {
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && gaps.includes(i)) out += ' ';
    out += digits[i];
  }
  return out;
}

/** The index in `formatted` just after its `count`-th digit (0 when `count` is 0). */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted.charAt(i))) seen += 1;
    if (seen === count) return i + 1;
  }
  return formatted.length;
}

export interface Expiry {
  /** "MM", 01 to 12. */
  month: string;
  /** "YYYY". */
  year: string;
}

/** Longest expiry text read, in characters ("MM / YYYY" with room for stray spaces). */
export const MAX_EXPIRY_CHARS = 16;

/**
 * Parses "MM/YY", "MM / YY", "MMYY" or "MM/YYYY"; null when it is none of them or longer than
 * MAX_EXPIRY_CHARS. The pattern is linear (checked by lib/security/redos.test.ts).
 */
export function parseExpiry(raw: string): Expiry | null {
  if (raw.length > MAX_EXPIRY_CHARS) return null;
  const match = /^(\d{1,2})\s*(?:\/\s*)?(\d{2}|\d{4})$/.exec(raw.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return { month: String(month).padStart(2, '0'), year: String(year) };
}

/**
 * A card's expiry month in the locale's own format through Intl (CLDR: en "03/2031", ru
 * "03.2031", ja "2031/03", zh-CN "2031年3月"), for saved-card lists; the form's input stays "MM / YY" as printed on cards.
 */
export function formatExpiry(expiry: Expiry, locale: string): string {
  const date = Date.UTC(Number(expiry.year), Number(expiry.month) - 1, 1);
  return new Intl.DateTimeFormat(locale, { month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Cards are not issued for longer than this many years. */
const MAX_VALIDITY_YEARS = 20;

/** A card is valid through the last day of its expiry month (UTC). */
export function isExpiryCurrent(expiry: Expiry, now: Date = new Date()): boolean {
  const year = Number(expiry.year);
  const month = Number(expiry.month);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  return year > thisYear || (year === thisYear && month >= thisMonth);
}

/** An expiry further away than any card is issued for is a typing mistake. */
const isExpiryPlausible = (expiry: Expiry, now: Date = new Date()): boolean =>
  Number(expiry.year) <= now.getUTCFullYear() + MAX_VALIDITY_YEARS;

/**
 * Formats expiry input as "MM / YY" while typing (the separator follows the month), and
 * normalizes what browsers' autofill writes for `cc-exp`: "MM/YYYY", "M/YY", "MM-YY",
 * "MMYYYY" all become "MM / YY".
 */
export function formatExpiryInput(raw: string): string {
  const separated = raw.length > MAX_EXPIRY_CHARS ? null : /^(\d{1,2})\s*[/.\-]\s*(\d{2}|\d{4})$/.exec(raw.trim());
  if (separated?.[1] && separated[2]) return `${separated[1].padStart(2, '0')} / ${separated[2].slice(-2)}`;
  let digits = digitsOnly(raw);
  // Six digits whose year starts "20" are MMYYYY, not a typing overflow.
  if (digits.length === 6 && digits.slice(2, 4) === '20') digits = `${digits.slice(0, 2)}${digits.slice(4)}`;
  digits = digits.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export interface CardFormValues {
  cardNumber: string;
  expiry: string;
  cvv?: string;
  cardHolderName: string;
}

/**
 * Validates the card form. `requireCvv` is false for a payout destination card; `number` is
 * checkCardNumber's result when the caller has it already (the card is analysed once).
 * Returns a map of field → error key; empty when valid.
 */
export function validateCardForm(
  values: CardFormValues,
  options: { requireCvv: boolean; now?: Date; number?: CardNumberCheck } = { requireCvv: true },
): Partial<Record<keyof CardFormValues, CardFieldError>> {
  const errors: Partial<Record<keyof CardFormValues, CardFieldError>> = {};
  const number = options.number ?? checkCardNumber(values.cardNumber);
  if (number.digits.length === 0) errors.cardNumber = 'cardNumber.required';
  else if (!number.brand) errors.cardNumber = 'cardNumber.unsupported';
  else if (!number.isValid) errors.cardNumber = 'cardNumber.invalid';

  if (values.expiry.trim() === '') errors.expiry = 'expiry.required';
  else {
    const expiry = parseExpiry(values.expiry);
    if (!expiry || !isExpiryPlausible(expiry, options.now)) errors.expiry = 'expiry.invalid';
    else if (!isExpiryCurrent(expiry, options.now)) errors.expiry = 'expiry.past';
  }

  if (options.requireCvv) {
    const cvv = checkCvv(values.cvv ?? '', number.brand?.cvvSize);
    if (cvv) errors.cvv = cvv;
  }

  const holder = values.cardHolderName.trim();
  if (holder === '') errors.cardHolderName = 'cardHolderName.required';
  else if (holder.length > 64 || /[\d<>{}]/.test(holder)) errors.cardHolderName = 'cardHolderName.invalid';
  return errors;
}

/** "424242******4242": first 6 and last 4 digits (PCI DSS masking). */
export function maskPan(digits: string): string {
  return `${digits.slice(0, 6)}${'*'.repeat(Math.max(0, digits.length - 10))}${digits.slice(-4)}`;
}
