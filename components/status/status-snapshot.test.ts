/**
 * The status view's polling endpoint answers what the view shows and no more: never the
 * service's detailedStatus, a reason about the card read as "declined", no reason before a
 * decline; an unknown type or id is 404 and a service that does not answer 502, never a 500.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutTransaction } from '@/lib/checkout/shared/load-transaction';

const transactions = new Map<string, CheckoutTransaction>();
vi.mock('@/lib/checkout/shared/load-transaction', async () => ({
  fetchTransaction: vi.fn(async (_type: string, id: string) => {
    const found = transactions.get(id);
    if (!found) throw new Error('socket hang up');
    return found;
  }),
}));

const { GET } = await import('@/app/api/payments/[transactionType]/[paymentId]/route');
const { publicReason, statusSnapshot } = await import('./status-snapshot');

const payin = (id: string, fields: Partial<CheckoutTransaction>): CheckoutTransaction => {
  const t: CheckoutTransaction = {
    type: 'payin',
    id,
    merchantId: 'merchant-demo',
    customerId: 'c1',
    orderId: 'o1',
    amount: 10,
    currency: 'EUR',
    initialAmount: 10,
    initialCurrency: 'EUR',
    status: 'CREATED',
    attemptsRemaining: 3,
    returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
    ...fields,
  };
  transactions.set(id, t);
  return t;
};
const poll = async (type: string, id: string) => {
  const response = await GET(new Request(`http://checkout.test/api/payments/${type}/${id}`), {
    params: Promise.resolve({ transactionType: type, paymentId: id }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('GET /api/payments/{type}/{id}', () => {
  it('answers a decline without its detailedStatus: a reason about the card reads "declined"', async () => {
    payin('pi_funds', { status: 'DECLINED', attemptsRemaining: 2, detailedStatus: 'INSUFFICIENT_FUNDS' });
    const { status, body } = await poll('payin', 'pi_funds');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'DECLINED', attemptsRemaining: 2, reason: 'CARD_DECLINED' });
    expect(JSON.stringify(body)).not.toContain('INSUFFICIENT_FUNDS');
    expect(body).not.toHaveProperty('detailedStatus');
    expect(body).not.toHaveProperty('returnUrls');
  });

  it('keeps a reason that says nothing about the card (the failed challenge, a timeout)', async () => {
    payin('pi_3ds', { status: 'DECLINED', attemptsRemaining: 0, detailedStatus: 'AUTHENTICATION_FAILED' });
    expect((await poll('payin', 'pi_3ds')).body).toEqual({ status: 'DECLINED', attemptsRemaining: 0, reason: 'AUTHENTICATION_FAILED' });
    payin('pi_late', { status: 'TIMEOUT', attemptsRemaining: 0 });
    expect((await poll('payin', 'pi_late')).body).toMatchObject({ reason: 'TRANSACTION_TIMEOUT' });
  });

  it("says a transfer from another person's account went back to its payer (Brazil, SPA/MF), not why the bank declined", async () => {
    payin('pi_returned', { status: 'DECLINED', attemptsRemaining: 0, detailedStatus: 'CUSTOMER_ISSUES', returnedToPayer: true });
    expect((await poll('payin', 'pi_returned')).body).toEqual({ status: 'DECLINED', attemptsRemaining: 0, reason: 'RETURNED_TO_PAYER' });
  });

  it('names no reason before a decline, and the challenge to go back to while it is open', async () => {
    payin('pi_wait', { status: 'PENDING_3DS', attemptsRemaining: 3, challengeUrl: 'https://acs.example/c/1' });
    expect((await poll('payin', 'pi_wait')).body).toEqual({
      status: 'PENDING_3DS',
      attemptsRemaining: 3,
      challengeUrl: 'https://acs.example/c/1',
    });
  });

  it('is 404 for an unknown type or a malformed id, 502 when the service does not answer', async () => {
    expect((await poll('refund', 'pi_funds')).status).toBe(404);
    expect((await poll('payin', '..%2Fx')).status).toBe(404);
    expect((await poll('payin', 'pi_missing')).status).toBe(502);
  });
});

describe('publicReason', () => {
  it('reads every reason about the card as CARD_DECLINED, and keeps the others', () => {
    for (const detailed of [
      'INSUFFICIENT_FUNDS',
      'CARD_EXPIRED',
      'CVV_INVALID',
      'CVV_MISMATCH',
      'INVALID_CARD_NUMBER',
      'INVALID_EXPIRY_DATE',
      'CARD_BLOCKED',
      'TRANSACTION_NOT_ALLOWED',
    ] as const) {
      expect(publicReason(detailed, 'DECLINED'), detailed).toBe('CARD_DECLINED');
    }
    expect(publicReason('AUTHENTICATION_REQUIRED', 'DECLINED')).toBe('AUTHENTICATION_REQUIRED');
    expect(publicReason('PSP_UNREACHABLE', 'FAILED')).toBe('PSP_ISSUES');
    expect(publicReason(undefined, 'FAILED')).toBe('generic');
  });

  it('gives a payout its failure reason too, without the raw status', () => {
    const snapshot = statusSnapshot({ type: 'payout', status: 'FAILED', attemptsRemaining: 0, detailedStatus: 'BANK_ISSUES' });
    expect(snapshot).toEqual({ status: 'FAILED', attemptsRemaining: 0, reason: 'BANK_ISSUES' });
  });
});
