/**
 * The state machines of the sandbox's pay-ins and payouts (docs/design.md, section 3, "States"):
 * the one table of allowed next states per status. Every status write goes through
 * `assertTransition` (changePayin, changePayout in records.ts); an edge not in the table is
 * 409 INVALID_STATE. The actions the API and the console offer (process, refund, confirm,
 * reject, give a payout's destination) are read off the same table.
 * Guards that are not about the status alone (a pay-in's attempt limit) stay with their operation.
 */
import type { PayinStatus, PayoutStatus } from '@hosted-checkout/contract/enums';
import { SandboxApiError } from './api-error';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

/** Where a card or direct-link processing of a pay-in can lead at once. */
const PROCESSING_OUTCOMES = ['PENDING', 'PENDING_3DS', 'SUCCESS', 'DECLINED', 'FAILED'] as const satisfies readonly PayinStatus[];

export const PAYIN_TRANSITIONS: Readonly<Record<PayinStatus, readonly PayinStatus[]>> = {
  // Card outcomes can be immediate (SUCCESS, DECLINED, FAILED) or PENDING / PENDING_3DS.
  CREATED: PROCESSING_OUTCOMES,
  PENDING: ['SUCCESS', 'DECLINED', 'FAILED', 'TIMEOUT'],
  PENDING_3DS: ['SUCCESS', 'DECLINED', 'FAILED', 'TIMEOUT'],
  // Processed again with another card while attempts remain (the attempt limit is a separate guard).
  DECLINED: PROCESSING_OUTCOMES,
  SUCCESS: ['REFUND_PENDING'],
  PARTIALLY_REFUNDED: ['REFUND_PENDING'],
  REFUND_PENDING: ['REFUNDED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'],
  FAILED: [],
  TIMEOUT: [],
  REFUNDED: [],
  REFUND_FAILED: [],
};

export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  // Destination given: wait for the merchant, or PENDING at once with payoutAutoConfirm.
  CREATED: ['WAITING_FOR_CONFIRMATION', 'PENDING', 'REJECTED'],
  WAITING_FOR_CONFIRMATION: ['PENDING', 'REJECTED'],
  PENDING: ['PROCESSED', 'FAILED', 'TIMEOUT'],
  PROCESSED: [],
  REJECTED: [],
  FAILED: [],
  TIMEOUT: [],
};

/** The table of `type`, keyed by plain strings for the implementations below. */
const tableOf = (type: CheckoutTransactionType): Readonly<Record<string, readonly string[]>> =>
  type === 'payin' ? PAYIN_TRANSITIONS : PAYOUT_TRANSITIONS;

export function canTransition(type: 'payin', from: PayinStatus, to: PayinStatus): boolean;
export function canTransition(type: 'payout', from: PayoutStatus, to: PayoutStatus): boolean;
export function canTransition(type: CheckoutTransactionType, from: string, to: string): boolean {
  return tableOf(type)[from]?.includes(to) ?? false;
}

/**
 * Throws 409 INVALID_STATE unless `from → to` is an edge of the table. `action` words the
 * message ("A payout in status PROCESSED cannot be rejected"); without it the edge is named.
 */
export function assertTransition(type: 'payin', from: PayinStatus, to: PayinStatus, action?: string): void;
export function assertTransition(type: 'payout', from: PayoutStatus, to: PayoutStatus, action?: string): void;
export function assertTransition(type: CheckoutTransactionType, from: string, to: string, action?: string): void {
  if (tableOf(type)[from]?.includes(to)) return;
  const noun = type === 'payin' ? 'A pay-in' : 'A payout';
  throw new SandboxApiError('INVALID_STATE', `${noun} in status ${from} cannot ${action ? `be ${action}` : `become ${to}`}`);
}

/** Terminal statuses: no edge leaves them. */
export const isTerminal = (type: CheckoutTransactionType, status: PayinStatus | PayoutStatus): boolean =>
  tableOf(type)[status]?.length === 0;

/**
 * What may be done to a pay-in in `status`: processed (card, saved card, direct link: every
 * processing outcome is an edge; the attempt limit is checked besides) and refunded (the
 * edge to REFUND_PENDING; console only).
 */
export function payinActions(status: PayinStatus): { process: boolean; refund: boolean } {
  return {
    process: PROCESSING_OUTCOMES.every((to) => canTransition('payin', status, to)),
    refund: canTransition('payin', status, 'REFUND_PENDING'),
  };
}

/**
 * What may be done to a payout in `status`: given its destination (the edge to
 * WAITING_FOR_CONFIRMATION), confirmed (the edge WAITING_FOR_CONFIRMATION → PENDING: CREATED →
 * PENDING is auto-confirmation, not a merchant's confirm), rejected (an edge to REJECTED).
 */
export function payoutActions(status: PayoutStatus): { giveDestination: boolean; confirm: boolean; reject: boolean } {
  return {
    giveDestination: canTransition('payout', status, 'WAITING_FOR_CONFIRMATION'),
    confirm: status === 'WAITING_FOR_CONFIRMATION' && canTransition('payout', status, 'PENDING'),
    reject: canTransition('payout', status, 'REJECTED'),
  };
}
