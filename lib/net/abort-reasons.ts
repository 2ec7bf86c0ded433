/**
 * Abort reasons let go of the render that aborted. V8 keeps an Error's stack as structured frames
 * (each holding its function and receiver) until `.stack` is first read. Next.js and React abort
 * controllers on every render, often from a `setImmediate` callback ("This render completed
 * successfully…"); the reason Error is kept by its signal, its frames keep that Immediate, the
 * Immediate keeps the render's AsyncLocalStorage store (the whole request) and, through its stale
 * `_idlePrev`/`_idleNext`, the Immediates of other renders. Under load that pinned about 140 KB per
 * request (heap snapshots: `npm run bench:memory`, README "Memory"; vercel/next.js#97434).
 *
 * Reading `.stack` once, when the controller aborts, turns the frames into a string and drops
 * them; stack traces stay whole for the logs. Installed at start (lib/startup.ts); idempotent.
 */

const installed = Symbol.for('hosted-checkout.abort-reasons');

/** Formats an abort reason's stack (an Error, a DOMException) so its frames are let go. */
export function letGoOfFrames(reason: unknown): void {
  if (typeof reason !== 'object' || reason === null) return;
  try {
    void (reason as { stack?: unknown }).stack;
  } catch {
    // a stack getter that throws (a reason of someone's own class): nothing to let go
  }
}

/** Wraps `AbortController.prototype.abort` so every reason's stack is formatted as it aborts. */
export function formatAbortReasons(): void {
  const prototype = AbortController.prototype as AbortController & { [installed]?: true };
  if (prototype[installed]) return;
  const abort = prototype.abort;
  Object.defineProperty(prototype, 'abort', {
    configurable: true,
    writable: true,
    value: function abortWithFormattedReason(this: AbortController, reason?: unknown) {
      letGoOfFrames(reason);
      abort.call(this, reason);
      // abort() without a reason makes its own DOMException, with a stack of its own.
      if (reason === undefined) letGoOfFrames(this.signal.reason);
    },
  });
  Object.defineProperty(prototype, installed, { value: true });
}
