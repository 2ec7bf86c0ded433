/**
 * The operations of a payout (reference: payouts): creating, reading, confirming or rejecting it, processing it to a card or by direct link, and its methods.
 * Spread into the operations table (operations.ts), in the order of the OpenAPI document.
 */
import { PayoutMethodList } from './transaction-methods';
import {
  PayoutCardRequest,
  PayoutCreateRequest,
  PayoutCreateResponse,
  PayoutDirectLinkRequest,
  PayoutProcessingResponse,
  PayoutTransaction,
} from './payout';
import { both, merchantOnly } from './operation-spec';
import type { OperationSpec } from './operation-spec';

export const PAYOUT_OPERATIONS = {
  createPayout: {
    method: 'POST',
    path: '/public/payout',
    summary: 'Create a payout transaction',
    request: PayoutCreateRequest,
    answer: PayoutCreateResponse,
    answerDescription: 'Created',
    idempotent: true,
    extension: false,
    callers: merchantOnly,
  },
  getPayout: {
    method: 'GET',
    path: '/public/payout/{payoutId}',
    summary: 'Fetch a payout transaction',
    answer: PayoutTransaction,
    answerDescription: 'The payout',
    idempotent: false,
    extension: true,
    callers: both,
    holder: { scope: 'payout', access: 'read' },
  },
  confirmPayout: {
    method: 'PUT',
    path: '/public/payout/{payoutId}/confirm',
    summary: 'Confirm the payout: it starts processing',
    answer: null,
    idempotent: false,
    extension: false,
    callers: merchantOnly,
  },
  rejectPayout: {
    method: 'PUT',
    path: '/public/payout/{payoutId}/reject',
    summary: 'Reject the payout: it is not sent to a PSP',
    answer: null,
    idempotent: false,
    extension: false,
    callers: merchantOnly,
  },
  processPayoutCard: {
    method: 'POST',
    path: '/public/payout/{payoutId}/process/card',
    summary: 'Give the destination card of a payout',
    description:
      'Closed loop: a withdrawal in a cashier session goes only to a card the customer deposited with (a paid card pay-in of the same card), and at most what that card paid in to the customer, less refunds and what it has already received (its payouts not rejected or failed); a payout outside a session, once the customer has paid by card, too. Another card, or an amount above the card’s share, is 403 CLOSED_LOOP (above the share, its message states the most the card may receive; it never names the card), and the payout still waits for its destination. A payout answer’s `savedCards` are those it may go to for its value.',
    request: PayoutCardRequest,
    answer: PayoutProcessingResponse,
    answerDescription: 'Details given',
    idempotent: true,
    extension: true,
    callers: both,
    holder: { scope: 'payout', access: 'move' },
  },
  processPayoutDirectLink: {
    method: 'POST',
    path: '/public/payout/{payoutId}/process/direct-link',
    summary: 'Start direct-link payout processing',
    description:
      'Closed loop: a withdrawal in a cashier session by an alternative method goes only to an account the customer paid in from by that method (bank transfer: the IBAN; e-wallet: its e-mail; Pix: the CPF; crypto: network and address), and at most what that account paid in to the customer, less refunds and what it has already received (its payouts not rejected or failed); a payout outside a session, once the customer has paid by that method, too. Pay by Bank (`bank`) goes only to an account in the customer’s own name that they deposited from. Another account, or an amount above its share, is 403 CLOSED_LOOP (above the share, its message states the most the account may receive; it never names the account), and the payout still waits for its destination.',
    request: PayoutDirectLinkRequest,
    answer: PayoutProcessingResponse,
    answerDescription: 'Details given',
    idempotent: true,
    extension: false,
    callers: both,
    customerHeaders: true,
    holder: { scope: 'payout', access: 'move' },
  },
  getPayoutMethods: {
    method: 'GET',
    path: '/public/payout/{payoutId}/methods',
    summary: 'Payment methods of the payout',
    description: 'The answer carries the payout itself (`payout`, as GET answers it): one read for the APM page.',
    answer: PayoutMethodList,
    answerDescription: 'Methods',
    idempotent: false,
    extension: true,
    callers: both,
    holder: { scope: 'payout', access: 'read' },
  },
} as const satisfies Record<string, OperationSpec>;
