/**
 * The SRC system's browser API as the card page calls it (`POST /sandbox/src/api/{op}`, the route
 * handler packages/sandbox/routes/src/api/[op]/route.ts, with `Request`s): the whole way from a
 * Ticket Hall pay-in's session to a paid pay-in (code, "Remember me", recognition by cookie,
 * checkout, process/click-to-pay), the recognition cookie's name and attributes on https, on
 * loopback http and (none) on plain http elsewhere, its clearing by "Not you?", and the HTTP rules:
 * the caller's Origin (403), CORS for the checkout's origin only, the 8 KB cap (413), POST only
 * (405), an unknown op (404), bodies that are not JSON or not the op's shape (400), 503 for
 * anything unexpected, `no-store` on every answer.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET, OPTIONS, POST } from '@sandbox/routes/src/api/[op]/route';
import { handleSandboxRequest } from '@sandbox/service/http';
import { handleSrcApiRequest } from '@sandbox/service/src-system/browser-http';
import { sandboxDb } from '@sandbox/service/core/store';
import sampleCustomer from '@sandbox/service/sample-customer.json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer's JSON as the route sent it
type Json = Record<string, any>;

beforeAll(async () => {
  await sandboxDb();
}, 120_000);

const ENV_KEYS = ['CHECKOUT_URL', 'SANDBOX_PUBLIC_URL'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
afterEach(() => {
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

/** The checkout (and, unless given, the sandbox) on `checkout`. */
function origins(checkout: string, sandbox?: string) {
  process.env.CHECKOUT_URL = checkout;
  if (sandbox) process.env.SANDBOX_PUBLIC_URL = sandbox;
  else delete process.env.SANDBOX_PUBLIC_URL;
}

/** Every answer of the test, to check `no-store` on all. */
const answers: Response[] = [];
const params = (op: string) => ({ params: Promise.resolve({ op }) });

/** A call to the browser API from `origin` (the checkout's by default), with `cookie`; `raw` sent as it is. */
async function src(op: string, body: unknown, options: { origin?: string | null; cookie?: string; method?: string; raw?: string } = {}) {
  const origin = options.origin === undefined ? new URL(process.env.CHECKOUT_URL!).origin : options.origin;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (origin) headers.Origin = origin;
  if (options.cookie) headers.Cookie = options.cookie;
  const method = options.method ?? 'POST';
  const request = new Request(`${process.env.SANDBOX_PUBLIC_URL ?? process.env.CHECKOUT_URL}/sandbox/src/api/${op}`, {
    method,
    headers,
    body: method === 'POST' ? (options.raw ?? JSON.stringify(body)) : undefined,
  });
  const handler = method === 'POST' ? POST : method === 'OPTIONS' ? OPTIONS : GET;
  const response = await handler(request, params(op));
  answers.push(response);
  const text = await response.clone().text();
  return {
    response,
    status: response.status,
    body: (text ? JSON.parse(text) : null) as Json,
    setCookie: response.headers.get('set-cookie'),
  };
}

