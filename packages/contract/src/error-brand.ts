/**
 * Error classes recognised across bundles. Next.js builds route handlers,
 * server actions, pages, the proxy and instrumentation into separate bundles, and a module may
 * be copied into several: `error instanceof X` is then false for an X thrown by another copy, and
 * a refusal was taken for an outage. Each class of ours brands its instances with a name under
 * one process-wide symbol (`Symbol.for`, shared by every bundle) and is recognised by it (`X.is`).
 */
const BRAND = Symbol.for('hosted-checkout.error-brand');

/** Marks `error` as an instance of the class named `name` (called in the constructor). */
export function brandError(error: Error, name: string): void {
  Object.defineProperty(error, BRAND, { value: name, enumerable: false });
}

/** Whether `value` was branded `name` by any bundle's copy of its class. */
export function hasErrorBrand(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === name;
}
