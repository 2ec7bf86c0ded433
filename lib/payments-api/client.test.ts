/**
 * The payments-service client against a local HTTP server that misbehaves as a real service
 * may: ErrorResponse answers, answers off the contract, no answer in time. Every failure is a
 * typed PaymentsApiError, and none carries the request's card data.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsApi, PaymentsApiError } from './client';
import { caches } from './lookup-caches';

let server: http.Server;
const seen: { path: string; auth?: string; key?: string; encoding?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push({
      path: request.url ?? '',
      auth: request.headers.authorization,
      key: request.headers['idempotency-key'] as string | undefined,
      encoding: request.headers['accept-encoding'],
    });
    const reply = (status: number, body: string) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(body);
    };
    if (request.url?.includes('/pi_missing'))
      return reply(404, JSON.stringify({ errorKey: 'NOT_FOUND', errorMessage: 'Pay-in not found', errorCode: 4041 }));
    if (request.url?.includes('/pi_broken')) return reply(200, '{"id": 1}');
    if (request.url?.includes('/pi_html')) return reply(502, '<html>bad gateway</html>');
    if (request.url?.includes('/pi_slow')) return setTimeout(() => reply(200, '{}'), 1500);
    if (request.url?.endsWith('/cashier/session/cs_known/locator')) return reply(200, JSON.stringify({ merchantId: 'merchant-a' }));
    if (request.url?.endsWith('/cashier/session/cs_known')) {
      return reply(
        200,
        JSON.stringify({
          sessionId: 'cs_known',
          merchantId: 'merchant-a',
          customer: { externalUserId: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
          currency: 'EUR',
          returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
          kycVerified: false,
          previousTransactionCount: 0,
          status: 'ACTIVE',
          expiresAt: '2030-01-01T00:00:00.000Z',
          createdAt: '2026-01-01T00:00:00.000Z',
        }),
      );
    }
    if (request.url?.endsWith('/public/bin/42424242') || request.url?.endsWith('/public/bin/40000000'))
      return reply(200, JSON.stringify({ brands: ['VISA'], fundingType: 'CREDIT', threeDSMethod: false }));
    if (request.url?.endsWith('/public/bin/99999999'))
      return reply(404, JSON.stringify({ errorKey: 'NOT_FOUND', errorMessage: 'Unknown BIN', errorCode: 4041 }));
    if (request.url?.includes('/process/card'))
      return reply(409, JSON.stringify({ errorKey: 'INVALID_STATE', errorMessage: 'no', errorCode: 4092 }));
    return reply(500, JSON.stringify({ errorKey: 'INTERNAL_ERROR', errorMessage: 'boom', errorCode: 5001 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.PAYMENTS_API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  process.env.PAYMENTS_API_TOKEN = 'tok_test';
  process.env.PAYMENTS_API_TIMEOUT_MS = '500';
});

afterAll(async () => {
  delete process.env.PAYMENTS_API_BASE_URL;
  delete process.env.PAYMENTS_API_TOKEN;
  delete process.env.PAYMENTS_API_TIMEOUT_MS;
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<PaymentsApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentsApiError);
  return error as PaymentsApiError;
}

describe('paymentsApi', () => {
  it('sends the bearer token and the Idempotency-Key; a 409 is a typed, final error', async () => {
    const error = await failure(
      paymentsApi.processCard(
        'pi_1',
        {
          browser: {},
          cardData: { cardNumber: '4242424242424242', cardHolderName: 'A', expiryMonth: '12', expiryYear: '2030', cvv: '123' },
          saveCard: false,
        },
        'card:pi_1:key-1',
      ),
    );
    expect(error).toMatchObject({ reason: 'http', status: 409, errorKey: 'INVALID_STATE', retryable: false });
    expect(error.message).not.toContain('4242424242424242');
    expect(seen.at(-1)).toMatchObject({ path: '/api/public/payin/pi_1/process/card', auth: 'Bearer tok_test', key: 'card:pi_1:key-1' });
  });

  it('404 and 500 keep their status and errorKey; 5xx is retryable', async () => {
    expect(await failure(paymentsApi.getPayin('pi_missing'))).toMatchObject({ status: 404, errorKey: 'NOT_FOUND', retryable: false });
    expect(await failure(paymentsApi.getPayin('pi_other'))).toMatchObject({ status: 500, errorKey: 'INTERNAL_ERROR', retryable: true });
  });

  it('an answer off the contract or not JSON is invalid-response', async () => {
    expect(await failure(paymentsApi.getPayin('pi_broken'))).toMatchObject({ reason: 'invalid-response' });
    expect(await failure(paymentsApi.getPayin('pi_html'))).toMatchObject({ reason: 'invalid-response', status: 502 });
  });

  it('no answer in time is a retryable timeout', async () => {
    expect(await failure(paymentsApi.getPayin('pi_slow'))).toMatchObject({ reason: 'timeout', retryable: true });
  });

  it('an unreachable service is a retryable network error', async () => {
    const saved = process.env.PAYMENTS_API_BASE_URL;
    process.env.PAYMENTS_API_BASE_URL = 'http://127.0.0.1:9/api';
    try {
      expect(await failure(paymentsApi.getPayin('pi_1'))).toMatchObject({ reason: 'network', retryable: true });
    } finally {
      process.env.PAYMENTS_API_BASE_URL = saved;
    }
  });

  it('remembers the merchant of a record it fetched: merchantOf asks the service once (a session’s locator)', async () => {
    const calls = () => seen.filter((r) => r.path.endsWith('/cs_known/locator')).length;
    expect(await paymentsApi.merchantOf('session', 'cs_known')).toBe('merchant-a');
    expect(await paymentsApi.merchantOf('session', 'cs_known')).toBe('merchant-a');
    expect(calls()).toBe(1);
    // Outside a request there is no browser's proof: the session itself is asked without one.
    await paymentsApi.getSession('cs_known');
    expect(seen.at(-1)?.path.endsWith('/cs_known')).toBe(true);
    expect(calls()).toBe(1);
    await failure(paymentsApi.merchantOf('payin', 'pi_missing'));
  });

  it("keeps a BIN's facts (an unknown BIN too) and asks the service once per BIN; a failure is not kept", async () => {
    const calls = (bin: string) => seen.filter((s) => s.path.endsWith(`/public/bin/${bin}`)).length;
    expect(await paymentsApi.lookupBin('42424242')).toMatchObject({ brands: ['VISA'], fundingType: 'CREDIT' });
    expect(await paymentsApi.lookupBin('42424242')).toMatchObject({ brands: ['VISA'] });
    expect(calls('42424242')).toBe(1);
    expect(await paymentsApi.lookupBin('99999999')).toBeNull();
    expect(await paymentsApi.lookupBin('99999999')).toBeNull();
    expect(calls('99999999')).toBe(1);
    expect((await failure(paymentsApi.lookupBin('55555555'))).status).toBe(500);
    expect((await failure(paymentsApi.lookupBin('55555555'))).status).toBe(500);
    expect(calls('55555555')).toBe(2);
  });

  it('shares one BIN call among concurrent askers and keeps the answer, not its promise (a promise holds its request)', async () => {
    const calls = () => seen.filter((s) => s.path.endsWith('/public/bin/40000000')).length;
    const answers = await Promise.all([1, 2, 3].map(() => paymentsApi.lookupBin('40000000')));
    expect(calls()).toBe(1);
    expect(new Set(answers).size).toBe(1);
    const kept = caches().bins.get('40000000');
    expect(kept).toBeDefined();
    expect(kept).not.toBeInstanceOf(Promise);
  });

  it('asks for uncompressed answers (small JSON: gzip would cost both ends more than it saves)', async () => {
    await failure(paymentsApi.getPayin('pi_missing'));
    expect(seen.at(-1)?.encoding).toBe('identity');
  });
});