async function service(path: string, body: unknown, token = 'sbx_checkout') {
  const response = await handleSandboxRequest(
    new Request(`http://localhost/sandbox/api${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Json };
}

/** A Ticket Hall pay-in (EUR 42) for a customer with `email`, and a Click to Pay session of it: its token. */
async function sessionFor(email: string) {
  const created = await service(
    '/public/payin',
    {
      orderId: `order-${randomUUID()}`,
      amount: 42,
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 1,
      customer: { ...sampleCustomer, externalUserId: `c2p-${randomUUID()}`, email, phoneNumber: '+447700900199' },
      returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
    },
    'sbx_c2p_merchant',
  );
  expect(created.status).toBe(200);
  const payinId = created.body.paymentId as string;
  const session = await service(`/public/payin/${payinId}/click-to-pay/session`, {});
  expect(session.status).toBe(200);
  return { payinId, srcClientToken: session.body.srcClientToken as string, srcOrigin: session.body.srcOrigin as string };
}

/** The cookie pair (`name=value`) of a Set-Cookie value. */
const pairOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0]!;

describe('the browser API, the whole way', () => {
  it('validates with the code, remembers the browser, recognises it in the next session and pays (https, sandbox on its own origin)', async () => {
    origins('https://pay.example', 'https://sandbox.example');
    const first = await sessionFor('clara.c2p@example.com');
    expect(first.srcOrigin).toBe('https://sandbox.example');
    const { srcClientToken } = first;

    const unrecognised = await src('recognize', { srcClientToken });
    expect(unrecognised.status).toBe(200);
    expect(unrecognised.body).toEqual({
      recognized: false,
      consumerPresent: true,
      maskedIdentity: { type: 'EMAIL', value: 'c•••@example.com' },
    });
    // The checkout's origin is another than the sandbox's: CORS for exactly it, with credentials.
    expect(unrecognised.response.headers.get('access-control-allow-origin')).toBe('https://pay.example');
    expect(unrecognised.response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(unrecognised.response.headers.get('vary')).toMatch(/Origin/);

    expect((await src('validation-initiate', { srcClientToken })).body).toMatchObject({ maskedValidationChannel: 'c•••@example.com' });
    const wrong = await src('validation-complete', { srcClientToken, validationData: '111111' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ reason: 'CODE_INVALID', status: 400, message: expect.any(String), attemptsRemaining: 2 });
    const done = await src('validation-complete', { srcClientToken, validationData: '123456', rememberMe: true, locale: 'de-DE' });
    expect(done.status).toBe(200);
    expect(done.setCookie).toMatch(
      /^__Secure-sbx-src-recognition=[A-Za-z0-9_-]{43}; Path=\/sandbox\/src\/api\/; Max-Age=15552000; HttpOnly; Secure; SameSite=None; Partitioned$/,
    );

    // The next pay-in: recognised by the cookie, without a code.
    const second = await sessionFor('someone.else@example.com');
    const recognised = await src('recognize', { srcClientToken: second.srcClientToken }, { cookie: pairOf(done.setCookie) });
    expect(recognised.body).toMatchObject({ recognized: true, maskedIdentity: { type: 'EMAIL', value: 'c•••@example.com' } });
    // The same cookie set again: 180 days from this use.
    expect(recognised.setCookie).toBe(done.setCookie);
    const visa = (recognised.body.cards as Json[]).find((card) => card.panLastFour === '3220')!;
    const chosen = await src('checkout', {
      srcClientToken: second.srcClientToken,
      idToken: recognised.body.idToken,
      srcDigitalCardId: visa.srcDigitalCardId,
    });
    expect(chosen.body).toMatchObject({ dcfActionCode: 'COMPLETE', maskedCard: { panLastFour: '3220', brand: 'VISA' } });

    const paid = await service(`/public/payin/${second.payinId}/process/click-to-pay`, {
      browser: { userAgent: 'Mozilla/5.0 test', customerIp: '203.0.113.9', javascriptEnabled: true },
      clickToPay: {
        srcCorrelationId: chosen.body.srcCorrelationId,
        srcDigitalCardId: visa.srcDigitalCardId,
        checkoutResponse: chosen.body.checkoutResponse,
      },
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ paymentId: second.payinId, status: 'SUCCESS' });

    // "Not you?": the cookie cleared with the same Path and Partitioned, and no longer recognised.
    const out = await src(
      'sign-out',
      { srcClientToken: second.srcClientToken },
      { cookie: pairOf(done.setCookie), origin: 'https://sandbox.example' },
    );
    expect(out.body).toEqual({ recognized: false });
    expect(out.setCookie).toBe(
      '__Secure-sbx-src-recognition=; Path=/sandbox/src/api/; Max-Age=0; HttpOnly; Secure; SameSite=None; Partitioned',
    );
    // Called from the sandbox's own origin: no CORS headers.
    expect(out.response.headers.get('access-control-allow-origin')).toBeNull();
    const third = await sessionFor('someone.else@example.com');
    expect((await src('recognize', { srcClientToken: third.srcClientToken }, { cookie: pairOf(done.setCookie) })).body).toMatchObject({
      recognized: false,
    });
  });
});

describe('the recognition cookie by origin', () => {
  it('is named without the prefix on loopback http, and the loopback twin is a caller', async () => {
    origins('http://localhost:3000');
    const { srcClientToken } = await sessionFor('tomas.c2p@example.com');
    expect((await src('validation-initiate', { srcClientToken })).status).toBe(200);
    const done = await src('validation-complete', { srcClientToken, validationData: '123456', rememberMe: true });
    expect(done.setCookie).toMatch(
      /^sbx-src-recognition=[A-Za-z0-9_-]{43}; Path=\/sandbox\/src\/api\/; Max-Age=15552000; HttpOnly; Secure; SameSite=None; Partitioned$/,
    );
    // Same origin: no CORS headers; the twin (127.0.0.1) is another origin: CORS for it.
    expect(done.response.headers.get('access-control-allow-origin')).toBeNull();
    const twin = await src('sign-out', { srcClientToken }, { origin: 'http://127.0.0.1:3000', cookie: pairOf(done.setCookie) });
    expect(twin.status).toBe(200);
    expect(twin.response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(twin.setCookie).toBe('sbx-src-recognition=; Path=/sandbox/src/api/; Max-Age=0; HttpOnly; Secure; SameSite=None; Partitioned');
  });

  it('is never set on plain http outside loopback: "Remember me" is unavailable there', async () => {
    origins('http://checkout.test');
    const { srcClientToken } = await sessionFor('ravi.c2p@example.com');
    expect((await src('validation-initiate', { srcClientToken })).status).toBe(200);
    const done = await src('validation-complete', { srcClientToken, validationData: '123456', rememberMe: true });
    expect(done.status).toBe(200);
    expect(done.body.idToken).toEqual(expect.any(String));
    expect(done.setCookie).toBeNull();
    expect((await src('sign-out', { srcClientToken })).setCookie).toBeNull();
  });
});

describe('the HTTP rules', () => {
  it('refuses a foreign or missing Origin (403), and answers the preflight of the checkout’s origin only', async () => {
    origins('https://pay.example', 'https://sandbox.example');
    const { srcClientToken } = await sessionFor('nobody.here@example.com');
    for (const origin of ['https://evil.example', 'null', 'https://pay.example.evil.example', null]) {
      const refused = await src('recognize', { srcClientToken }, { origin });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ reason: 'FORBIDDEN', status: 403 });
      expect(refused.response.headers.get('access-control-allow-origin')).toBeNull();
    }
    const preflight = await src('checkout', undefined, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.response.headers)).toMatchObject({
      'access-control-allow-origin': 'https://pay.example',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Content-Type',
    });
    expect((await src('checkout', undefined, { method: 'OPTIONS', origin: 'https://evil.example' })).status).toBe(403);
  });

  it('caps the body at 8 KB (413), takes POST only (405), knows its ops (404), and answers 400 in the SrcError shape', async () => {
    origins('https://pay.example');
    const { srcClientToken } = await sessionFor('nobody.here@example.com');
    const big = await src('recognize', undefined, { raw: JSON.stringify({ srcClientToken, pad: 'x'.repeat(8200) }) });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ status: 413 });
    // Just under the cap: read, the unknown field ignored.
    const under = await src('recognize', undefined, { raw: JSON.stringify({ srcClientToken, pad: 'x'.repeat(8000) }) });
    expect(under.status).toBe(200);

    const get = await src('recognize', undefined, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.response.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await src('forget-everything', { srcClientToken })).status).toBe(404);

    for (const raw of ['{"srcClientToken": ', '[]', '{}', JSON.stringify({ srcClientToken, identity: { type: 'FAX', value: '123' } })]) {
      const bad = await src('identity-lookup', undefined, { raw });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ reason: 'INVALID_REQUEST', status: 400, message: expect.any(String) });
    }
    const badEmail = await src('identity-lookup', { srcClientToken, identity: { type: 'EMAIL', value: 'clara.c2p@' } });
    expect(badEmail.body).toMatchObject({ reason: 'CONSUMER_ID_FORMAT_INVALID', status: 400 });
    expect(JSON.stringify(badEmail.body)).not.toContain('clara');
    expect((await src('checkout', { srcClientToken: 'n'.repeat(43), idToken: 'x', srcDigitalCardId: 'srcdc_1' })).body).toMatchObject({
      reason: 'AUTH_INVALID',
      status: 401,
    });
  });

  it('answers anything unexpected 503 SERVICE_ERROR, never a 500', async () => {
    origins('https://pay.example');
    const { srcClientToken } = await sessionFor('nobody.here@example.com');
    // A clock that is not a time: the database refuses the query, an error that is not a refusal.
    const request = new Request('https://pay.example/sandbox/src/api/recognize', {
      method: 'POST',
      headers: {
        Origin: 'https://pay.example',
        'Content-Type': 'application/json',
        Cookie: `__Secure-sbx-src-recognition=${'a'.repeat(43)}`,
      },
      body: JSON.stringify({ srcClientToken }),
    });
    const failed = await handleSrcApiRequest(request, 'recognize', new Date(Number.NaN));
    answers.push(failed);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ reason: 'SERVICE_ERROR', status: 503, message: expect.any(String) });
  });

  it('says no-store on every answer', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
