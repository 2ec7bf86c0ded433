/**
 * The payment pages' side of the action pipeline (payment-action.ts): a forged or oversized post
 * is a form error, the attempt's key survives what cannot have charged, a payout's destination
 * comes only from its holder, a failed call maps to the form's state (`failureState`, the side's
 * failure table), and `{ go }` is a redirect (Next's, thrown outside the logic's catch).
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import ar from '@/messages/ar.json';

const headerValues = new Headers({
  'user-agent': 'Mozilla/5.0 test',
  'accept-language': 'en',
  accept: 'text/html',
  'x-forwarded-for': '203.0.113.9',
});
vi.mock('next/headers', () => ({ headers: async () => headerValues }));
vi.mock('next/navigation', async () => (await import('@/lib/testing/action-post')).navigation);
vi.mock('@/lib/checkout/shared/holding', () => ({ requestHolding: vi.fn(async () => 'held') }));
vi.mock('@/lib/checkout/shared/load-transaction', () => ({ loadTransaction: vi.fn(async () => ({ outcome: 'unavailable' })) }));
vi.mock('next-intl/server', async () => (await import('@/lib/testing/intl-server')).intlServer('ar'));

const { PaymentControl, runPaymentAction, failureState } = await import('./payment-action');
const { HolderRefused } = await import('@/lib/checkout/shared/action-pipeline');
const { post: form } = await import('@/lib/testing/action-post');
const { attemptKeyOf } = await import('@/lib/checkout/shared/attempt-key');
const { PaymentsApiError } = await import('@/lib/payments-api/client');
const { VelocityLimited } = await import('@hosted-checkout/runtime/security/velocity');
const binding = await import('@/lib/checkout/shared/holding');
const { loadTransaction } = await import('@/lib/checkout/shared/load-transaction');

const KEY = '0b7f3c6e-8d1a-4e2b-9c3d-5f6a7b8c9d0e';
const Form = z.object({ ...PaymentControl, note: z.string().default('') });
type State = { attemptKey: string; formError?: string; note?: string; values?: { note: string } };
const spec = { schema: Form, limits: { note: 10 }, type: 'payin' as const };
const c = { type: 'payin' as const, paymentId: 'pi_1', locale: 'ar', attemptKey: KEY, values: { note: 'kept' } };

describe('runPaymentAction', () => {
  it('gives the logic the payment id, locale, attempt key, the post and the Browser object', async () => {
    const state = await runPaymentAction<typeof Form, State>(
      null,
      form({ paymentId: 'pi_1', attemptKey: KEY, locale: 'ar', note: 'hi' }),
      spec,
      async (call, data) => {
        const browser = await call.browser();
        expect(browser.userAgent).toBe('Mozilla/5.0 test');
        expect(call.form.get('note')).toBe('hi');
        return { attemptKey: call.attemptKey, note: `${call.paymentId}/${call.locale}/${data.note}` };
      },
    );
    expect(state).toEqual({ attemptKey: KEY, note: 'pi_1/ar/hi' });
  });

  it('refuses a forged post and a bad payment id without running the logic', async () => {
    const logic = vi.fn();
    expect(await runPaymentAction<typeof Form, State>(null, 'not a form', spec, logic)).toMatchObject({
      formError: 'notFound',
      // In the request's locale (here ar), from the catalogue: the forms carry no table of errors.
      banner: ar.errors.notFound,
    });
    expect((await runPaymentAction<typeof Form, State>(null, form({ paymentId: '../x' }), spec, logic)).formError).toBe('notFound');
    expect(
      (await runPaymentAction<typeof Form, State>(null, form({ paymentId: 'pi_1', note: 'x'.repeat(11) }), spec, logic)).formError,
    ).toBe('rejected');
    expect(logic).not.toHaveBeenCalled();
  });

  it('keeps a valid previous key, never a forged one', () => {
    expect(attemptKeyOf(undefined, { attemptKey: KEY })).toBe(KEY);
    expect(attemptKeyOf('not-a-uuid', { attemptKey: 'x'.repeat(5000) })).not.toBe('not-a-uuid');
    expect(attemptKeyOf(undefined, { attemptKey: 'x'.repeat(5000) })).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('redirects to `go`, and a thrown failure becomes the form state with what was typed', async () => {
    await expect(
      runPaymentAction<typeof Form, State>(null, form({ paymentId: 'pi_1' }), spec, async () => ({ go: '/next' })),
    ).rejects.toMatchObject({ to: '/next' });
    const state = await runPaymentAction<typeof Form, State>(null, form({ paymentId: 'pi_1', attemptKey: KEY }), spec, async (call) => {
      call.values = { note: 'kept' };
      throw new PaymentsApiError('network', 'processCard');
    });
    expect(state).toEqual({ attemptKey: KEY, formError: 'unavailable', banner: ar.errors.unavailable, values: { note: 'kept' } });
  });

  it('sends a customer whose call was carried out though its answer was lost to the status page (303)', async () => {
    const lost = async () => {
      throw new PaymentsApiError('http', 'processCard', 503);
    };
    vi.mocked(loadTransaction).mockResolvedValueOnce({
      outcome: 'ok',
      transaction: { type: 'payin', status: 'SUCCESS', attemptsRemaining: 0 },
    } as never);
    await expect(
      runPaymentAction<typeof Form, State>(null, form({ paymentId: 'pi_1', attemptKey: KEY, locale: 'ar' }), spec, lost),
    ).rejects.toMatchObject({ to: '/payments/payin/pi_1/status?locale=ar' });
    // Still on its form (nothing was done), or the read failing too: the same key, to try again.
    vi.mocked(loadTransaction).mockResolvedValueOnce({
      outcome: 'ok',
      transaction: { type: 'payin', status: 'CREATED', attemptsRemaining: 0 },
    } as never);
    for (let i = 0; i < 2; i += 1) {
      expect(await runPaymentAction<typeof Form, State>(null, form({ paymentId: 'pi_1', attemptKey: KEY }), spec, lost)).toMatchObject({
        attemptKey: KEY,
        formError: 'unavailable',
      });
    }
  });

  it('lets only the holder of a payout give its destination', async () => {
    const payout = { ...spec, type: 'payout' as const };
    vi.mocked(binding.requestHolding).mockResolvedValueOnce('elsewhere' as never);
    const refused = await runPaymentAction<typeof Form, State>(null, form({ paymentId: 'po_1', attemptKey: KEY }), payout, async (call) => {
      await call.requireHolder();
      throw new Error('must not be reached');
    });
    expect(refused.formError).toBe('rejected');
    vi.mocked(binding.requestHolding).mockResolvedValueOnce('unavailable' as never);
    const unknown = await runPaymentAction<typeof Form, State>(null, form({ paymentId: 'po_1', attemptKey: KEY }), payout, async (call) => {
      await call.requireHolder();
      return { attemptKey: 'x' };
    });
    expect(unknown).toMatchObject({ attemptKey: KEY, formError: 'unavailable' });
  });
});

describe('failureState', () => {
  it('keeps the key where nothing was charged, and takes a new one otherwise', () => {
    expect(failureState(new VelocityLimited('cardAttemptsPerIp' as never, 60), c)).toMatchObject({
      attemptKey: KEY,
      formError: 'rateLimited',
    });
    expect(failureState(new PaymentsApiError('http', 'x', 503), c)).toMatchObject({ attemptKey: KEY, formError: 'unavailable' });
    expect(failureState(new Error('socket hang up'), c)).toMatchObject({ attemptKey: KEY, formError: 'unavailable' });
    expect(failureState(new PaymentsApiError('http', 'x', 404), c)).toMatchObject({ formError: 'notFound' });
    expect(failureState(new PaymentsApiError('http', 'x', 404), c)).not.toMatchObject({ attemptKey: KEY });
    expect(failureState(new PaymentsApiError('http', 'x', 400, 'LIMIT_EXCEEDED'), c)).toMatchObject({
      formError: 'limit',
      values: { note: 'kept' },
    });
    expect(failureState(new PaymentsApiError('http', 'x', 403), c)).toMatchObject({ formError: 'rejected' });
    // A payout's card outside the closed loop has its own words; another card is another request.
    const closed = failureState(new PaymentsApiError('http', 'x', 403, 'CLOSED_LOOP'), c);
    expect(closed).toMatchObject({ formError: 'closedLoop' });
    expect(closed).not.toMatchObject({ attemptKey: KEY });
    expect(failureState(new HolderRefused('rejected'), c)).toMatchObject({ attemptKey: KEY, formError: 'rejected' });
  });

  it('sends a transaction that moved on to its status page, keeping the locale', () => {
    expect(failureState(new PaymentsApiError('http', 'x', 409, 'INVALID_STATE'), c)).toEqual({
      go: '/payments/payin/pi_1/status?locale=ar',
    });
  });
});
