/**
 * The operations table: every operation of the payments service (reference, "Endpoints") and
 * of the extensions (docs/extensions.md), written once. The OpenAPI document
 * (`openapi.ts`), the checkout's typed client (`lib/payments-api/client.ts`), the sandbox's
 * router (`packages/sandbox/service/router.ts`) and the table-driven contract and credential tests all
 * derive from it; adding an operation is one entry here and its implementation in the sandbox.
 *
 * `callers` says who may call an operation: a merchant's token, the hosted pages' own
 * credential, or both. Anything else is 403 FORBIDDEN.
 */
import type { z } from 'zod';
import { PAYIN_OPERATIONS } from './payin-operations';
import { PAYOUT_OPERATIONS } from './payout-operations';
import { CASHIER_OPERATIONS } from './cashier-operations';
import { RESPONSIBLE_GAMBLING_OPERATIONS } from './responsible-gambling/operations';
import { LIMIT_RAISE_OPERATIONS } from './responsible-gambling/limit-raise-operations';
import { MERCHANT_OPERATIONS } from './merchant-operations';
import type { OperationSpec } from './operation-spec';

export { CALLERS, HOLDER_PROOF_HEADER, type Caller, type HttpMethod, type OperationSpec } from './operation-spec';

/** Every operation, by operationId, in the order of the OpenAPI document. */
export const OPERATIONS = {
  ...PAYIN_OPERATIONS,
  ...PAYOUT_OPERATIONS,
  ...CASHIER_OPERATIONS,
  ...RESPONSIBLE_GAMBLING_OPERATIONS,
  ...LIMIT_RAISE_OPERATIONS,
  ...MERCHANT_OPERATIONS,
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;
export type Operation<K extends OperationId> = (typeof OPERATIONS)[K];

/** `{ payinId: string }` for '/public/payin/{payinId}/methods'. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : unknown;

/** The request body type of an operation (what its zod schema accepts), or undefined. */
export type RequestOf<K extends OperationId> = Operation<K> extends { request: infer S extends z.ZodType } ? z.input<S> : undefined;
/** The parsed request body of an operation, as the sandbox receives it. */
export type ParsedRequestOf<K extends OperationId> = Operation<K> extends { request: infer S extends z.ZodType } ? z.output<S> : undefined;
/** The query parameters of an operation (what its zod schema accepts), or undefined. */
export type QueryOf<K extends OperationId> = Operation<K> extends { query: infer S extends z.ZodType } ? z.input<S> : undefined;
/** The parsed query parameters of an operation ({} for one without). */
export type ParsedQueryOf<K extends OperationId> =
  Operation<K> extends { query: infer S extends z.ZodType } ? z.output<S> : Record<string, never>;
/** The answer of an operation (void for 204). */
export type AnswerOf<K extends OperationId> = Operation<K>['answer'] extends infer S extends z.ZodType ? z.output<S> : void;

export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

/** The success status of an operation: 200 with its answer, or 204. */
export const successStatus = (id: OperationId): 200 | 204 => (OPERATIONS[id].answer === null ? 204 : 200);
