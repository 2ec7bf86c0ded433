/**
 * Builds the OpenAPI 3.1 document of the payments service from the operations table
 * (`operations.ts`) and the zod contract. Operations and schemas that the reference does not
 * show carry `x-extension: true`; each operation names its callers in `x-callers`. The
 * document is checked in as `openapi/payments.openapi.json` (`npm run openapi` writes it; a unit
 * test fails when it is stale).
 */
import { z } from 'zod';
import { FinancialCheckDueEvent, LaunchSpentEvent, LimitRaiseEvent, PaymentEvent, RegisterExcludedEvent, WEBHOOK_HEADERS } from './events';
import { H2hWebhook } from './h2h';
import { PlayerIdentifiedWebhook } from './pay-n-play';
import { PayoutDeadlineEvent } from './payout-deadline-events';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { ErrorResponse } from './errors';
import { OPERATIONS, OPERATION_IDS, type OperationSpec } from './operations';
import { pathParamNames } from './operation-paths';

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

const errorResponses = {
  '400': { description: 'Bad Request (VALIDATION_ERROR)', ...json(ErrorResponse) },
  '401': { description: 'Unauthorized (UNAUTHORIZED)', ...json(ErrorResponse) },
  '403': { description: 'Forbidden (FORBIDDEN)', ...json(ErrorResponse) },
  '404': { description: 'Not Found (NOT_FOUND)', ...json(ErrorResponse) },
  '409': { description: 'Conflict (CONFLICT, INVALID_STATE, DUPLICATE_ORDER_ID, INSUFFICIENT_BALANCE)', ...json(ErrorResponse) },
  '413': { description: 'Payload Too Large (PAYLOAD_TOO_LARGE): the body is over 64 KB', ...json(ErrorResponse) },
  '429': { description: 'Too Many Requests (RATE_LIMITED), with Retry-After in seconds', ...json(ErrorResponse) },
  '500': { description: 'Internal Server Error (INTERNAL_ERROR)', ...json(ErrorResponse) },
  '503': {
    description:
      'Service Unavailable (SERVICE_UNAVAILABLE), with Retry-After in seconds: the service could not use its database for now (a failover); send the same request again with the same Idempotency-Key',
    ...json(ErrorResponse),
  },
};

/** Every POST honours an Idempotency-Key. */
const idempotencyHeader = z.object({
  'Idempotency-Key': z.string().min(1).max(255).optional().meta({
    'x-extension': true,
    description:
      'The same key and body answer the first answer again without a second effect; the same key with another body is 409 CONFLICT.',
  }),
});

const directLinkHeaders = idempotencyHeader.extend({
  'X-User-Agent': z.string().optional().meta({ description: "The customer's User-Agent." }),
  'X-IP-Address': z.string().optional().meta({ description: "The customer's IP address." }),
});
const noContent = { '204': { description: 'No Content' } };

const WHO: Record<string, string> = {
  merchant: "a merchant's token",
  checkout: "the hosted pages' credential",
};

/** One operation of the table as an OpenAPI operation object. */
function toOperation(operationId: string, op: OperationSpec): ZodOpenApiOperationObject {
  const names = pathParamNames(op.path);
  const path = names.length > 0 ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
  const header = op.customerHeaders ? directLinkHeaders : op.idempotent ? idempotencyHeader : undefined;
  const query = op.query;
  const requestParams =
    path || header || query ? { ...(path ? { path } : {}), ...(query ? { query } : {}), ...(header ? { header } : {}) } : undefined;
  const ok = op.answer === null ? noContent : { '200': { description: op.answerDescription ?? 'OK', ...json(op.answer) } };
  const callers = `Callers: ${op.callers.map((c) => WHO[c]).join(' or ')}.`;
  return {
    operationId,
    summary: op.summary,
    description: op.description ? `${op.description} ${callers}` : callers,
    ...(op.extension ? { 'x-extension': true } : {}),
    'x-callers': [...op.callers],
    security: [{ bearerAuth: [] }],
    ...(requestParams ? { requestParams } : {}),
    ...(op.request ? { requestBody: json(op.request) } : {}),
    responses: { ...ok, ...errorResponses },
    ...(op.callbacks
      ? {
          callbacks: Object.fromEntries(
            Object.entries(op.callbacks).map(([name, expressions]) => [
              name,
              Object.fromEntries(
                Object.entries(expressions).map(([expression, { post }]) => [
                  expression,
                  {
                    post: { summary: post.summary, requestBody: json(post.request), responses: { '200': { description: post.responses } } },
                  },
                ]),
              ),
            ]),
          ),
        }
      : {}),
  };
}

