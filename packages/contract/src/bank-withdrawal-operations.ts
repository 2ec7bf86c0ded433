/**
 * The operations of withdrawals by bank from a cashier session (docs/design.md, E25), spread into
 * the operations table (operations.ts): the destinations a withdrawal may go to, and the payee name
 * check of another account. The withdrawal itself is E9's `POST .../payout` with `method: "bank"`
 * and `bankAccount`.
 */
import { PayeeCheckAnswer, PayeeCheckRequest, WithdrawalDestinations } from './bank-withdrawals';

export const BANK_WITHDRAWAL_OPERATIONS = {
  getWithdrawalDestinations: {
    method: 'GET',
    path: '/public/cashier/session/{sessionId}/withdrawal-destinations',
    summary: 'Where a withdrawal by bank may go: the deposit accounts, masked',
    description:
      'The accounts the session’s customer paid a deposit from by Pay by Bank (settled and paid), one per account, latest first, masked and named by an opaque `ref`; whether the merchant allows another account (after a payee name check).',
    answer: WithdrawalDestinations,
    answerDescription: 'The destinations',
    idempotent: false,
    extension: true,
    callers: ['merchant', 'checkout'],
    holder: { scope: 'session', access: 'read' },
  },
  checkPayee: {
    method: 'POST',
    path: '/public/cashier/session/{sessionId}/payee-check',
    summary: 'Check the payee name of an account before a withdrawal by bank (Verification / Confirmation of Payee)',
    description:
      "The payee's bank compares the name with the account's holder: the EPC's Verification of Payee for an IBAN outside the UK (MTCH, CMTC with the name held, NMTC, NOAP), Pay.UK's Confirmation of Payee for a UK account. An account the customer deposited from answers DEPOSIT_ACCOUNT (no check needed). 400 VALIDATION_ERROR for an identifier that fails its checks (ISO 13616 mod-97, Vocalink's modulus checks); 403 CLOSED_LOOP for another account when the merchant does not allow one. The answer's `checkId` names the account in the withdrawal (10 minutes, one use).",
    request: PayeeCheckRequest,
    answer: PayeeCheckAnswer,
    answerDescription: 'The check',
    idempotent: true,
    extension: true,
    callers: ['merchant', 'checkout'],
    holder: { scope: 'session', access: 'move' },
  },
} as const;
