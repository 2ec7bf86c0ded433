/**
 * The operations of responsible gambling (docs/design.md): a customer's limits, the regulators' answers, self-exclusion and the financial review.
 * Spread into the operations table (operations.ts), in the order of the OpenAPI document.
 */
import { CustomerLimitsRequest } from '../customer';
import { ExclusionRequest, ResponsibleGambling, ResponsibleGamblingRequest, ReviewRequest } from './schemas';
import { merchantOnly, checkoutOnly } from '../operation-spec';
import type { OperationSpec } from '../operation-spec';

export const RESPONSIBLE_GAMBLING_OPERATIONS = {
  setCustomerLimits: {
    method: 'PUT',
    path: '/public/customer/{customerId}/limits',
    summary: "Responsible gambling: the merchant sets a customer's deposit, loss and net deposit limits per day, week and month",
    description:
      'Body `{ deposit?, loss?, netDeposit? }`, each `{ CURRENCY: { day?, week?, month? } }` in major units (at least one kind; `{ "deposit": { "EUR": { "day": 50 } } }` as before). Each kind named replaces that kind; the changes follow the customer\'s rules: lower or new at once, higher or removed after the cooling-off (and under UKGC the customer\'s confirmation in the cashier). 400 VALIDATION_ERROR for an unknown kind or period, an amount the currency cannot hold, a required deposit limit left out or the monthly ceiling passed; 404 for another merchant\'s customer.',
    request: CustomerLimitsRequest,
    answer: null,
    idempotent: false,
    extension: true,
    callers: merchantOnly,
  },
  setResponsibleGambling: {
    method: 'PUT',
    path: '/public/cashier/session/{sessionId}/responsible-gambling',
    summary: 'Responsible gambling: the customer sets their own deposit limits and reality checks in the cashier',
    description:
      "A lower or new limit applies at once; a higher one, or none, after the cooling-off of the rules in force (24 h; Sweden 72 h and the period; Germany 7 days), and under UKGC once confirmed again (`confirmReady`). 400 VALIDATION_ERROR names a limit the rules require or a ceiling passed (GGL). Answers the session's `responsibleGambling`.",
    request: ResponsibleGamblingRequest,
    answer: ResponsibleGambling,
    answerDescription: 'The rules and limits now',
    idempotent: false,
    extension: true,
    callers: checkoutOnly,
    holder: { scope: 'session', access: 'move' },
  },
  setCustomerExclusion: {
    method: 'PUT',
    path: '/public/customer/{customerId}/exclusion',
    summary: 'Responsible gambling: the merchant records a time-out or self-exclusion of a customer, or lifts it',
    description: 'While it lasts, creating or paying a deposit of the customer is 409 CUSTOMER_EXCLUDED; withdrawals stay open.',
    request: ExclusionRequest,
    answer: null,
    idempotent: false,
    extension: true,
    callers: merchantOnly,
  },
  setCustomerReview: {
    method: 'PUT',
    path: '/public/customer/{customerId}/review',
    summary: 'Responsible gambling: the merchant records when a customer last reviewed their limits and account history',
    description:
      'The cashier reminds a customer under the UKGC’s rules to review their limits and history 182 days after this date (RTS 12: at least every six months); dismissing the reminder in the cashier records it too. 400 VALIDATION_ERROR for a date in the future.',
    request: ReviewRequest,
    answer: null,
    idempotent: false,
    extension: true,
    callers: merchantOnly,
  },
} as const satisfies Record<string, OperationSpec>;
