/**
 * The page loaders' choice for a browser the service refuses (docs/design.md, E22): the cashier's
 * and the widget's (load-cashier.ts) and a payout page's (load-transaction.ts) ask the locator
 * whether another browser holds that page (`opened`: the cashier's or the widget's own, the
 * payout's pages), so the page says "open in another browser" only then; nobody holding it (never
 * opened, launched again), or a service that does not say, reads that the link is no longer valid.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';

const { paymentsApi, PaymentsApiError } = await import('@/lib/payments-api/client');
const { loadCashier } = await import('@/lib/checkout/cashier/load-cashier');
const { loadTransaction } = await import('./load-transaction');

const settings = { displayName: 'Acme Casino', allowedOrigins: [] } as unknown as CheckoutSettings;
const refused = (operation: string) => new PaymentsApiError('http', operation, 403, 'FORBIDDEN');

beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(paymentsApi, 'getCheckoutSettings').mockResolvedValue(settings);
});

describe('the cashier and the widget, not this browser’s', () => {
  it.each([
    ['cashier', true],
    ['widget', true],
    ['cashier', false],
    ['widget', false],
  ] as const)('the %s’s own locator, opened %s, chooses the words', async (page, opened) => {
    vi.spyOn(paymentsApi, 'getSession').mockRejectedValue(refused('getCashierSession'));
    const locate = vi.spyOn(paymentsApi, 'locate').mockResolvedValue({ merchantId: 'm_1', expired: false, opened });
    expect(await loadCashier('cs_1', page)).toEqual({ outcome: 'elsewhere', settings, opened });
    expect(locate).toHaveBeenCalledWith('session', 'cs_1', null, page);
  });

  it('a service that does not answer opened: the link is no longer valid, never another browser', async () => {
    vi.spyOn(paymentsApi, 'getSession').mockRejectedValue(refused('getCashierSession'));
    vi.spyOn(paymentsApi, 'locate').mockResolvedValue({ merchantId: 'm_1', expired: false });
    expect(await loadCashier('cs_1')).toMatchObject({ outcome: 'elsewhere', opened: false });
  });

  it('an expired session says so, opened or not', async () => {
    vi.spyOn(paymentsApi, 'getSession').mockRejectedValue(refused('getCashierSession'));
    vi.spyOn(paymentsApi, 'locate').mockResolvedValue({ merchantId: 'm_1', expired: true, opened: true });
    expect(await loadCashier('cs_1', 'widget')).toEqual({ outcome: 'expired', settings });
  });
});

describe('a payout’s page, not this browser’s', () => {
  it.each([true, false])('the payout’s locator, opened %s, chooses the words', async (opened) => {
    vi.spyOn(paymentsApi, 'getPayout').mockRejectedValue(refused('getPayout'));
    const locate = vi.spyOn(paymentsApi, 'locate').mockResolvedValue({ merchantId: 'm_1', opened });
    expect(await loadTransaction('payout', 'po_1')).toEqual({ outcome: 'elsewhere', settings, opened });
    expect(locate).toHaveBeenCalledWith('payout', 'po_1');
  });
});
