/**
 * The sandbox's BIN table (docs/design.md, E17 and section 6): documented test ranges by their
 * first 8 digits, then the brand card-validator detects for any other number (funding UNKNOWN).
 *
 * | card number          | brands                        | funding | issuer |
 * |----------------------|-------------------------------|---------|--------|
 * | 4000 0025 0000 1001  | Visa + Cartes Bancaires       | DEBIT   | FR     |
 * | 5555 5525 0000 1001  | Mastercard + Cartes Bancaires | DEBIT   | FR     |
 * | 4111 1111 1111 1111  | Visa                          | CREDIT  | US     |
 * | 5555 5555 5555 4444  | Mastercard                    | CREDIT  | US     |
 * | 4242 4242 4242 4242  | Visa                          | DEBIT   | GB     |
 * | 4000 0566 5566 5556  | Visa                          | DEBIT   | US     |
 * | 5105 1051 0510 5100  | Mastercard                    | PREPAID | US     |
 * | 4000 0000 …          | Visa (the outcome test cards) | DEBIT   | GB     |
 * | 4000 0031/32/33 …    | Visa, with a 3DS Method       | DEBIT   | GB     |
 */
import cardValidator from 'card-validator';
import type { BinLookup } from '@hosted-checkout/contract/bin';
import { invalid, notFound } from '../core/api-error';

const RANGES: Record<string, Omit<BinLookup, 'threeDSMethod'> & { threeDSMethod?: true }> = {
  '40000025': { brands: ['Visa', 'Cartes Bancaires'], fundingType: 'DEBIT', issuerCountry: 'FR' },
  '55555525': { brands: ['Mastercard', 'Cartes Bancaires'], fundingType: 'DEBIT', issuerCountry: 'FR' },
  '41111111': { brands: ['Visa'], fundingType: 'CREDIT', issuerCountry: 'US' },
  '55555555': { brands: ['Mastercard'], fundingType: 'CREDIT', issuerCountry: 'US' },
  '42424242': { brands: ['Visa'], fundingType: 'DEBIT', issuerCountry: 'GB' },
  '40000566': { brands: ['Visa'], fundingType: 'DEBIT', issuerCountry: 'US' },
  '51051051': { brands: ['Mastercard'], fundingType: 'PREPAID', issuerCountry: 'US' },
  '40000000': { brands: ['Visa'], fundingType: 'DEBIT', issuerCountry: 'GB' },
  '40000031': { brands: ['Visa'], fundingType: 'DEBIT', issuerCountry: 'GB', threeDSMethod: true },
  '40000032': { brands: ['Visa'], fundingType: 'DEBIT', issuerCountry: 'GB', threeDSMethod: true },
  '40000033': { brands: ['Visa'], fundingType: 'DEBIT', issuerCountry: 'GB', threeDSMethod: true },
};

/**
 * What the sandbox knows of `bin` (6 to 8 digits): a documented range matching its first 8
 * digits (or, with 6 or 7 digits, the only range starting so), else the detected brand with
 * funding UNKNOWN; null when no brand is recognised.
 */
export function lookupBin(bin: string): BinLookup | null {
  const matches = Object.entries(RANGES).filter(([prefix]) => prefix.startsWith(bin) || bin.startsWith(prefix));
  const exact = matches.find(([prefix]) => bin.startsWith(prefix)) ?? (matches.length === 1 ? matches[0] : undefined);
  if (exact) return { ...exact[1], threeDSMethod: exact[1].threeDSMethod ?? false };
  const brand = cardValidator.number(bin).card?.niceType;
  return brand ? { brands: [brand], fundingType: 'UNKNOWN', threeDSMethod: false } : null;
}

/** GET /public/bin/{bin}: 400 unless 6 to 8 digits, 404 for no known brand. */
export function binAnswer(bin: string): BinLookup {
  if (!/^\d{6,8}$/.test(bin)) throw invalid('bin must be the first 6 to 8 digits of a card number');
  const found = lookupBin(bin);
  if (!found) throw notFound('BIN');
  return found;
}

/** The funding type of a card from its first 8 digits (6 for a saved card's mask); undefined when no range or brand is known. */
export const fundingTypeOf = (bin: string) => lookupBin(bin.slice(0, 8))?.fundingType;

/**
 * The brand a card is processed under: for a co-badged card, the cardholder's
 * `preferredBrand`, else the merchant's first preferred brand the card has, else its scheme
 * (the first brand); for any other card its one brand. A `preferredBrand` that is not a brand of
 * the card is 400.
 */
export function chosenBrand(
  digits: string,
  detected: string,
  preferred: string | undefined,
  merchantPreferred: readonly string[] | undefined,
): string {
  const brands = lookupBin(digits.slice(0, 8))?.brands ?? [detected];
  if (preferred !== undefined && !brands.includes(preferred)) throw invalid('preferredBrand is not a brand of this card');
  const [scheme = detected] = brands;
  if (brands.length < 2) return scheme;
  return preferred ?? merchantPreferred?.find((brand) => brands.includes(brand)) ?? scheme;
}
