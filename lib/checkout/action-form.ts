/**
 * One pipeline for every server action's form post (card, saved card, payout destination, APM,
 * cashier): the argument must be a FormData of text fields; every field is length-bounded
 * before anything reads it (a 100 KB field is refused in microseconds, never parsed); the
 * action's control fields (ids, keys, choices) are then checked by the action's zod schema, so a
 * forged or missing argument becomes a clear form error, never a 500. What the customer typed
 * is validated afterwards by the domain's rules (lib/card, method descriptors, amounts).
 * And one mapping from a failed call of the payments service to what the form shows.
 */
import type { z } from 'zod';
import { PaymentsApiError } from '@/lib/payments-api/client';

/** Longest value of a field without a limit of its own, in characters. */
export const DEFAULT_FIELD_MAX = 256;
/** Longest value of any field at all (also those the schema does not name), in characters. */
export const ANY_FIELD_MAX = 4096;
/** Most fields a form may carry (including Next's own `$ACTION_*` fields). */
export const MAX_FIELDS = 64;

export type ParsedForm<T> =
  | { ok: true; data: T; form: FormData }
  | { ok: false; problem: 'forged' }
  | { ok: false; problem: 'tooLong'; fields: string[] };

/**
 * Reads a server action's FormData through `schema` (a z.object of the action's fields).
 * `limits` gives a field's own maximum length (default DEFAULT_FIELD_MAX). Never throws.
 */
export function parseActionForm<S extends z.ZodObject>(
  schema: S,
  form: unknown,
  limits: Partial<Record<string, number>> = {},
): ParsedForm<z.output<S>> {
  if (!(form instanceof FormData)) return { ok: false, problem: 'forged' };
  const tooLong = new Set<string>();
  let count = 0;
  for (const [name, value] of form.entries()) {
    count += 1;
    if (count > MAX_FIELDS || typeof value !== 'string' || name.length > DEFAULT_FIELD_MAX) return { ok: false, problem: 'forged' };
    if (value.length > ANY_FIELD_MAX) tooLong.add(name);
  }
  const values: Record<string, string | undefined> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = form.get(name);
    if (typeof value !== 'string') continue;
    if (value.length > (limits[name] ?? DEFAULT_FIELD_MAX)) tooLong.add(name);
    else values[name] = value;
  }
  if (tooLong.size > 0) return { ok: false, problem: 'tooLong', fields: [...tooLong] };
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data, form } : { ok: false, problem: 'forged' };
}

/** What a failed call means for the customer's form. */
export type CallFailure =
  /** No answer, a timeout or a 5xx: nothing may have changed; try again with the same Idempotency-Key. */
  | 'unavailable'
  /** 409 INVALID_STATE: the transaction moved on (paid, expired…): show its status. */
  | 'invalidState'
  /** 404: unknown transaction or session. */
  | 'notFound'
  /** 400: the service refused the input. */
  | 'invalid'
  /** Any other refusal (401, 403, other 409). */
  | 'rejected';

/** Classifies a failed call of the payments service; anything that is not a PaymentsApiError is `unavailable`. */
export function classifyFailure(error: unknown): CallFailure {
  if (!(error instanceof PaymentsApiError) || error.retryable) return 'unavailable';
  if (error.status === 409 && error.errorKey === 'INVALID_STATE') return 'invalidState';
  if (error.status === 404) return 'notFound';
  if (error.status === 400) return 'invalid';
  return 'rejected';
}

/** Log fields of a failure: kind, status and errorKey only (never a request body or card data). */
export function failureLogFields(error: unknown): Record<string, unknown> {
  return error instanceof PaymentsApiError
    ? { kind: error.kind, operation: error.operation, status: error.status, errorKey: error.errorKey }
    : { err: error };
}
