/**
 * The operations of a raise of the monthly deposit ceiling (Germany, GlüStV 2021 §6c(1) S.3;
 * limit-raise.ts; docs/design.md, section 8): the customer asks in the cashier, the merchant lists
 * the requests waiting and decides each. Spread into the operations table (operations.ts), in
 * the order of the OpenAPI document.
 */
import {
  LIMIT_RAISE_MAX_BODY_BYTES,
  LimitRaiseDecision,
  LimitRaiseListQuery,
  LimitRaiseRequest,
  LimitRaiseRequestCreate,
  LimitRaiseRequestList,
} from './limit-raise';
import { checkoutOnly, merchantOnly } from '../operation-spec';
import type { OperationSpec } from '../operation-spec';

export const LIMIT_RAISE_OPERATIONS = {
  requestLimitRaise: {
    method: 'POST',
    path: '/public/cashier/session/{sessionId}/limit-raise-request',
    summary: 'Responsible gambling (Germany): the customer asks for a monthly deposit ceiling above EUR 1,000, for the merchant to decide',
    description:
      'Only where the rules in force have a monthly ceiling (GGL). EUR major units; the document (PDF, JPEG or PNG, at most 5 MiB, base64) is checked against its type and kept as its SHA-256 and metadata. The ceiling does not change until the merchant approves (`POST /public/limit-raise-requests/{requestId}/decision`); the event `customer.limit_raise_requested` tells the merchant. 400 VALIDATION_ERROR for a ceiling not above the one in force, no ceiling in the rules, or a document that is empty, too large or not its type; 409 INVALID_STATE while another request waits.',
    request: LimitRaiseRequestCreate,
    answer: LimitRaiseRequest,
    answerDescription: 'The request, pending',
    idempotent: true,
    extension: true,
    callers: checkoutOnly,
    holder: { scope: 'session', access: 'move' },
    maxBodyBytes: LIMIT_RAISE_MAX_BODY_BYTES,
  },
  listLimitRaiseRequests: {
    method: 'GET',
    path: '/public/limit-raise-requests',
    summary: "Responsible gambling (Germany): the merchant's customers' requests for a higher monthly ceiling, oldest first",
    description: '`?status=pending` (the default), `approved` or `declined`; at most 500.',
    query: LimitRaiseListQuery,
    answer: LimitRaiseRequestList,
    answerDescription: 'The requests',
    idempotent: false,
    extension: true,
    callers: merchantOnly,
  },
  decideLimitRaiseRequest: {
    method: 'POST',
    path: '/public/limit-raise-requests/{requestId}/decision',
    summary: "Responsible gambling (Germany): the merchant approves a customer's higher monthly ceiling, or declines it with a reason",
    description:
      "Approve only with proof of economic capacity (income tax assessment, proof of income, bank statements; not the declaration alone) and no signs of problem play (the GGL, FAQ of 7 March 2025). `approved`: the ceiling (EUR, above 1,000, at most 30,000; above 10,000 only for at most 1 % of your active players) replaces EUR 1,000 for this customer; a raise of their limit up to it then waits the 7 days of any raise. `declined`: the reason is shown to the customer. With Idempotency-Key, a retry answers as the first time; a second decision on a decided request is 409 INVALID_STATE. 404 for another merchant's request.",
    request: LimitRaiseDecision,
    answer: LimitRaiseRequest,
    answerDescription: 'The request, decided',
    idempotent: true,
    extension: true,
    callers: merchantOnly,
  },
} as const satisfies Record<string, OperationSpec>;
