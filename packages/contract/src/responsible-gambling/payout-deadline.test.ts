/**
 * The payout deadline of the rules in force (regulators.ts, `payoutDeadlineMinutes`; docs/design.md,
 * section 8): SPA/MF's 120 minutes for a customer billed in Brazil (Portaria SPA/MF 615/2024, DOU
 * 18/04/2024, article not confirmed), the shortest where several licences set one, none elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { RULES, rulesForCustomer, rulesInForce, UNREGULATED } from './regulators';

describe('payoutDeadlineMinutes', () => {
  it('is 120 minutes under SPA/MF, for a customer billed in Brazil at a merchant holding every licence', () => {
    expect(RULES.SPA_MF.payoutDeadlineMinutes).toBe(120);
    const every = Object.keys(RULES) as (keyof typeof RULES)[];
    expect(rulesForCustomer(every, 'BR').payoutDeadlineMinutes).toBe(120);
    expect(rulesForCustomer(every, 'br').regulators).toEqual(['SPA_MF']);
  });

  it('is absent for customers of other countries, and without a licence', () => {
    const every = Object.keys(RULES) as (keyof typeof RULES)[];
    for (const country of ['GB', 'SE', 'DE', 'NL', 'DK', 'MT', 'PT']) {
      expect(rulesForCustomer(every, country).payoutDeadlineMinutes, country).toBeUndefined();
    }
    expect(UNREGULATED.payoutDeadlineMinutes).toBeUndefined();
    expect(rulesInForce([]).payoutDeadlineMinutes).toBeUndefined();
  });

  it('combines to the shortest of the licences in force that set one', () => {
    expect(rulesInForce(['MGA', 'SPA_MF']).payoutDeadlineMinutes).toBe(120);
    expect(rulesInForce(['UKGC', 'GGL']).payoutDeadlineMinutes).toBeUndefined();
    // A merchant naming licences none of which covers the customer: each rule at its strictest, the deadline with them.
    expect(rulesForCustomer(['SPA_MF', 'UKGC'], 'US').payoutDeadlineMinutes).toBe(120);
  });
});