/** The paths object: every operation of the table under its path and method. */
function paths(): ZodOpenApiPathsObject {
  const out: ZodOpenApiPathsObject = {};
  for (const id of OPERATION_IDS) {
    const op: OperationSpec = OPERATIONS[id];
    out[op.path] = { ...out[op.path], [op.method.toLowerCase()]: toOperation(id, op) };
  }
  return out;
}

/** One webhook the service POSTs to the merchant: its body and the signature headers. */
function webhook(summary: string, body: z.ZodType): ZodOpenApiOperationObject {
  return {
    summary,
    parameters: WEBHOOK_HEADERS.map((h) => ({
      name: h.name,
      in: 'header' as const,
      required: true,
      description: h.description,
      schema: { type: 'string' as const },
    })),
    requestBody: { required: true, content: { 'application/json': { schema: body } } },
    responses: { '200': { description: 'Any 2xx: delivered. Anything else, or no answer in 5 s: retried after 1, 2, 4, 8 and 16 s.' } },
  };
}

/** The whole document, as a plain JSON-serialisable object. */
export function buildOpenApiDocument() {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Payments service',
      version: '2.0.0',
      description:
        'Public API 2.0.0 of the payments service, as the hosted checkout uses it and as its embedded sandbox implements it. Operations and fields marked x-extension are decisions of this project (docs/design.md, section 3) where the reference says "not shown".',
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
    paths: paths(),
    webhooks: {
      paymentEvent: {
        post: webhook('payin.status_changed and payout.status_changed, to the merchant webhook URL (set in the console)', PaymentEvent),
      },
      h2hTransaction: { post: webhook('Legacy host-to-host transaction webhook, to the hookUrl of the transaction', H2hWebhook) },
      launchSpent: {
        post: webhook(
          'launch.spent, to the merchant webhook URL: a browser opened a launch address (the cashier, the widget, a payout’s pages), with its address and User-Agent (untrusted text, at most 256 characters: escape it)',
          LaunchSpentEvent,
        ),
      },
      financialCheckDue: {
        post: webhook(
          'customer.financial_check_due, to the merchant webhook URL: a customer under its UKGC licence reached net deposits of £150 over a rolling 30 days (LCCP SR code 3.4.4: a financial vulnerability check is due); once per crossing, never blocking the customer',
          FinancialCheckDueEvent,
        ),
      },
      limitRaise: {
        post: webhook(
          'customer.limit_raise_requested, customer.limit_raise_approved and customer.limit_raise_declined, to the merchant webhook URL: a customer under its GGL licence asked for a monthly deposit ceiling above EUR 1,000 (GlüStV 2021 §6c(1) S.3), and the merchant’s decision (POST /public/limit-raise-requests/{requestId}/decision)',
          LimitRaiseEvent,
        ),
      },
      payoutDeadline: {
        post: webhook(
          'payout.deadline_approaching and payout.deadline_passed, to the merchant webhook URL: a cashier withdrawal under a licence with a payout deadline (SPA/MF, Brazil: 120 minutes from the request) is not paid out with a quarter of its time left, and is still not final at its deadline; each once per withdrawal',
          PayoutDeadlineEvent,
        ),
      },
      registerExcluded: {
        post: webhook(
          'customer.register_excluded, to the merchant webhook URL: a national self-exclusion register of a licence in force for the customer (ROFUS for Spillemyndigheden, SIGAP for SPA/MF) answered that the customer is excluded; once per exclusion; deposits are refused, withdrawals stay open',
          RegisterExcludedEvent,
        ),
      },
      playerIdentified: {
        post: webhook(
          'cashier.player.identified, to the merchant webhook URL: a Pay N Play login identified a player (the identity the bank verified, a returning player’s customer, probable matches); the merchant answers by player-decision',
          PlayerIdentifiedWebhook,
        ),
      },
    },
  });
}
