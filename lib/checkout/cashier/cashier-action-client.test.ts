/**
 * The cashier's side of the action pipeline (cashier-action-client.ts): the holding check runs
 * before any logic and a refusal reaches no call that moves money; an expired session is refused
 * unless the action lets the service decide; a failed call becomes one cashier error key with
 * whether nothing was created; a forged post is the action's bad-form state; `{ go }` redirects.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { CashierSession } from '@hosted-checkout/contract/cashier';

vi.mock('next/navigation', async () => (await import('@/lib/testing/action-post')).navigation);
vi.mock('@/lib/checkout/shared/holding', () => ({ requestHolding: vi.fn(async () => 'held') }));

const { runCashierAction, holdSession } = await import('./cashier-action-client');
const { PaymentsApiError, paymentsApi } = await import('@/lib/payments-api/client');
const holding = await import('@/lib/checkout/shared/holding');
const { post: form } = await import('@/lib/testing/action-post');

const Form = z.object({
  sessionId: z.string().regex(/^[a-z_0-9]{1,20}$/),
  locale: z.string().optional(),
  attemptKey: z.string().optional(),
  note: z.string().default(''),
});
type State = { note?: string; error?: string; nothingCreated?: boolean };
const spec = {
  action: 'test action',
  schema: Form,
  limits: { sessionId: 20, note: 10 },
  badForm: (bad: { problem: string }) => ({ error: `bad:${bad.problem}` }),
  failed: ({ error, nothingCreated }: { error: string; nothingCreated: boolean }) => ({ error, nothingCreated }),
};
const session = (status: string) => ({ sessionId: 'cs_1', status, merchantId: 'm_1', currency: 'EUR' }) as unknown as CashierSession;

let getSession: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.mocked(holding.requestHolding).mockReset().mockResolvedValue('held');
  getSession = vi.spyOn(paymentsApi, 'getSession');
  getSession.mockClear().mockResolvedValue(session('ACTIVE'));
});

describe('runCashierAction', () => {
  it('hands the logic the session read once, the locale and the parsed post', async () => {
    const state = await runCashierAction<typeof Form, State>(
      form({ sessionId: 'cs_1', locale: 'ar', note: 'hi' }),
      spec,
      async (c, data) => ({
        note: `${c.sessionId}/${c.locale}/${c.session.status}/${data.note}`,
      }),
    );
    expect(state).toEqual({ note: 'cs_1/ar/ACTIVE/hi' });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(holding.requestHolding).toHaveBeenCalledWith({ of: 'session', id: 'cs_1' });
  });

  it('runs no logic for a browser that does not hold the session, or when that cannot be checked', async () => {
    const logic = vi.fn();
    for (const [answer, error] of [
      ['elsewhere', 'rejected'],
      ['none', 'rejected'],
      ['unknown', 'rejected'],
      ['unavailable', 'unavailable'],
    ] as const) {
      vi.mocked(holding.requestHolding).mockResolvedValueOnce(answer);
      expect(await runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1' }), spec, logic)).toEqual({ error, nothingCreated: true });
    }
    expect(logic).not.toHaveBeenCalled();
    expect(getSession).not.toHaveBeenCalled();
  });

  it('refuses an expired session unless the action lets the service decide', async () => {
    getSession.mockResolvedValue(session('EXPIRED'));
    const logic = vi.fn(async () => ({ note: 'ran' }));
    expect(await runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1' }), spec, logic)).toEqual({
      error: 'expired',
      nothingCreated: true,
    });
    expect(logic).not.toHaveBeenCalled();
    expect(await runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1' }), { ...spec, expired: 'run' }, logic)).toEqual({
      note: 'ran',
    });
  });

  it('maps a failed call to one cashier error, saying whether nothing can have been created', async () => {
    const cases: [unknown, string, boolean][] = [
      [new PaymentsApiError('network', 'createSessionPayin'), 'unavailable', true],
      [new PaymentsApiError('http', 'createSessionPayin', 503), 'unavailable', true],
      [new PaymentsApiError('http', 'createSessionPayin', 429, 'RATE_LIMITED'), 'rateLimited', true],
      [new PaymentsApiError('http', 'createSessionPayin', 400, 'LIMIT_EXCEEDED'), 'aboveLimit', false],
      [new PaymentsApiError('http', 'createSessionPayin', 409, 'CUSTOMER_EXCLUDED'), 'excluded', false],
      [new PaymentsApiError('http', 'createSessionPayin', 409, 'LIMITS_REQUIRED'), 'limitsRequired', false],
      [new PaymentsApiError('http', 'createSessionPayin', 403, 'FORBIDDEN'), 'rejected', false],
      // Anything that is not the service's answer is a call that did not go through.
      [new Error('socket hang up'), 'unavailable', true],
    ];
    for (const [thrown, error, nothingCreated] of cases) {
      const state = await runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1' }), spec, async () => {
        throw thrown;
      });
      expect(state, String(thrown)).toEqual({ error, nothingCreated });
    }
    // The session read itself failing is mapped the same way.
    getSession.mockRejectedValueOnce(new PaymentsApiError('network', 'getSession'));
    expect(await runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1' }), spec, vi.fn())).toEqual({
      error: 'unavailable',
      nothingCreated: true,
    });
  });

  it('answers the bad-form state for a forged or oversized post, before any call', async () => {
    const logic = vi.fn();
    expect(await runCashierAction<typeof Form, State>('not a form', spec, logic)).toEqual({ error: 'bad:forged' });
    expect(await runCashierAction<typeof Form, State>(form({ sessionId: '../x' }), spec, logic)).toEqual({ error: 'bad:forged' });
    expect(await runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1', note: 'x'.repeat(11) }), spec, logic)).toEqual({
      error: 'bad:tooLong',
    });
    expect(logic).not.toHaveBeenCalled();
    expect(holding.requestHolding).not.toHaveBeenCalled();
  });

  it('answers a local step from the post alone, and redirects on { go }', async () => {
    const local = await runCashierAction<typeof Form, State>(
      form({ sessionId: 'cs_1', note: 'edit' }),
      { ...spec, local: (data) => (data.note === 'edit' ? { note: 'local' } : undefined) },
      vi.fn(),
    );
    expect(local).toEqual({ note: 'local' });
    expect(holding.requestHolding).not.toHaveBeenCalled();
    await expect(
      runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1' }), spec, async () => ({ go: '/cashier/cs_1?notice=x' })),
    ).rejects.toMatchObject({
      to: '/cashier/cs_1?notice=x',
    });
  });

  it("keeps the attempt's key where nothing can have been created, and takes a new one otherwise", async () => {
    const KEY = '0b7f3c6e-8d1a-4e2b-9c3d-5f6a7b8c9d0e';
    const OWN = '1c8a4d7f-9e2b-4f3c-8d4e-6a7b8c9d0e1f';
    const keyed = {
      ...spec,
      previous: { attemptKey: KEY },
      local: (data: { note: string }, attemptKey: string) => (data.note === 'edit' ? { note: attemptKey } : undefined),
      badForm: (_bad: unknown, attemptKey: string) => ({ note: attemptKey }),
      failed: ({ error }: { error: string }, _data: unknown, attemptKey: string) => ({ error, note: attemptKey }),
    };
    const failing = (thrown: unknown) => async () => {
      throw thrown;
    };
    // Nothing created (no answer, a refusal before any call): the same key, so a retry cannot create twice.
    expect(await runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1' }), keyed, failing(new Error('socket hang up')))).toEqual({
      error: 'unavailable',
      note: KEY,
    });
    vi.mocked(holding.requestHolding).mockResolvedValueOnce('elsewhere');
    expect(await runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1' }), keyed, vi.fn())).toEqual({
      error: 'rejected',
      note: KEY,
    });
    // The service refused after it may have created something: a new key.
    const refused = await runCashierAction<typeof Form, State>(
      form({ sessionId: 'cs_1' }),
      keyed,
      failing(new PaymentsApiError('http', 'createSessionPayout', 403, 'FORBIDDEN')),
    );
    expect(refused.note).toMatch(/^[0-9a-f-]{36}$/);
    expect(refused.note).not.toBe(KEY);
    // The form's own key first; the logic, a local step and a bad form get the key too.
    const logic = vi.fn(async (c: { attemptKey: string }) => ({ note: c.attemptKey }));
    expect(await runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1', attemptKey: OWN }), keyed, logic)).toEqual({ note: OWN });
    expect(await runCashierAction<typeof Form, State>(form({ sessionId: 'cs_1', note: 'edit' }), keyed, logic)).toEqual({ note: KEY });
    expect(await runCashierAction<typeof Form, State>('not a form', keyed, logic)).toEqual({ note: KEY });
  });

  it('holdSession reads the session for the holder only', async () => {
    expect(await holdSession('cs_1', 'x')).toEqual({ session: session('ACTIVE') });
    vi.mocked(holding.requestHolding).mockResolvedValueOnce('elsewhere');
    expect(await holdSession('cs_1', 'x')).toEqual({ refused: 'rejected' });
    expect(getSession).toHaveBeenCalledTimes(1);
  });
});
