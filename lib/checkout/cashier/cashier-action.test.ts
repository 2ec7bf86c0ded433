/**
 * The cashier's deposit or withdrawal (cashier-action.ts, `startCashierTransaction`): the typed
 * amount is read once into minor units, checked in minor units against the session's available
 * balance and the merchant's bounds, and reaches the service as the contract's major-unit value
 * of exactly what was typed, under the attempt's Idempotency-Key.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashierSession } from '@hosted-checkout/contract/cashier';

vi.mock('next/navigation', async () => (await import('@/lib/testing/action-post')).navigation);
vi.mock('@/lib/checkout/shared/holding', () => ({ requestHolding: vi.fn(async () => 'held') }));

const { startCashierTransaction } = await import('./cashier-action');
const { paymentsApi } = await import('@/lib/payments-api/client');
const { post } = await import('@/lib/testing/action-post');

const KEY = '0b7f3c6e-8d1a-4e2b-9c3d-5f6a7b8c9d0e';
const session = {
  sessionId: 'cs_1',
  status: 'ACTIVE',
  merchantId: 'm_1',
  currency: 'EUR',
  balance: 2000,
  available: 1234.56,
} as unknown as CashierSession;
const settings = { limits: { EUR: { withdrawalMin: 10, withdrawalMax: 5000 } } };
const withdraw = (amount: string, numberLocale = 'de') =>
  post({ sessionId: 'cs_1', flow: 'withdraw', method: 'card', amount, numberLocale, attemptKey: KEY });

let createSessionPayout: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(paymentsApi, 'getSession').mockResolvedValue(session);
  vi.spyOn(paymentsApi, 'getCheckoutSettings').mockResolvedValue(settings as never);
  createSessionPayout = vi.spyOn(paymentsApi, 'createSessionPayout').mockResolvedValue({ payoutId: 'po_1' } as never);
});

describe('startCashierTransaction: a withdrawal', () => {
  it('sends exactly the typed amount, up to the available balance to the cent', async () => {
    const state = await startCashierTransaction({ attemptKey: KEY }, withdraw('1.234,56'));
    expect(state.step).toMatchObject({ type: 'payout', id: 'po_1' });
    expect(createSessionPayout).toHaveBeenCalledWith('cs_1', 1234.56, `cashier:cs_1:${KEY}`, 'card');
  });

  it('refuses one minor unit above the available balance, or beyond the merchant’s bounds, before any call', async () => {
    expect(await startCashierTransaction({ attemptKey: KEY }, withdraw('1.234,57'))).toEqual({
      attemptKey: KEY,
      error: 'aboveBalance',
      amount: '1.234,57',
    });
    expect((await startCashierTransaction({ attemptKey: KEY }, withdraw('9,99'))).error).toBe('belowMin');
    expect((await startCashierTransaction({ attemptKey: KEY }, withdraw('10,001'))).error).toBe('tooManyDecimals');
    expect(createSessionPayout).not.toHaveBeenCalled();
  });
});

describe('startCashierTransaction: a deposit and the limit meter', () => {
  const limited = {
    ...session,
    responsibleGambling: {
      regulators: [],
      pending: [],
      limitsPrompt: 'NONE',
      room: [{ kind: 'deposit', period: 'day', limit: 100, remaining: 60 }],
    },
  } as unknown as CashierSession;
  const deposit = (limitsVersion: string) =>
    post({ sessionId: 'cs_1', flow: 'deposit', method: 'card', amount: '10', numberLocale: 'en', attemptKey: KEY, limitsVersion });

  it('refuses a deposit made on figures the service no longer has, before any call, and keeps the amount', async () => {
    vi.spyOn(paymentsApi, 'getSession').mockResolvedValue(limited);
    const createSessionPayin = vi.spyOn(paymentsApi, 'createSessionPayin').mockResolvedValue({ paymentId: 'pi_1' } as never);
    const { limitsVersion } = await import('./limit-meter');
    expect(await startCashierTransaction({ attemptKey: KEY }, deposit('0000000000000000'))).toEqual({
      attemptKey: KEY,
      error: 'limitsChanged',
      amount: '10',
    });
    expect(createSessionPayin).not.toHaveBeenCalled();
    const paid = await startCashierTransaction({ attemptKey: KEY }, deposit(limitsVersion(limited)));
    expect(paid).toMatchObject({ step: { id: 'pi_1' } });
    expect(createSessionPayin).toHaveBeenCalledTimes(1);
  });
});
