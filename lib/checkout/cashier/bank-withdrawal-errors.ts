/**
 * The error keys of the cashier's withdrawal by bank (bank-withdrawal-action.ts), each a message of
 * the catalogue's `bankWithdrawal.errors`, and the field each belongs to.
 */
import type { CashierError } from './cashier-failure';

/** The fields of the withdrawal by bank that an error may belong to. */
export type BankField = 'amount' | 'destination' | 'iban' | 'sortCode' | 'accountNumber' | 'name' | 'acknowledge';

export const BANK_WITHDRAWAL_ERRORS = [
  'destinationRequired',
  'nameRequired',
  'accountRequired',
  'accountInvalid',
  'sortCodeInvalid',
  'accountNumberInvalid',
  'closedLoop',
  'acknowledgeRequired',
  'checkExpired',
] as const;

export type BankWithdrawalError = CashierError | (typeof BANK_WITHDRAWAL_ERRORS)[number];

/** A cashier failure as the withdrawal by bank shows it (the same keys: the cashier's messages). */
export const bankWithdrawalError = (error: CashierError): BankWithdrawalError => error;
