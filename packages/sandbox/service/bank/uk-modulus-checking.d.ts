/**
 * Types of `uk-modulus-checking` (Uphold; MIT), which ships none: Vocalink's "Validating account
 * numbers" modulus checks (its weight table and sort code substitutions) of a UK sort code and
 * account number. `isValid()` answers whether the pair passes; it never throws for strings.
 */
declare module 'uk-modulus-checking' {
  export default class UkModulusChecking {
    constructor(input: { accountNumber: string; sortCode: string });
    isValid(): boolean;
  }
}
