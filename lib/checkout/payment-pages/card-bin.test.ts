/**
 * The card page's BIN answer (card-bin.ts): a funding type the rules of a licence in force refuse
 * for the pay-in's customer (the pay-in's `refusedFunding`: Sweden's ban on gambling on credit) is
 * refused and names the regulator, even where the merchant accepts it; the merchant's own refusal
 * names no rule; a debit card, or a pay-in without `refusedFunding`, is not refused by a rule.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const { cardBinFacts } = await import('./card-bin');
const { paymentsApi } = await import('@/lib/payments-api/client');

const PAYIN = 'pi_0123456789abcdef';
const SWEDISH_BAN = { regulator: 'SPELINSPEKTIONEN', fundingTypes: ['CREDIT'], methods: [] };

/** The service's answers: the BIN's funding type, the pay-in's `refusedFunding` and the merchant's own refusals. */
function service(fundingType: string, refusedFunding: unknown, refusedFundingTypes: string[] = []) {
  vi.spyOn(paymentsApi, 'lookupBin').mockResolvedValue({ brands: ['Visa'], fundingType, threeDSMethod: false } as never);
  vi.spyOn(paymentsApi, 'getPayin').mockResolvedValue({
    id: PAYIN,
    merchantId: 'merchant-regulated',
    ...(refusedFunding ? { refusedFunding } : {}),
  } as never);
  vi.spyOn(paymentsApi, 'getCheckoutSettings').mockResolvedValue({ refusedFundingTypes } as never);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the card page’s BIN answer', () => {
  it("names Sweden's ban on a credit card for a customer under Spelinspektionen, even where the merchant accepts credit", async () => {
    service('CREDIT', SWEDISH_BAN);
    expect(await cardBinFacts(PAYIN, '41111111')).toMatchObject({
      fundingType: 'CREDIT',
      refused: true,
      refusedByRule: 'SPELINSPEKTIONEN',
    });
  });

  it('names the rule before the merchant when both refuse the card', async () => {
    service('CREDIT', SWEDISH_BAN, ['CREDIT']);
    expect(await cardBinFacts(PAYIN, '41111111')).toMatchObject({ refused: true, refusedByRule: 'SPELINSPEKTIONEN' });
  });

  it("names no rule for the merchant's own refusal, and refuses nothing else", async () => {
    service('CREDIT', undefined, ['CREDIT']);
    const own = await cardBinFacts(PAYIN, '41111111');
    expect(own).toMatchObject({ refused: true });
    expect(own).not.toHaveProperty('refusedByRule');
    service('DEBIT', SWEDISH_BAN);
    const debit = await cardBinFacts(PAYIN, '42424242');
    expect(debit).toMatchObject({ refused: false });
    expect(debit).not.toHaveProperty('refusedByRule');
  });
});
