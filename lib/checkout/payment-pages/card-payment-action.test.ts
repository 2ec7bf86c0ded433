/**
 * The card page's new-card action (`payByCard`), through the real pipeline:
 * - a card number typed into the holder-name field is its own field error; the name is not put
 *   back in the re-rendered form, nor sent, nor logged;
 * - a payment refused for want of a proof-of-work check keeps its attempt key and sends nothing,
 *   so the browser may send the same payment again once its check is solved: that one is charged
 *   once, under the same Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';

let forwardedFor = '203.0.113.20';
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-forwarded-for': forwardedFor, 'user-agent': 'Mozilla/5.0 test', accept: 'text/html' }),
}));
vi.mock('next/navigation', async () => (await import('@/lib/testing/action-post')).navigation);
vi.mock('@/lib/checkout/shared/holding', () => ({ requestHolding: vi.fn(async () => 'held') }));
vi.mock('next-intl/server', async () => (await import('@/lib/testing/intl-server')).intlServer('en'));

const { payByCard, payoutToCard } = await import('./card-payment-action');
const { paymentsApi } = await import('@/lib/payments-api/client');
const { logger } = await import('@hosted-checkout/runtime/log');
const { newChallenge } = await import('@/lib/security/proof-of-work');
const { recordFailure } = await import('@hosted-checkout/runtime/security/velocity');
const { holdsCardNumber } = await import('./holder-name');
const { post: form } = await import('@/lib/testing/action-post');

const KEY = '0b7f3c6e-8d1a-4e2b-9c3d-5f6a7b8c9d0e';
const JS_BROWSER = JSON.stringify({
  language: 'en',
  timeZoneOffset: 0,
  timeZone: 'UTC',
  colorDepth: 24,
  screenHeight: 800,
  screenWidth: 1200,
  windowHeight: 700,
  windowWidth: 1100,
  javaEnabled: false,
  javascriptEnabled: true,
});
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvv: '123', cardHolderName: 'Ada Lovelace' };

let processCard: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  processCard = vi.spyOn(paymentsApi, 'processCard').mockResolvedValue({ status: 'SUCCESS' } as never);
  forwardedFor = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.POW_AFTER_FAILURES;
  delete process.env.POW_MAX_COUNTER;
});

describe('holdsCardNumber', () => {
  it('finds a run of 12 or more digits, with spaces, dashes, dots or slashes, in any script', () => {
    for (const text of [
      '4242424242424242',
      'Ada 4242 4242 4242 4242',
      '4242-4242-4242-4242',
      '5555.5555.5555.4444',
      '123456789012',
      '٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢',
      '４２４２４２４２４２４２',
    ])
      expect(holdsCardNumber(text), text).toBe(true);
    for (const text of ['Ada Lovelace', 'Louis XIV', 'John Smith 3rd', '12345678901', 'Flat 12, 34 Main St 5678', ''])
      expect(holdsCardNumber(text), text).toBe(false);
  });
});

describe('payByCard: a card number in the holder-name field', () => {
  const pan = '4000 0000 0000 3220';

  it("is the field's own error; the name is not put back, not sent and not logged", async () => {
    const logged = vi.spyOn(logger, 'warn');
    const info = vi.spyOn(logger, 'info');
    const state = await payByCard(
      { attemptKey: KEY },
      form({ paymentId: 'pi_holder', attemptKey: KEY, browser: JS_BROWSER, ...card, cardHolderName: `Ada ${pan}` }),
    );
    expect(state.fieldErrors?.cardHolderName).toBe('cardHolderName.cardNumber');
    expect(state.values?.cardHolderName).toBe('');
    expect(state.values?.expiry).toBe('12 / 34');
    expect(JSON.stringify(state)).not.toMatch(/4000|3220/);
    expect(processCard).not.toHaveBeenCalled();
    expect(JSON.stringify([...logged.mock.calls, ...info.mock.calls])).not.toMatch(/4000 0000|3220/);
  });

  it("is refused without JavaScript too (the form post re-renders without it), and for a payout's destination", async () => {
    const state = await payByCard(
      { attemptKey: KEY },
      form({ paymentId: 'pi_holder', attemptKey: KEY, ...card, cardHolderName: '4242-4242-4242-4242' }),
    );
    expect(state).toMatchObject({ fieldErrors: { cardHolderName: 'cardHolderName.cardNumber' }, values: { cardHolderName: '' } });
    const payout = vi.spyOn(paymentsApi, 'processPayoutCard');
    const destination = await payoutToCard(
      { attemptKey: KEY },
      form({
        paymentId: 'po_holder',
        attemptKey: KEY,
        cardNumber: card.cardNumber,
        expiry: card.expiry,
        cardHolderName: '4242424242424242',
      }),
    );
    expect(destination).toMatchObject({ fieldErrors: { cardHolderName: 'cardHolderName.cardNumber' }, values: { cardHolderName: '' } });
    expect(payout).not.toHaveBeenCalled();
  });

  it('puts back an ordinary name that failed the rules, and a card number typed into the expiry field is not put back', async () => {
    const state = await payByCard(
      { attemptKey: KEY },
      form({ paymentId: 'pi_holder', attemptKey: KEY, ...card, cardHolderName: 'Ada <script>', expiry: '4242424242424242' }),
    );
    expect(state.fieldErrors?.cardHolderName).toBe('cardHolderName.invalid');
    expect(state.values?.cardHolderName).toBe('Ada <script>');
    expect(state.values?.expiry).toBe('');
  });
});

describe('payByCard: a payment refused for want of a security check', () => {
  async function solved(): Promise<string> {
    process.env.POW_MAX_COUNTER = '5000';
    const challenge = await newChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    return JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution });
  }

  it('keeps its attempt key and sends nothing; sent again with a solved check, it is charged once under that key', async () => {
    process.env.POW_AFTER_FAILURES = '1';
    await recordFailure([{ limit: 'cardFailuresPerIp', key: forwardedFor }]);
    const paymentId = `pi_${randomUUID()}`;
    const post = (extra: Record<string, string> = {}) => form({ paymentId, attemptKey: KEY, browser: JS_BROWSER, ...card, ...extra });

    const refused = await payByCard({ attemptKey: KEY }, post());
    expect(refused).toMatchObject({
      attemptKey: KEY,
      formError: 'challenge',
      challengeRequired: true,
      values: { cardHolderName: 'Ada Lovelace' },
    });
    expect(processCard).not.toHaveBeenCalled();

    await expect(payByCard(refused, post({ altcha: await solved() }))).rejects.toMatchObject({ to: `/payments/payin/${paymentId}/status` });
    expect(processCard).toHaveBeenCalledTimes(1);
    expect(processCard.mock.calls[0]![2]).toBe(`card:${paymentId}:${KEY}`);
  });

  it('without JavaScript, says the check needs it', async () => {
    process.env.POW_AFTER_FAILURES = '1';
    await recordFailure([{ limit: 'cardFailuresPerIp', key: forwardedFor }]);
    const state = await payByCard({ attemptKey: KEY }, form({ paymentId: 'pi_nojs', attemptKey: KEY, ...card }));
    expect(state).toMatchObject({ attemptKey: KEY, formError: 'challengeNeedsJs' });
    // The form carries no table of errors: the words come with the state.
    expect(state.banner).toBe(en.errors.challengeNeedsJs);
    expect(processCard).not.toHaveBeenCalled();
  });
});
