/**
 * Builds the OpenAPI 3.1 document of the payments service from the zod contract.
 * Operations and schemas that the reference does not show carry `x-extension: true`
 * (design brief, section 3). The document is checked in as `openapi/payments.openapi.json`
 * (`npm run openapi` writes it; a unit test fails when it is stale).
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject } from 'zod-openapi';
import { ErrorResponse } from './errors';
import { CheckoutSettings } from './merchant';
import { Customer } from './common';
import { CustomerRecord, SavedCardList } from './customer';
import { MethodList, PspRecord } from './methods';
import {
  BalanceUpdateRequest,
  CashierSession,
  CashierSessionCreateRequest,
  CashierSessionCreateResponse,
  SessionPayinRequest,
  SessionPayoutRequest,
  SessionTransactionList,
} from './cashier';
import {
  PayoutCardRequest,
  PayoutCreateRequest,
  PayoutCreateResponse,
  PayoutDirectLinkRequest,
  PayoutProcessingResponse,
  PayoutTransaction,
} from './payout';
import { H2hCreateRequest, H2hCreateResponse, H2hWebhook } from './h2h';
import {
  PayinCreateRequest,
  PayinCreateResponse,
  PayinProcessingResponse,
  PayinTransaction,
  ProcessCardRequest,
  ProcessDirectLinkRequest,
  ProcessSavedCardRequest,
} from './payin';

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

const errorResponses = {
  '400': { description: 'Bad Request (VALIDATION_ERROR)', ...json(ErrorResponse) },
  '401': { description: 'Unauthorized (UNAUTHORIZED)', ...json(ErrorResponse) },
  '403': { description: 'Forbidden (FORBIDDEN)', ...json(ErrorResponse) },
  '404': { description: 'Not Found (NOT_FOUND)', ...json(ErrorResponse) },
  '409': { description: 'Conflict (CONFLICT, INVALID_STATE, DUPLICATE_ORDER_ID)', ...json(ErrorResponse) },
  '500': { description: 'Internal Server Error (INTERNAL_ERROR)', ...json(ErrorResponse) },
};

/** E13: every POST honours an Idempotency-Key. */
const idempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      'x-extension': true,
      description:
        'The same key and body answer the first answer again without a second effect; the same key with another body is 409 CONFLICT (E13).',
    }),
});

function operation(
  op: Omit<ZodOpenApiOperationObject, 'responses'> & { ok: ZodOpenApiOperationObject['responses'] },
): ZodOpenApiOperationObject {
  const { ok, ...rest } = op;
  return { security: [{ bearerAuth: [] }], ...rest, responses: { ...ok, ...errorResponses } };
}

const payinIdParam = { path: z.object({ payinId: z.string() }) };
const payoutIdParam = { path: z.object({ payoutId: z.string() }) };
const sessionIdParam = { path: z.object({ sessionId: z.string() }) };
const directLinkHeaders = idempotencyHeader.extend({
  'X-User-Agent': z.string().optional().meta({ description: "The customer's User-Agent." }),
  'X-IP-Address': z.string().optional().meta({ description: "The customer's IP address." }),
});
const noContent = { '204': { description: 'No Content' } };
const ext = { 'x-extension': true } as const;

