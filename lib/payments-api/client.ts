/**
 * Server-only typed client of the payments service (`PAYMENTS_API_BASE_URL`, bearer
 * `PAYMENTS_API_TOKEN`; the embedded sandbox when unset), derived from the operations table
 * (`packages/contract/src/operations.ts`). The entry point callers import; by responsibility:
 * - page-operations.ts: `paymentsApi`, the operations the hosted pages use, by name;
 * - call-operation.ts: `callOperation(id, …)`, any operation by id, with the browser's holder's proof;
 * - request-scoped-call.ts: a call as part of the request served (X-Request-Id, per-request memo, span);
 * - service-transport.ts: the request on the wire and its answer parsed with the contract's zod schema;
 * - merchant-locator.ts, lookup-caches.ts: the merchants of records, settings and BIN facts kept;
 * - payments-api-error.ts: PaymentsApiError, whose message never holds request data (card data
 *   travels in request bodies only).
 */
import 'server-only';

export { paymentsApi } from './page-operations';
export { callOperation } from './call-operation';
export { PaymentsApiError } from './payments-api-error';
