/**
 * The payment forms' banners (form-banner.ts): a form error or a decline in the request's words,
 * from the catalogue, so the client forms carry no table of them.
 */
import { describe, expect, it, vi } from 'vitest';
import ar from '@/messages/ar.json';

vi.mock('next-intl/server', async () => (await import('@/lib/testing/intl-server')).intlServer('ar'));
const { bannerText, withBanner } = await import('./form-banner');

describe('payment form banners', () => {
  it('words a form error, the state’s `limit` as errors.depositLimit', async () => {
    expect(await bannerText({ formError: 'rateLimited' })).toBe(ar.errors.rateLimited);
    expect(await bannerText({ formError: 'limit' })).toBe(ar.errors.depositLimit);
    expect(await bannerText({ formError: 'closedLoop' })).toBe(ar.errors.cardClosedLoop);
    expect(await bannerText({ formError: 'methodClosedLoop' })).toBe(ar.errors.methodClosedLoop);
  });

  it('words a decline with its reason, and a reason without words of its own as the generic one', async () => {
    expect(await bannerText({ declineReason: 'INSUFFICIENT_FUNDS' })).toBe(
      ar.card.declined.replace('{reason}', ar.reasons.INSUFFICIENT_FUNDS),
    );
    expect(await bannerText({ declineReason: 'toString' })).toBe(ar.card.declined.replace('{reason}', ar.reasons.generic));
  });

  it('leaves a state with nothing to say, or an unknown error key, as it is', async () => {
    const quiet: { attemptKey: string; formError?: string } = { attemptKey: 'k' };
    expect(await withBanner(quiet)).toBe(quiet);
    expect(await withBanner({ attemptKey: 'k', formError: 'cancelled' })).toEqual({ attemptKey: 'k', formError: 'cancelled' });
    expect(await withBanner({ attemptKey: 'k', formError: 'notFound' })).toEqual({
      attemptKey: 'k',
      formError: 'notFound',
      banner: ar.errors.notFound,
    });
  });
});
