/**
 * One pipeline for every server action's form post (card, saved card, payout destination, APM,
 * cashier, the sandbox's console, ACS and provider pages): the argument must be a FormData of
 * text fields; every field is length-bounded before anything reads it (a 100 KB field is
 * refused in microseconds, never parsed); the action's fields are then checked by the action's
 * zod schema, so a forged or missing argument becomes a clear form error, never a 500. What a
 * customer typed is validated afterwards by the domain's rules (card rules, method descriptors,
 * amounts). Pure (a WHATWG FormData and a zod schema, no framework, no I/O), and used by both
 * houses: here, in the contract.
 */
import type { z } from 'zod';

/** Longest value of a field without a limit of its own, in characters. */
const DEFAULT_FIELD_MAX = 256;
/** Longest value of any field at all (also those the schema does not name), in characters. */
export const ANY_FIELD_MAX = 4096;
/** Most fields a form may carry (including Next's own `$ACTION_*` fields). */
export const MAX_FIELDS = 64;

type ParsedForm<T> =
  { ok: true; data: T; form: FormData } | { ok: false; problem: 'forged' } | { ok: false; problem: 'tooLong'; fields: string[] };

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
    // A field may exceed the common cap only where the action names a larger limit for it (a wallet's token).
    if (value.length > Math.max(ANY_FIELD_MAX, limits[name] ?? 0)) tooLong.add(name);
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
