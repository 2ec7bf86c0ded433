/**
 * Builds the OpenAPI 3.1 document of the payments service from the zod contract.
 * Operations and schemas that the reference does not show carry `x-extension: true`
 * (design brief, section 3). The document is checked in as `openapi/payments-api.json`
 * (`npm run openapi` writes it; a unit test fails when it is stale).
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject } from 'zod-openapi';
import { ErrorResponse } from './errors';
import { CheckoutSettings } from './merchant';
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
          requestParams: {
            ...payinIdParam,
            header: idempotencyHeader.extend({
              'X-User-Agent': z.string().optional(),
              'X-IP-Address': z.string().optional(),
            }),
          },
          requestBody: json(ProcessDirectLinkRequest),
          ok: { '200': { description: 'Processing started', ...json(PayinProcessingResponse) } },
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
