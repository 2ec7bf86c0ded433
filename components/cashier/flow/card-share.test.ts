/** The cashier's words for a withdrawal by card above what the deposit cards can take (card-share.ts), in integer minor units. */
import { describe, expect, it } from 'vitest';
import { typedMinor } from '@/lib/checkout/cashier/cashier-amount';
import { aboveCardShare, type CardShareInput } from './card-share';

const eur = { numberLocale: 'en', currency: 'EUR' };
/** The check as the cashier flow runs it: what is typed, read once into minor units in the page's language. */
const share = (typed: string, method: 'card' | 'apm', input: CardShareInput & { numberLocale: string }) =>
  aboveCardShare(typedMinor(typed, input.numberLocale, input.currency), method, input);

describe('a withdrawal by card above the cards’ share', () => {
  it('is said when what the card would receive is above the most, not at or under it', () => {
    const input = { ...eur, cardWithdrawalMax: 10 };
    expect(share('99', 'card', input)).toBe(true);
    expect(share('10.01', 'card', input)).toBe(true);
    expect(share('10', 'card', input)).toBe(false);
    expect(share('9.99', 'card', input)).toBe(false);
  });

  it('counts what the card receives: the value less the card withdrawal fee', () => {
    const fees = {
      card: { method: 'card', direction: 'withdrawal', currency: 'EUR', fixedMinor: 100, basisPoints: 0 } as never,
      apm: null,
    };
    // €11 less a €1 fee sends €10: within a €10 share.
    expect(share('11', 'card', { ...eur, fees, cardWithdrawalMax: 10 })).toBe(false);
    expect(share('11.01', 'card', { ...eur, fees, cardWithdrawalMax: 10 })).toBe(true);
  });

  it('with nothing left for any card, is said as soon as card is chosen; never for other methods or without a figure', () => {
    expect(share('', 'card', { ...eur, cardWithdrawalMax: 0 })).toBe(true);
    expect(share('500', 'apm', { ...eur, cardWithdrawalMax: 0 })).toBe(false);
    expect(share('500', 'card', { ...eur, cardWithdrawalMax: null })).toBe(false);
    expect(share('500', 'card', eur)).toBe(false);
    expect(share('not an amount', 'card', { ...eur, cardWithdrawalMax: 10 })).toBe(false);
  });

  it('reads the amount as the page’s language writes it', () => {
    expect(share('10,50', 'card', { numberLocale: 'de', currency: 'EUR', cardWithdrawalMax: 10 })).toBe(true);
    expect(share('1.000', 'card', { numberLocale: 'de', currency: 'EUR', cardWithdrawalMax: 999 })).toBe(true);
  });
});
