/**
 * The card page's Click to Pay on the checkout's server (docs/design.md, E28), through the real
 * action pipeline: forged Click to Pay fields are refused before any call; a chosen card's payload
 * goes to process/click-to-pay as it is, under its own Idempotency-Key; the link box adds the
 * consent to process/card only when ticked; the session action checks the id and the SRC origin
 * and answers "not offered" on any failure. And the offer, from what the page has read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-forwarded-for': '203.0.113.77', 'user-agent': 'Mozilla/5.0 test', accept: 'text/html' }),
}));
vi.mock('next/navigation', async () => (await import('@/lib/testing/action-post')).navigation);
vi.mock('next-intl/server', async () => (await import('@/lib/testing/intl-server')).intlServer('en'));

const { payByCard, payByClickToPay } = await import('./card-payment-action');
const { startClickToPay } = await import('./click-to-pay-action');
const { clickToPayOfferFor } = await import('./click-to-pay-offer');
const { paymentsApi } = await import('@/lib/payments-api/client');
const { post: form } = await import('@/lib/testing/action-post');

const KEY = '0b7f3c6e-8d1a-4e2b-9c3d-5f6a7b8c9d0e';
const CORRELATION = `srcc_${'a1'.repeat(12)}`;
const CARD = `srcdc_${'b2'.repeat(12)}`;
const browser = JSON.stringify({
  language: 'en',
  timeZoneOffset: 0,
  colorDepth: 24,
  screenHeight: 800,
  screenWidth: 1200,
  javaEnabled: false,
  javascriptEnabled: true,
});
const chosen = {
  paymentId: 'pi_c2p',
  attemptKey: KEY,
  browser,
  srcCorrelationId: CORRELATION,
  srcDigitalCardId: CARD,
  checkoutResponse: 'srcp1.iv.ct.tag',
};

afterEach(() => vi.restoreAllMocks());

describe('payByClickToPay', () => {
  let processClickToPay: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    processClickToPay = vi.spyOn(paymentsApi, 'processClickToPay').mockResolvedValue({ status: 'SUCCESS' } as never);
  });

  it('passes the sealed payload on as it is, under click-to-pay:<payment>:<attempt>:<payload digest>', async () => {
    await expect(payByClickToPay({ attemptKey: KEY }, form(chosen))).rejects.toMatchObject({ to: expect.stringContaining('/status') });
    expect(processClickToPay).toHaveBeenCalledTimes(1);
    const [id, body, key] = processClickToPay.mock.calls[0]!;
    expect(id).toBe('pi_c2p');
    expect(key).toMatch(new RegExp(`^click-to-pay:pi_c2p:${KEY}:[0-9a-f]{16}$`));
    // A new payload for the same attempt (the answer to the first was lost): another key, not a conflict of bodies.
    await payByClickToPay({ attemptKey: KEY }, form({ ...chosen, checkoutResponse: 'srcp1.iv2.ct2.tag2' })).catch(() => undefined);
    expect(processClickToPay.mock.calls[1]![2]).not.toBe(key);
    expect(body).toMatchObject({
      clickToPay: { srcCorrelationId: CORRELATION, srcDigitalCardId: CARD, checkoutResponse: 'srcp1.iv.ct.tag' },
    });
  });

  it('refuses forged ids and an oversized payload before any call', async () => {
    for (const forged of [
      { srcCorrelationId: 'srcc_../../admin' },
      { srcDigitalCardId: 'srcdc_xyz' },
      { srcDigitalCardId: `${CARD}0` },
      { checkoutResponse: '' },
      { checkoutResponse: 'x'.repeat(4097) },
    ]) {
      const state = await payByClickToPay({ attemptKey: KEY }, form({ ...chosen, ...forged }));
      expect(state.formError, JSON.stringify(forged).slice(0, 60)).toBeDefined();
    }
    expect(processClickToPay).not.toHaveBeenCalled();
  });
});

describe('the link box', () => {
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvv: '123', cardHolderName: 'Ada Lovelace' };
  it('asks process/card to link the card only when ticked, with the consent text and a well-formed session', async () => {
    const processCard = vi.spyOn(paymentsApi, 'processCard').mockResolvedValue({ status: 'SUCCESS' } as never);
    const base = { paymentId: 'pi_link', attemptKey: KEY, browser, locale: 'fr', ...card };
    await payByCard({ attemptKey: KEY }, form(base)).catch(() => undefined);
    await payByCard({ attemptKey: KEY }, form({ ...base, clickToPayLink: 'on', clickToPaySession: CORRELATION })).catch(() => undefined);
    await payByCard({ attemptKey: KEY }, form({ ...base, clickToPayLink: 'on', clickToPaySession: 'srcc_forged' })).catch(() => undefined);
    const bodies = processCard.mock.calls.map((call) => call[1] as { clickToPay?: unknown });
    expect(bodies[0]!.clickToPay).toBeUndefined();
    expect(bodies[1]!.clickToPay).toEqual({ link: { textVersion: 'c2p-link-1', locale: 'fr', srcCorrelationId: CORRELATION } });
    expect(bodies[2]!.clickToPay).toEqual({ link: { textVersion: 'c2p-link-1', locale: 'fr' } });
  });
});

describe('startClickToPay', () => {
  const session = {
    srcCorrelationId: CORRELATION,
    srcClientToken: 'token',
    srcOrigin: 'http://checkout.test',
    expiresAt: new Date().toISOString(),
    brands: ['VISA'],
    consumerPresent: true,
  };

  it('opens the session for a well-formed pay-in id on the configured SRC origin', async () => {
    vi.spyOn(paymentsApi, 'startClickToPaySession').mockResolvedValue(session as never);
    await expect(startClickToPay('pi_c2p')).resolves.toMatchObject({ offered: true, srcCorrelationId: CORRELATION });
  });

  it('is not offered for a malformed id, another SRC origin, or a failing service', async () => {
    const start = vi
      .spyOn(paymentsApi, 'startClickToPaySession')
      .mockResolvedValue({ ...session, srcOrigin: 'https://evil.example' } as never);
    await expect(startClickToPay({ toString: () => 'pi_c2p' })).resolves.toEqual({ offered: false });
    await expect(startClickToPay('../admin')).resolves.toEqual({ offered: false });
    expect(start).not.toHaveBeenCalled();
    await expect(startClickToPay('pi_c2p')).resolves.toEqual({ offered: false });
    start.mockRejectedValue(new Error('down'));
    await expect(startClickToPay('pi_c2p')).resolves.toEqual({ offered: false });
  });
});

describe('clickToPayOfferFor', () => {
  const payin = { type: 'payin', clickToPay: { identity: { maskedEmail: 'c•••@example.com', consumerPresent: true } } };
  const settings = { displayName: 'Ticket Hall', clickToPay: { brands: ['VISA', 'MASTERCARD'] as ('VISA' | 'MASTERCARD')[] } };

  it('offers it on a pay-in of a merchant that offers it, with an SRC system and the identity', () => {
    expect(clickToPayOfferFor(payin, settings, 'http://checkout.test')).toEqual({
      srcOrigin: 'http://checkout.test',
      brands: ['VISA', 'MASTERCARD'],
      consumerPresent: true,
      maskedEmail: 'c•••@example.com',
      merchantName: 'Ticket Hall',
    });
  });

  it('does not on a payout, without the setting, without an SRC system, or past the form', () => {
    expect(clickToPayOfferFor({ ...payin, type: 'payout' }, settings, 'http://checkout.test')).toBeNull();
    expect(clickToPayOfferFor(payin, { displayName: 'Demo' }, 'http://checkout.test')).toBeNull();
    expect(clickToPayOfferFor(payin, settings, null)).toBeNull();
    expect(clickToPayOfferFor({ type: 'payin' }, settings, 'http://checkout.test')).toBeNull();
  });
});
