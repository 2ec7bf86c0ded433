/**
 * The sandbox bank's payment statuses and their one mapping to the service's pay-in statuses
 * (docs/design.md, "Pay by Bank: the status mapping", with its sources): ISO 20022 pain.002
 * transaction statuses (ExternalPaymentTransactionStatus1Code) as the Berlin Group's
 * NextGenPSD2 `transactionStatus` and UK Open Banking's payment status (v4: the ISO codes
 * themselves) use them, with an ISO 20022 ExternalStatusReason1Code on a rejection.
 */
import type { DetailedStatus, PayinStatus } from '@hosted-checkout/contract/enums';
import type { AccountOutcome } from './test-users';

/** RCVD received, ACTC accepted technical validation (authorised), ACSP settlement in process, ACSC settlement completed, RJCT rejected. */
export const BANK_STATUSES = ['RCVD', 'ACTC', 'ACSP', 'ACSC', 'RJCT'] as const;
export type BankStatus = (typeof BANK_STATUSES)[number];

/**
 * Reasons of a rejection (ISO 20022 ExternalStatusReason1Code): AM04 insufficient funds, AC04
 * closed account, AG01 transaction forbidden (on this account), MS02 not specified, customer
 * generated (the customer refused or cancelled), AB03 settlement aborted: timeout.
 */
export const BANK_REASONS = ['AM04', 'AC04', 'AG01', 'MS02', 'AB03'] as const;
export type BankReason = (typeof BANK_REASONS)[number];

/** UK Open Banking's v3.1 names of the same statuses (its v4 uses the ISO codes). */
export const UK_OPEN_BANKING_NAME: Record<BankStatus, string> = {
  RCVD: 'Pending',
  ACTC: 'Pending',
  ACSP: 'AcceptedSettlementInProcess',
  ACSC: 'AcceptedSettlementCompleted',
  RJCT: 'Rejected',
};

/** What a bank status (and reason) means for the pay-in: its status and statusReason's detailedStatus and reason. */
export interface PayinMapping {
  status: PayinStatus;
  detailedStatus?: DetailedStatus;
  reason?: string;
}

/** The rejections, by reason: the pay-in's status and detailedStatus. */
const REJECTIONS: Record<BankReason, PayinMapping> = {
  AM04: { status: 'DECLINED', detailedStatus: 'INSUFFICIENT_FUNDS', reason: 'Insufficient funds (ISO 20022 AM04)' },
  AC04: { status: 'DECLINED', detailedStatus: 'BANK_ISSUES', reason: 'The account is closed (ISO 20022 AC04)' },
  AG01: {
    status: 'DECLINED',
    detailedStatus: 'TRANSACTION_NOT_ALLOWED',
    reason: 'The bank does not allow payments from this account (ISO 20022 AG01)',
  },
  MS02: {
    status: 'DECLINED',
    detailedStatus: 'CUSTOMER_CANCELLED',
    reason: 'The customer refused the payment at their bank (ISO 20022 MS02)',
  },
  AB03: {
    status: 'TIMEOUT',
    detailedStatus: 'TRANSACTION_TIMEOUT',
    reason: 'The bank did not complete the payment in time (ISO 20022 AB03)',
  },
};

/**
 * The pay-in status of a bank status: RCVD, ACTC and ACSP are PENDING (the money has not
 * arrived), ACSC is SUCCESS, RJCT follows its reason (an unknown or missing one: DECLINED,
 * GENERAL_DECLINE).
 */
export function payinStatusOf(status: BankStatus, reason?: BankReason | null): PayinMapping {
  if (status === 'ACSC') return { status: 'SUCCESS' };
  if (status !== 'RJCT') return { status: 'PENDING' };
  return (reason && REJECTIONS[reason]) || { status: 'DECLINED', detailedStatus: 'GENERAL_DECLINE', reason: 'Rejected by the bank' };
}

/** Whether the bank has finished with a payment (ACSC or RJCT): nothing more can change it. */
export const isFinalBankStatus = (status: BankStatus): boolean => status === 'ACSC' || status === 'RJCT';

/** A timed bank outcome: ACSP now, then this status after `afterMs`. */
export interface LaterOutcome {
  status: 'ACSC' | 'RJCT';
  reason?: BankReason;
  afterMs: number;
}

/** A payment of "pending then paid" settles (ACSC) this long after its authorisation. */
export const PENDING_THEN_PAID_MS = 5_000;
/** A payment of "bank timeout" is given up (RJCT AB03) this long after its authorisation. */
export const BANK_TIMEOUT_MS = 8_000;

/**
 * What the bank does once the customer has authorised a payment from an account of `outcome`:
 * a status now (ACSC, ACSP or RJCT with its reason) and, for ACSP, the one it comes to later.
 */
export function afterAuthorisation(outcome: AccountOutcome): { status: BankStatus; reason?: BankReason; later?: LaterOutcome } {
  switch (outcome) {
    case 'PAYS':
      return { status: 'ACSC' };
    case 'PENDING_THEN_PAID':
      return { status: 'ACSP', later: { status: 'ACSC', afterMs: PENDING_THEN_PAID_MS } };
    case 'TIMEOUT':
      return { status: 'ACSP', later: { status: 'RJCT', reason: 'AB03', afterMs: BANK_TIMEOUT_MS } };
    case 'INSUFFICIENT_FUNDS':
      return { status: 'RJCT', reason: 'AM04' };
    case 'CLOSED':
      return { status: 'RJCT', reason: 'AC04' };
    case 'NOT_ALLOWED':
      return { status: 'RJCT', reason: 'AG01' };
    case 'REFUSED':
      return { status: 'RJCT', reason: 'MS02' };
  }
}
