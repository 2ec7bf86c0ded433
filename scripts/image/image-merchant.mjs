/**
 * The merchant's side of the image test (test-image.mjs): its server for the return pages, on
 * loopback, and its calls to the sandbox's merchant API through the container under test.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

/**
 * The merchant's server: its return pages on this namespace's loopback (127.0.0.1, a free port),
 * recording each visit. Answers `origin`, `returns` (the paths with query visited, in order) and `close()`.
 */
export async function startMerchant() {
  const returns = [];
  const merchant = http.createServer((request, response) => {
    returns.push(request.url);
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('Thank you for your order.');
  });
  await new Promise((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${merchant.address().port}`, returns, close: () => merchant.close() };
}

/**
 * The merchant API of the container at `origin` (the demo merchant's token; a POST with its own
 * Idempotency-Key; 30 s each), its return URLs on `merchantOrigin`. Answers `newPayin(orderId)`
 * (25.50 EUR), `payin(id)` and `openWidgetStream()`; each throws on an answer other than 2xx.
 */
export function merchantApi(origin, merchantOrigin) {
  const api = async (method, path, body) => {
    const response = await fetch(`${origin}/sandbox/api${path}`, {
      method,
      headers: {
        Authorization: 'Bearer sbx_demo_merchant',
        ...(body ? { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const customer = JSON.parse(readFileSync('packages/sandbox/service/sample-customer.json', 'utf8'));
  const newPayin = (orderId) =>
    api('POST', '/public/payin', {
      orderId,
      amount: 25.5,
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
      customer: { ...customer, externalUserId: `image-${randomUUID()}` },
      returnUrls: {
        success: `${merchantOrigin}/return/success?order=${orderId}`,
        failure: `${merchantOrigin}/return/failure?order=${orderId}`,
      },
    });
  const payin = (id) => api('GET', `/public/payin/${id}`);
  /**
   * A withdrawal widget's live-balance stream (README, "The cashier and the withdrawal widget"):
   * a cashier session, its widget address launched as a browser does (the one-time secret posted
   * to /api/launch for the holder's cookie), then GET /api/cashier/{id}/events held open until the
   * first event. Answers `ended()`, true once the server has closed it.
   */
  async function openWidgetStream() {
    const session = await api('POST', '/public/cashier/session', {
      customer: { ...customer, externalUserId: `image-${randomUUID()}` },
      returnUrls: { success: `${merchantOrigin}/return/success`, failure: `${merchantOrigin}/return/failure` },
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
      balance: 10,
    });
    const widget = new URL(session.widgetUrl);
    const launched = await fetch(`${origin}/api/launch`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: new URLSearchParams({ path: widget.pathname, launch: widget.searchParams.get('launch') ?? '' }),
      signal: AbortSignal.timeout(30_000),
    });
    const cookie = launched.headers.get('set-cookie')?.split(';')[0];
    if (launched.status !== 303 || !cookie) throw new Error(`launching the widget answered ${launched.status}`);
    let ended = false;
    await new Promise((resolve, reject) => {
      const request = http.get(`${origin}/api/cashier/${session.sessionId}/events`, { headers: { cookie } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`the widget's stream answered ${response.statusCode}`));
        response.once('data', resolve);
        response.on('close', () => (ended = true));
        response.resume();
      });
      request.on('error', () => (ended = true));
      request.setTimeout(30_000, () => reject(new Error('no event from the widget stream in 30 s')));
    });
    return { ended: () => ended };
  }
  return { newPayin, payin, openWidgetStream };
}

/** `value` with the HTML escapes of an attribute (&amp; &quot; &#x27;) undone. */
export const unescapeHtml = (value) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
