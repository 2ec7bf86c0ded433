/**
 * Request body limits known before any handler runs, so that the request guard
 * (lib/net/request-guard.ts) can answer a body over them before Next.js or a route reads it, and the
 * JSON nesting count the guard and the sandbox's router share.
 */

/** Largest page post (server action) body, in bytes: next.config.mjs `bodySizeLimit`, 100 KB. */
export const MAX_ACTION_BODY_BYTES = 100 * 1024;
/** Deepest JSON nesting accepted in a server action's arguments (this app's forms send 4 or 5 levels). */
export const MAX_ACTION_JSON_DEPTH = 64;
/** Largest JSON body of the sandbox's API (/sandbox/api), in bytes. */
export const SANDBOX_API_MAX_BODY_BYTES = 64 * 1024;
/**
 * Largest JSON body of the sandbox API's one upload, the customer's request for a higher monthly
 * ceiling (`requestLimitRaise`, a document of at most 5 MiB in base64 and the rest): the contract's
 * LIMIT_RAISE_MAX_BODY_BYTES (a sandbox test keeps them equal), in bytes.
 */
export const SANDBOX_API_MAX_UPLOAD_BYTES = Math.ceil((5 * 1024 * 1024) / 3) * 4 + 16 * 1024;
/** The sandbox API path that takes SANDBOX_API_MAX_UPLOAD_BYTES. */
export const SANDBOX_API_UPLOAD_PATH = /^\/sandbox\/api\/public\/cashier\/session\/[^/]+\/limit-raise-request\/?$/;

/** The largest body the sandbox API takes at `path` (its path under /sandbox/api), in bytes. */
export const sandboxApiMaxBodyBytes = (path: string): number =>
  SANDBOX_API_UPLOAD_PATH.test(path) ? SANDBOX_API_MAX_UPLOAD_BYTES : SANDBOX_API_MAX_BODY_BYTES;

/** Nesting depth of a JSON text (objects and arrays), counted without recursion, strings skipped; linear. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) max = Math.max(max, (depth += 1));
    else if (c === 125 || c === 93) depth -= 1;
  }
  return max;
}
