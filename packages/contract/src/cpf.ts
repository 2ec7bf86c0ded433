/**
 * Brazil's CPF (Cadastro de Pessoas Físicas), the taxpayer number of a natural person: 11 digits,
 * the last two check digits by modulo 11 (the Receita Federal's rule, as commonly published):
 * the first check digit is the sum of the first nine digits weighted 10 down to 2, times 10,
 * modulo 11 (10 counts as 0); the second is the sum of the first ten weighted 11 down to 2, the
 * same way. A number of one repeated digit (000.000.000-00 … 999.999.999-99) passes the sums but
 * is no one's CPF, and is refused.
 *
 * Written here rather than taken from npm (decided by this project): `@fnando/cpf` has had no
 * release since 2024, and `cpf-cnpj-validator` brings peer dependencies on five form libraries
 * for a dozen lines of arithmetic.
 *
 * The project's convention for a customer's CPF (docs/design.md, section 8): the customer's
 * `kyc` with `idType` 'CPF' (case-insensitive) and `idCountry` 'BR', `idNumber` the CPF formatted
 * (`529.982.247-25`) or bare (`52998224725`); the service keeps what it was given and compares
 * the normalised digits. A CPF is personal data: log at most {@link maskCpf}'s form.
 */

/** The 11 digits of a CPF typed formatted (`529.982.247-25`) or bare, with spaces around; null for anything else (other characters, separators misplaced, not 11 digits). Does not check the check digits: see {@link parseCpf}. */
export function normaliseCpf(input: string): string | null {
  const s = input.trim();
  if (/^\d{11}$/.test(s)) return s;
  const m = /^(\d{3})\.(\d{3})\.(\d{3})-(\d{2})$/.exec(s);
  return m ? m.slice(1).join('') : null;
}

/** The check digit of `digits` (9 or 10 of them) by the Receita Federal's modulo-11 rule: weights from `digits.length + 1` down to 2. */
function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  return ((sum * 10) % 11) % 10;
}

/** Whether 11 bare digits are a CPF: both check digits right, and not one digit repeated. */
export function isValidCpfDigits(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits.slice(0, 9)) === Number(digits[9]) && checkDigit(digits.slice(0, 10)) === Number(digits[10]);
}

/** The 11 digits of a valid CPF typed formatted or bare; null when it is malformed, a check digit is wrong or it is one repeated digit. */
export function parseCpf(input: string): string | null {
  const digits = normaliseCpf(input);
  return digits !== null && isValidCpfDigits(digits) ? digits : null;
}

/** Whether `input`, formatted or bare, is a valid CPF. */
export const isValidCpf = (input: string): boolean => parseCpf(input) !== null;

/** A CPF's 11 digits in the usual form, `529.982.247-25`. */
export const formatCpf = (digits: string): string => digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** A CPF as it may appear in a log or an error: two digits before the check digits and nothing else (`***.***.*47-**`; decided by this project: enough to tell two test payers apart, too little to find anyone). */
export function maskCpf(input: string): string {
  const digits = normaliseCpf(input) ?? input.replace(/\D/g, '').padStart(11, '*').slice(-11);
  return `***.***.*${digits.slice(7, 9)}-**`;
}

/** The shape of a customer's `kyc` that carries a CPF (payments-api-reference.md, "Customer"). */
export interface KycIdentity {
  idType?: string;
  idNumber?: string;
  idCountry?: string;
}

/** Whether `kyc` names a Brazilian CPF (idType 'CPF', idCountry 'BR' or left out), whatever its number. */
export const isCpfKyc = (kyc: KycIdentity | undefined): boolean =>
  kyc?.idType?.trim().toUpperCase() === 'CPF' && (kyc.idCountry === undefined || kyc.idCountry.trim().toUpperCase() === 'BR');

/** The CPF digits of a customer's `kyc` when it names a valid CPF; null when it names none or an invalid one. */
export const cpfOfKyc = (kyc: KycIdentity | undefined): string | null => (isCpfKyc(kyc) && kyc?.idNumber ? parseCpf(kyc.idNumber) : null);
