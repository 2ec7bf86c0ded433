/**
 * The attempt's part of an Idempotency-Key (reference: "Idempotency"): a UUID the page keeps
 * across a failed try (so trying again cannot charge or create twice) and replaces once the
 * attempt may have created something.
 */
import { randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The attempt's key: the form's, else the previous state's, else a new one. `previous` may be forged. */
export function attemptKeyOf(submitted: string | undefined, previous: unknown): string {
  if (submitted && UUID.test(submitted)) return submitted;
  const earlier = (previous as { attemptKey?: unknown } | null)?.attemptKey;
  return typeof earlier === 'string' && UUID.test(earlier) ? earlier : randomUUID();
}
