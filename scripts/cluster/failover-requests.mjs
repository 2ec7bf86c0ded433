/**
 * The failover test's client side (failover-test.mjs): requests sent as a real client sends them
 * (again after a 5xx, a network error or a timeout, with the same key), and the count of every
 * error the customers and widgets saw, by kind.
 */

/** One request's own limit: past it the customer's client gives up on it and tries again (the checkout allows 15 s to the service). */
const REQUEST_TIMEOUT_MS = 30_000;

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Seconds (fractional) since `t0`, a performance.now() reading. */
export const since = (t0) => (performance.now() - t0) / 1000;

// --- What customers saw: every error by kind ---------------------------------------------------
/** kind → how many times it was seen (printed, then cleared, by the run). */
export const seen = new Map();
/** Counts one error of `kind` (a label such as "card form post: 503"). */
export const saw = (kind) => seen.set(kind, (seen.get(kind) ?? 0) + 1);

/**
 * One request as a real client sends it: on a 5xx or a network error (or its own timeout) it is
 * sent again, the same (same Idempotency-Key, same form), after a short wait, until `deadline`.
 * `label` names the step in the error counts. Answers the last response (status < 500) with its text and final address (`url`, after redirects).
 */
export async function send(label, url, init, deadline) {
  for (let attempt = 1; ; attempt += 1) {
    let status;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const text = await response.text();
      if (response.status < 500) return { status: response.status, text, headers: response.headers, url: response.url };
      status = response.status;
      saw(`${label}: ${status}`);
    } catch (error) {
      saw(
        `${label}: ${error?.name === 'TimeoutError' ? 'timeout' : `no answer (${error?.cause?.code ?? error?.cause?.message ?? error?.message})`}`,
      );
    }
    if (Date.now() > deadline) throw new Error(`${label}: gave up (${status ?? 'no answer'})`);
    await sleep(Math.min(2000, 250 * attempt) + Math.random() * 250);
  }
}

/** A JSON POST's request init: `body` serialized, `headers` added to its Content-Type. */
export const json = (body, headers) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
