/**
 * Text a browser wrote that the service passes on to a merchant, such as the User-Agent in
 * `launch.spent` (packages/contract/src/events.ts, LaunchSpentEvent): bounded and without control
 * characters, and still untrusted (it may hold markup or a spreadsheet formula: the merchant
 * escapes it for wherever it shows or stores it). The checkout (app/api/launch/route.ts) and the
 * service (packages/sandbox/service/core/page-holders.ts) both apply it.
 */

/** Longest User-Agent passed on to the merchant in `launch.spent`, in characters (code points). */
export const SPENT_USER_AGENT_MAX = 256;

/**
 * C0 and C1 controls and DEL (line breaks and escapes that forge a log line or a terminal), and
 * the Unicode bidirectional controls (U+202A–U+202E, U+2066–U+2069) that reorder what a back
 * office shows (CVE-2021-42574's "Trojan Source").
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * `value` with its control characters removed, cut to `max` code points (a surrogate pair is never
 * split) and trimmed; undefined when nothing is left (or for no value). Markup is kept as it came:
 * escaping is the reader's, for its own output.
 */
export function boundedUntrustedText(value: string | null | undefined, max: number): string | undefined {
  if (!value) return undefined;
  const kept = Array.from(value.replace(CONTROLS, '')).slice(0, max).join('').trim();
  return kept || undefined;
}

/** A User-Agent as `launch.spent` passes it on: `boundedUntrustedText` at SPENT_USER_AGENT_MAX. */
export const spentUserAgent = (value: string | null | undefined): string | undefined => boundedUntrustedText(value, SPENT_USER_AGENT_MAX);
