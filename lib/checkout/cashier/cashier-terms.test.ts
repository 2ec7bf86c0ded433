/**
 * The cashier's terms (cashier-terms.ts): what is left of the customer's limits caps a deposit
 * before any card is typed, the Kansspelautoriteit's net deposit threshold of the calendar month
 * included; a withdrawal is not capped by them.
 */
import { describe, expect, it } from 'vitest';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import { cashierTerms } from './cashier-terms';

const session = {
  currency: 'EUR',
  depositLimits: { month: { limit: 500, remaining: 120 } },
  responsibleGambling: {
    regulators: ['KSA'],
    room: [],
    netDepositThreshold: { limit: 700, netDeposited: 655, remaining: 45, youngAdult: false, resetsAt: '2026-12-01T00:00:00+01:00' },
  },
} as unknown as CashierSession;
const settings = {} as CheckoutSettings;

describe('the cashier terms', () => {
  it('cap a deposit at what the tightest limit or the monthly net deposit threshold leaves', () => {
    expect(cashierTerms(settings, session, 'deposit').rules.limitRemaining).toBe(45);
    // The threshold is the one named when an amount passes it, not the roomier monthly limit.
    expect(cashierTerms(settings, session, 'deposit').tightest).toEqual({
      kind: 'threshold',
      period: 'calendarMonth',
      limit: 700,
      remaining: 45,
    });
    const roomier = { ...session, responsibleGambling: { ...session.responsibleGambling, netDepositThreshold: undefined } };
    expect(cashierTerms(settings, roomier as CashierSession, 'deposit').rules.limitRemaining).toBe(120);
  });

  it('leave a withdrawal uncapped by deposit limits', () => {
    expect(cashierTerms(settings, session, 'withdraw').rules.limitRemaining).toBeUndefined();
  });
});
