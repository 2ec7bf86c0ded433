/**
 * A value the code holds to be there (a map entry it has just set, a row it has just written, a
 * fixture's record): `required` hands it on typed as present, and if it is missing after all
 * throws here, naming what was missing, instead of letting a TypeError surface far from the cause
 * (which is what an unchecked `value!` does).
 */

/** A value held to be present was missing: a broken invariant, not a refusal to show anyone. */
export class MissingValueError extends Error {
  constructor(what: string) {
    super(`${what} is missing`);
    this.name = 'MissingValueError';
  }
}

/**
 * `value` when it is present (neither null nor undefined); else throws a `MissingValueError`
 * naming `what` (a few words saying which value, e.g. "the payin just created").
 */
export function required<T>(value: T, what: string): NonNullable<T> {
  if (value === null || value === undefined) throw new MissingValueError(what);
  return value;
}