/** The whole document, as a plain JSON-serialisable object. */
export function buildOpenApiDocument() {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Payments service',
      version: '2.0.0',
      description:
        'Public API 2.0.0 of the payments service, as the hosted checkout uses it and as its embedded sandbox implements it. Operations and fields marked x-extension are decisions of the design brief where the reference says "not shown".',
    },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'http://localhost:3000/sandbox/api' } } }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'OAuth 2.0 access token sent as a bearer credential; identifies the merchant.',
        },
      },
    },
    paths: {
      '/public/payin': {
        post: operation({
          operationId: 'createPayin',
          summary: 'Create a pay-in transaction',
          requestParams: { header: idempotencyHeader },
          requestBody: json(PayinCreateRequest),
          ok: { '200': { description: 'Created', ...json(PayinCreateResponse) } },
        }),
      },
      '/public/payin/{payinId}': {
        get: operation({
          operationId: 'getPayin',
          summary: 'Fetch a pay-in transaction',
          requestParams: payinIdParam,
          ok: { '200': { description: 'The pay-in', ...json(PayinTransaction) } },
        }),
      },
      '/public/payin/{payinId}/process/card': {
        post: operation({
          operationId: 'processCard',
          summary: 'Start card processing',
          'x-extension': true,
          description: 'Body and redirectUrl are extension E1.',
          requestParams: { ...payinIdParam, header: idempotencyHeader },
          requestBody: json(ProcessCardRequest),
          ok: { '200': { description: 'Processing started', ...json(PayinProcessingResponse) } },
        }),
      },
      '/public/payin/{payinId}/process/saved-card': {
        post: operation({
          operationId: 'processSavedCard',
          summary: 'Start saved-card processing',
          description: 'redirectUrl in the answer is extension E2.',
          requestParams: { ...payinIdParam, header: idempotencyHeader },
          requestBody: json(ProcessSavedCardRequest),
          ok: { '200': { description: 'Processing started', ...json(PayinProcessingResponse) } },
        }),
      },
      '/public/payin/{payinId}/process/direct-link': {
        post: operation({
          operationId: 'processPayinDirectLink',
          summary: 'Start direct-link pay-in processing',
          requestParams: { ...payinIdParam, header: directLinkHeaders },
          requestBody: json(ProcessDirectLinkRequest),
          ok: { '200': { description: 'Processing started', ...json(PayinProcessingResponse) } },
        }),
      },
      '/public/payin/{payinId}/methods': {
        get: operation({
          operationId: 'getPayinMethods',
          summary: 'Payment methods of the pay-in (E6)',
          ...ext,
          requestParams: payinIdParam,
          ok: { '200': { description: 'Methods', ...json(MethodList) } },
        }),
      },
      '/public/payout': {
        post: operation({
          operationId: 'createPayout',
          summary: 'Create a payout transaction',
          requestParams: { header: idempotencyHeader },
          requestBody: json(PayoutCreateRequest),
          ok: { '200': { description: 'Created', ...json(PayoutCreateResponse) } },
        }),
      },
      '/public/payout/{payoutId}': {
        get: operation({
          operationId: 'getPayout',
          summary: 'Fetch a payout transaction (fields: E3)',
          ...ext,
          requestParams: payoutIdParam,
          ok: { '200': { description: 'The payout', ...json(PayoutTransaction) } },
        }),
      },
      '/public/payout/{payoutId}/confirm': {
        put: operation({ operationId: 'confirmPayout', summary: 'Confirm the payout: it starts processing', requestParams: payoutIdParam, ok: noContent }),
      },
      '/public/payout/{payoutId}/reject': {
        put: operation({ operationId: 'rejectPayout', summary: 'Reject the payout: it is not sent to a PSP', requestParams: payoutIdParam, ok: noContent }),
      },
      '/public/payout/{payoutId}/process/card': {
        post: operation({
          operationId: 'processPayoutCard',
          summary: 'Give the destination card of a payout (E5)',
          ...ext,
          requestParams: { ...payoutIdParam, header: idempotencyHeader },
          requestBody: json(PayoutCardRequest),
          ok: { '200': { description: 'Details given', ...json(PayoutProcessingResponse) } },
        }),
      },
      '/public/payout/{payoutId}/process/direct-link': {
        post: operation({
          operationId: 'processPayoutDirectLink',
          summary: 'Start direct-link payout processing (body and answer: E4)',
          requestParams: { ...payoutIdParam, header: directLinkHeaders },
          requestBody: json(PayoutDirectLinkRequest),
          ok: { '200': { description: 'Details given', ...json(PayoutProcessingResponse) } },
        }),
      },
      '/public/payout/{payoutId}/methods': {
        get: operation({
          operationId: 'getPayoutMethods',
          summary: 'Payment methods of the payout (E6)',
          ...ext,
          requestParams: payoutIdParam,
          ok: { '200': { description: 'Methods', ...json(MethodList) } },
        }),
      },
      '/public/customer': {
        post: operation({
          operationId: 'saveCustomer',
          summary: 'Create or update a customer (answer: decided by this project)',
          requestParams: { header: idempotencyHeader },
          requestBody: json(Customer),
          ok: { '200': { description: 'The customer', ...json(CustomerRecord) } },
        }),
      },
      '/public/customer/{customerId}/cards': {
        get: operation({
          operationId: 'listSavedCards',
          summary: "The customer's saved cards (E7)",
          ...ext,
          requestParams: { path: z.object({ customerId: z.string() }) },
          ok: { '200': { description: 'Cards', ...json(SavedCardList) } },
        }),
      },
      '/public/customer/{customerId}/cards/{cardId}': {
        delete: operation({
          operationId: 'deleteSavedCard',
          summary: 'Remove a saved card (E7)',
          ...ext,
          requestParams: { path: z.object({ customerId: z.string(), cardId: z.string() }) },
          ok: noContent,
        }),
      },
      '/public/cashier/session': {
        post: operation({
          operationId: 'createCashierSession',
          summary: 'Create a cashier session',
          requestParams: { header: idempotencyHeader },
          requestBody: json(CashierSessionCreateRequest),
          ok: { '200': { description: 'Created', ...json(CashierSessionCreateResponse) } },
        }),
      },
      '/public/cashier/session/{sessionId}': {
        get: operation({
          operationId: 'getCashierSession',
          summary: 'Fetch a cashier session (E8)',
          ...ext,
          requestParams: sessionIdParam,
          ok: { '200': { description: 'The session', ...json(CashierSession) } },
        }),
      },
      '/public/cashier/session/{sessionId}/balance': {
        put: operation({
          operationId: 'updateCashierBalance',
          summary: 'Update the session balance (body: E11)',
          requestParams: sessionIdParam,
          requestBody: json(BalanceUpdateRequest),
          ok: noContent,
        }),
      },
      '/public/cashier/session/{sessionId}/payin': {
        post: operation({
          operationId: 'createSessionPayin',
          summary: 'Create a pay-in in the session (E9)',
          ...ext,
          requestParams: { ...sessionIdParam, header: idempotencyHeader },
          requestBody: json(SessionPayinRequest),
          ok: { '200': { description: 'Created', ...json(PayinCreateResponse) } },
        }),
      },
      '/public/cashier/session/{sessionId}/payout': {
        post: operation({
          operationId: 'createSessionPayout',
          summary: 'Create a payout in the session (E9)',
          ...ext,
          requestParams: { ...sessionIdParam, header: idempotencyHeader },
          requestBody: json(SessionPayoutRequest),
          ok: { '200': { description: 'Created', ...json(PayoutCreateResponse) } },
        }),
      },
      '/public/cashier/session/{sessionId}/transactions': {
        get: operation({
          operationId: 'listSessionTransactions',
          summary: "The session's pay-ins and payouts, newest first (E10)",
          ...ext,
          requestParams: sessionIdParam,
          ok: { '200': { description: 'Transactions', ...json(SessionTransactionList) } },
        }),
      },
      '/public/psp/{merchantEnabledPspId}': {
        get: operation({
          operationId: 'getPsp',
          summary: 'A PSP enabled for the merchant (fields: decided by this project)',
          requestParams: { path: z.object({ merchantEnabledPspId: z.string() }) },
          ok: { '200': { description: 'The PSP', ...json(PspRecord) } },
        }),
      },
      '/transaction/h2h/create': {
        post: operation({
          operationId: 'createH2hTransaction',
          summary: 'Legacy host-to-host card transaction; the result arrives by webhook',
          requestParams: { header: idempotencyHeader },
          requestBody: json(H2hCreateRequest),
          ok: { '200': { description: 'Accepted (answer: decided by the design brief)', ...json(H2hCreateResponse) } },
          callbacks: {
            transactionWebhook: {
              '{$request.body#/hookUrl}': {
                post: {
                  summary: 'Transaction result, signed with X-Signature: sha256=<hex HMAC-SHA256 of the raw body>',
                  requestBody: json(H2hWebhook),
                  responses: { '200': { description: 'Any 2xx acknowledges; others are retried after 1, 2, 4, 8, 16 s' } },
                },
              },
            },
          },
        }),
      },
      '/public/merchant/{merchantId}/checkout-settings': {
        get: operation({
          operationId: 'getCheckoutSettings',
          summary: "The merchant's hosted checkout settings (E12)",
          'x-extension': true,
          requestParams: { path: z.object({ merchantId: z.string() }) },
          ok: { '200': { description: 'Settings', ...json(CheckoutSettings) } },
        }),
      },
    },
  });
}
