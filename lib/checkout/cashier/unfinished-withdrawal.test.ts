/** Where the cashier and the widget continue a withdrawal waiting for its destination, and which `?continue=` opens anything. */
import { describe, expect, it } from 'vitest';
import type { CashierTransaction } from './load-cashier';
import { continueHref, unfinishedStep } from './unfinished-withdrawal';

const payout = (id: string, status: string, transactionType?: string): CashierTransaction => ({
  id,
  type: 'payout',
  amount: 20,
  currency: 'EUR',
  status,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...(transactionType ? { transactionType } : {}),
});

describe('continueHref', () => {
  it('is the withdraw tab of the cashier, or the widget, with the page’s locale kept', () => {
    expect(continueHref({ name: 'cashier', path: '/cashier/cs_1', locale: '' })).toBe('/cashier/cs_1?tab=withdraw&continue=');
    expect(continueHref({ name: 'cashier', path: '/cashier/cs_1', locale: 'de' })).toBe('/cashier/cs_1?locale=de&tab=withdraw&continue=');
    expect(continueHref({ name: 'widget', path: '/cashier/cs_1/widget', locale: '' })).toBe('/cashier/cs_1/widget?continue=');
    expect(continueHref({ name: 'widget', path: '/cashier/cs_1/widget', locale: 'ar' })).toBe('/cashier/cs_1/widget?locale=ar&continue=');
  });
});

describe('unfinishedStep', () => {
  const transactions = [
    payout('po_card', 'CREATED', 'CARD'),
    payout('po_apm', 'CREATED', 'OTHER'),
    payout('po_given', 'WAITING_FOR_CONFIRMATION', 'CARD'),
    { ...payout('pi_1', 'CREATED'), type: 'payin' as const },
  ];

  it('reopens the card or APM page of a withdrawal of the session still waiting for its destination', () => {
    expect(unfinishedStep(transactions, 'po_card', '')).toEqual({ url: '/payments/payout/po_card/card', type: 'payout', id: 'po_card' });
    expect(unfinishedStep(transactions, 'po_apm', 'fr')).toEqual({
      url: '/payments/payout/po_apm/apm?locale=fr',
      type: 'payout',
      id: 'po_apm',
    });
  });

  it('opens nothing for one with its destination given, a deposit, another session’s payout or no id', () => {
    expect(unfinishedStep(transactions, 'po_given', '')).toBeNull();
    expect(unfinishedStep(transactions, 'pi_1', '')).toBeNull();
    expect(unfinishedStep(transactions, 'po_elsewhere', '')).toBeNull();
    expect(unfinishedStep(transactions, undefined, '')).toBeNull();
    expect(unfinishedStep(transactions, ['po_card'], '')).toBeNull();
  });
});
