/**
 * The shape of an operation of the table (operations.ts): its method, path, schemas, callers and
 * the holder proof it asks for; the callers' constants the areas' tables share.
 */
import type { z } from 'zod';

/** Who calls: a merchant's bearer token, or the hosted pages' own credential. */
export type Caller = 'merchant' | 'checkout';
export const CALLERS: readonly Caller[] = ['merchant', 'checkout'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OperationSpec {
  method: HttpMethod;
  /** OpenAPI path template relative to {base_url}; `{name}` segments are path parameters. */
  path: string;
  summary: string;
  description?: string;
  /** JSON request body; absent: the operation takes none. */
  request?: z.ZodType;
  /** Query parameters (strings), each optional; absent: the operation takes none. A value outside the schema is 400. */
  query?: z.ZodObject;
  /** JSON answer of `status` 200; null: 204 No Content. */
  answer: z.ZodType | null;
  /** Description of the success answer in the OpenAPI document. */
  answerDescription?: string;
  /** Honours Idempotency-Key. */
  idempotent: boolean;
  /** The operation or its body is not shown by the reference: decided by the design (x-extension). */
  extension: boolean;
  /** Who may call it; anyone else is answered 403 FORBIDDEN. */
  callers: readonly Caller[];
  /** Webhooks the operation leads to, for the OpenAPI document's `callbacks`. */
  callbacks?: Record<string, Record<string, { post: { summary: string; request: z.ZodType; responses: string } }>>;
  /**
   * Largest JSON body, in bytes, when above the API's 64 KiB (a document upload); such a body is
   * never logged.
   */
  maxBodyBytes?: number;
  /** Optional X-User-Agent and X-IP-Address headers (direct-link processing). */
  customerHeaders?: boolean;
  /**
   * The operation reads or moves what a customer's browser holds (the browser that spent the page's launch secret): the caller
   * sends that browser's proof in `Holder-Proof`, checked by the service before the operation
   * runs. `session`: the session of `{sessionId}`; `payout`: the payout of `{payoutId}` (a cashier
   * payout through its session); `customer`: a session of `{customerId}`. A merchant's token
   * reads without it, and moves without it only what no browser holds yet.
   */
  holder?: { scope: 'session' | 'payout' | 'customer'; access: 'read' | 'move' };
}

/** The header carrying a holder's proof. */
export const HOLDER_PROOF_HEADER = 'Holder-Proof';

/** Either caller. */
export const both = ['merchant', 'checkout'] as const;
/** A merchant's token only. */
export const merchantOnly = ['merchant'] as const;
/** The customer's own actions through the hosted pages (a merchant has its own: reject). */
export const checkoutOnly = ['checkout'] as const;
