/**
 * The seeded merchants' checkout settings are what the contract allows (packages/contract/src/merchant.ts):
 * the checkout validates the service's answers against it, so a seed outside it (a sixth licence
 * past a maximum of five) leaves that merchant's pages unable to load.
 */
import { describe, expect, it } from 'vitest';
import { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import { SEED_MERCHANTS } from './merchant-config';

describe('the seeded merchants', () => {
  it.each(SEED_MERCHANTS.map((merchant) => [merchant.id, merchant.config.settings] as const))(
    '%s: its settings pass the contract',
    (_id, settings) => {
      const parsed = CheckoutSettings.safeParse(settings);
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    },
  );
});
