/**
 * One limit per period across currencies (limit-changes.ts): a raise whose cooling-off is over
 * replaces that period's limit in every currency; the limit binding a session's deposits is the
 * smallest converted one, with where it was set.
 */
import { describe, expect, it } from 'vitest';
import { bindingLimits, limitsAcross, raisesAfterMerchantLimits } from './limit-changes';

const now = new Date('2026-11-25T12:00:00Z');
const past = '2026-11-25T11:00:00Z';
const later = '2026-11-26T12:00:00Z';
/** GBP 1.17, EUR 1 (the sandbox's rates); no rate for XTS. */
const convert = (minor: number, from: string, to: string) => {
  const rates: Record<string, number> = { EUR: 1, GBP: 1.17 };
  if (rates[from] === undefined || rates[to] === undefined) return null;
  return Math.round((minor * rates[from]!) / rates[to]!);
};

describe('limitsAcross', () => {
  it('applies a due raise set in EUR in place of the GBP limit of that period; keeps others, waiting and ready ones', () => {
    const state = limitsAcross(
      { GBP: { day: 5000, week: 20000 } },
      {
        EUR: { day: { limit: 10000, effectiveAt: past }, week: { limit: 30000, effectiveAt: later } },
        GBP: { month: { limit: null, effectiveAt: past, confirm: true } },
      },
      now,
    );
    expect(state.limits).toEqual({ GBP: { week: 20000 }, EUR: { day: 10000 } });
    expect(state.waiting).toEqual({ EUR: { week: { limit: 30000, effectiveAt: later } } });
    expect(state.ready).toEqual({ GBP: { month: { limit: null, effectiveAt: past, confirm: true } } });
  });

  it('a due removal removes the period in every currency, and drops a currency left empty', () => {
    expect(
      limitsAcross({ GBP: { day: 5000 }, EUR: { day: 9000 } }, { EUR: { day: { limit: null, effectiveAt: past } } }, now).limits,
    ).toEqual({});
  });
});

describe('bindingLimits', () => {
  it('answers per period the smallest limit converted into the currency, and where it was set', () => {
    expect(bindingLimits({ GBP: { day: 5000 }, EUR: { day: 6000, week: 100 } }, 'EUR', convert)).toEqual({
      day: { minor: 5850, setIn: 'GBP', setMinor: 5000 },
      week: { minor: 100, setIn: 'EUR', setMinor: 100 },
    });
  });

  it('leaves out a limit in a currency without a rate, except in its own currency', () => {
    expect(bindingLimits({ XTS: { day: 100 } }, 'EUR', convert)).toEqual({});
    expect(bindingLimits({ XTS: { day: 100 } }, 'XTS', convert)).toEqual({ day: { minor: 100, setIn: 'XTS', setMinor: 100 } });
  });
});

describe('raisesAfterMerchantLimits', () => {
  const waiting = { limit: 20000, effectiveAt: later };
  const ready = { limit: 30000, effectiveAt: past, confirm: true };

  it("keeps a raise above the merchant's new limit, as it was (date and confirmation), and drops one the new limit gives", () => {
    const outcome = raisesAfterMerchantLimits({ EUR: { day: 10000, week: 40000 } }, { EUR: { day: waiting, week: ready } }, convert);
    expect(outcome.pending).toEqual({ EUR: { day: waiting } });
    expect(outcome.kept).toEqual([{ currency: 'EUR', period: 'day', limitMinor: 20000, effectiveAt: later }]);
    expect(outcome.dropped).toEqual([{ currency: 'EUR', period: 'week', limitMinor: 30000, effectiveAt: past }]);
  });

  it('compares a raise with the new limit converted into its currency; a limit equal to the raise gives it', () => {
    // GBP 200 is EUR 234: a raise to EUR 250 still raises, one to EUR 234 is given.
    expect(
      raisesAfterMerchantLimits({ GBP: { day: 20000 } }, { EUR: { day: { limit: 25000, effectiveAt: later } } }, convert).kept,
    ).toHaveLength(1);
    expect(
      raisesAfterMerchantLimits({ GBP: { day: 20000 } }, { EUR: { day: { limit: 23400, effectiveAt: later } } }, convert).dropped,
    ).toHaveLength(1);
  });

  it('drops a raise or removal of a period left without a limit; keeps a removal of a period that still has one', () => {
    const removal = { limit: null, effectiveAt: later };
    const outcome = raisesAfterMerchantLimits(
      { EUR: { week: 5000 } },
      { EUR: { day: waiting, week: removal }, GBP: { month: removal } },
      convert,
    );
    expect(outcome.pending).toEqual({ EUR: { week: removal } });
    expect(outcome.dropped.map((d) => `${d.currency} ${d.period}`)).toEqual(['EUR day', 'GBP month']);
    expect(raisesAfterMerchantLimits({}, { EUR: { day: waiting } }, convert)).toEqual({
      pending: {},
      kept: [],
      dropped: [{ currency: 'EUR', period: 'day', limitMinor: 20000, effectiveAt: later }],
    });
  });

  it('keeps a raise the new limits cannot be compared with (a limit only in a currency without a rate)', () => {
    expect(raisesAfterMerchantLimits({ XTS: { day: 1 } }, { EUR: { day: waiting } }, convert).pending).toEqual({ EUR: { day: waiting } });
  });
});
