/**
 * Apple Pay's merchant validation (apple-pay-action.ts, `applePayMerchantSession`): each one is
 * a call to Apple with the merchant's certificate, so a pay-in gets a few, and an address that
 * needs a proof-of-work gets none without a solved one. Refusals never reach the service.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let forwardedFor = '203.0.113.10';
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': forwardedFor }) }));
vi.mock('@/lib/checkout/shared/holding', () => ({ requestHolding: vi.fn(async () => 'held') }));

const { applePayMerchantSession } = await import('./apple-pay-action');
const { APPLE_PAY_VALIDATIONS } = await import('./apple-pay-limit');
const { paymentsApi } = await import('@/lib/payments-api/client');
const { resetProofOfWork, solvedChallenge } = await import('@/lib/testing/solved-challenge');
const { recordFailure } = await import('@hosted-checkout/runtime/security/velocity');

const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';
const session = { merchantSessionIdentifier: 'SSH-test', epochTimestamp: 1 };
let service: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  service = vi.spyOn(paymentsApi, 'startApplePaySession').mockResolvedValue({ merchantSession: session } as never);
  // One address per test: the limits and the proof-of-work rule count per address.
  forwardedFor = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
});
afterEach(() => {
  vi.restoreAllMocks();
  resetProofOfWork();
});

describe('applePayMerchantSession', () => {
  it("answers Apple's session for the pay-in, asked with the checkout's domain", async () => {
    const paymentId = `pi_${randomUUID()}`;
    expect(await applePayMerchantSession(paymentId, VALIDATION_URL)).toEqual({ merchantSession: session });
    expect(service).toHaveBeenCalledWith(paymentId, { validationUrl: VALIDATION_URL, domain: 'checkout.test' });
  });

  it("refuses the validation past the pay-in's cap without calling the service; another pay-in is not held by it", async () => {
    const paymentId = `pi_${randomUUID()}`;
    for (let i = 0; i < APPLE_PAY_VALIDATIONS.points; i += 1)
      expect(await applePayMerchantSession(paymentId, VALIDATION_URL)).toEqual({ merchantSession: session });
    expect(service).toHaveBeenCalledTimes(APPLE_PAY_VALIDATIONS.points);
    // From another address too: the cap is the pay-in's.
    forwardedFor = '192.0.2.77';
    expect(await applePayMerchantSession(paymentId, VALIDATION_URL)).toEqual({ refused: 'limited' });
    expect(service).toHaveBeenCalledTimes(APPLE_PAY_VALIDATIONS.points);
    expect(await applePayMerchantSession(`pi_${randomUUID()}`, VALIDATION_URL)).toEqual({ merchantSession: session });
  });

  it('once the address needs a proof-of-work, refuses a validation without a solved one, and takes one with it once', async () => {
    process.env.POW_AFTER_FAILURES = '2';
    const paymentId = `pi_${randomUUID()}`;
    await recordFailure([{ limit: 'cardFailuresPerIp', key: forwardedFor }]);
    await recordFailure([{ limit: 'cardFailuresPerIp', key: forwardedFor }]);
    expect(await applePayMerchantSession(paymentId, VALIDATION_URL)).toEqual({ refused: 'challenge' });
    expect(await applePayMerchantSession(paymentId, VALIDATION_URL, '{"challenge":1}')).toEqual({ refused: 'challenge' });
    expect(service).not.toHaveBeenCalled();
    const payload = await solvedChallenge();
    expect(await applePayMerchantSession(paymentId, VALIDATION_URL, payload)).toEqual({ merchantSession: session });
    // A solution counts once.
    expect(await applePayMerchantSession(paymentId, VALIDATION_URL, payload)).toEqual({ refused: 'challenge' });
    expect(service).toHaveBeenCalledTimes(1);
  });

  it('answers `failed` for a bad argument or a service that refuses, never throws', async () => {
    expect(await applePayMerchantSession('../x', VALIDATION_URL)).toEqual({ refused: 'failed' });
    expect(await applePayMerchantSession('pi_1', 'x'.repeat(3000))).toEqual({ refused: 'failed' });
    expect(await applePayMerchantSession('pi_1', VALIDATION_URL, { not: 'text' })).toEqual({ refused: 'failed' });
    service.mockRejectedValueOnce(new Error('socket hang up'));
    expect(await applePayMerchantSession(`pi_${randomUUID()}`, VALIDATION_URL)).toEqual({ refused: 'failed' });
  });
});
