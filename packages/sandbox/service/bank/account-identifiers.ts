/**
 * Account identifiers of the sandbox bank: IBANs (ISO 13616: the country's length and BBAN
 * format, mod-97 check digits) checked and composed with `ibantools`, UK sort code and account
 * number pairs checked with `uk-modulus-checking` (Vocalink's modulus checks), never by a
 * pattern alone; and the masks under which an identifier may be shown or logged (never in full).
 */
import { composeIBAN, electronicFormatIBAN, isValidBBAN, validateIBAN } from 'ibantools';
import UkModulusChecking from 'uk-modulus-checking';
import type { BankCountry } from './bank-directory';

/** An IBAN in electronic format (no spaces, upper case) when it is valid, else null. */
export function checkedIban(input: string): string | null {
  const electronic = electronicFormatIBAN(input.slice(0, 64));
  if (!electronic) return null;
  return validateIBAN(electronic).valid ? electronic : null;
}

/** The digits of a UK sort code ("08-99-99" → "089999"), or null unless six digits. */
const sortCodeDigits = (sortCode: string) => {
  const digits = sortCode.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * Whether a UK sort code ("089999" or "08-99-99") and 8-digit account number pass Vocalink's
 * modulus checks (a sort code outside Vocalink's table passes, as Vocalink's document says: it
 * cannot be checked). Anything but 6 and 8 digits fails.
 */
export function isValidUkAccount(sortCode: string, accountNumber: string): boolean {
  const sort = sortCodeDigits(sortCode);
  const account = accountNumber.replace(/\s/g, '');
  if (!sort || !/^\d{8}$/.test(account)) return false;
  return new UkModulusChecking({ sortCode: sort, accountNumber: account }).isValid();
}

/**
 * The BBAN of an account at a demo bank: the bank's national code and the account's digits, laid
 * out as the country's format (ibantools' country specifications): GB bank code, sort code,
 * account number; SE and FI bank code and account, zero-padded; DE Bankleitzahl and account; NL
 * bank code and account; ES entidad and oficina, the two national check digits (the one pair
 * `ibantools` accepts), account.
 */
function bbanOf(country: BankCountry, bankCode: string, account: { digits: string; sortCode: string; ukAccount: string }): string | null {
  switch (country) {
    case 'GB':
      return `${bankCode}${account.sortCode}${account.ukAccount}`;
    case 'SE':
      return `${bankCode}${account.digits.padStart(17, '0')}`;
    case 'FI':
      return `${bankCode}${account.digits.padStart(11, '0')}`;
    case 'DE':
    case 'NL':
      return `${bankCode}${account.digits}`;
    case 'ES':
      for (let check = 0; check < 100; check += 1) {
        const bban = `${bankCode}${String(check).padStart(2, '0')}${account.digits}`;
        if (isValidBBAN(bban, 'ES')) return bban;
      }
      return null;
  }
}

/**
 * The IBAN of an account at a demo bank of `country` (`account.digits`: 10 digits; GB also its
 * sort code and 8-digit account number), check digits computed by `ibantools`. Throws when the
 * result is not a valid IBAN (a mistake in the sandbox's data).
 */
export function composeBankIban(
  country: BankCountry,
  bankCode: string,
  account: { digits: string; sortCode: string; ukAccount: string },
): string {
  const bban = bbanOf(country, bankCode, account);
  const iban = bban ? composeIBAN({ countryCode: country, bban }) : null;
  if (!iban || !checkedIban(iban)) throw new Error(`sandbox bank data: no valid IBAN for ${country} ${bankCode}`);
  return iban;
}

/** An IBAN as it may be shown or logged: the country, then the last four characters ("SE•• •••• 7466"). */
export const maskIban = (iban: string): string => `${iban.slice(0, 2)}•• •••• ${iban.slice(-4)}`;

/** A UK account as it may be shown or logged: the sort code's first pair, the account's last four ("08-••-•• ••••4958"). */
export const maskUkAccount = (sortCode: string, accountNumber: string): string =>
  `${sortCode.replace(/\D/g, '').slice(0, 2)}-••-•• ••••${accountNumber.slice(-4)}`;
