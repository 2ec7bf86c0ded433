/**
 * What the card page learns of a card as it is typed: its brands and funding type from the
 * service's BIN lookup, and whether the pay-in's merchant refuses that funding type (checkout
 * settings `refusedFundingTypes`). The BIN (first 6 to 8 digits) travels in a POST body, never
 * in a URL; PCI DSS allows it to be shown, and nothing here keeps or logs it.
 */
import 'server-only';
import type { FundingType } from '@hosted-checkout/contract/bin';
import { paymentsApi } from '@/lib/payments-api/client';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';

interface CardBinAnswer {
  brands: string[];
  fundingType: FundingType;
  /** The merchant refuses this funding type: the page says so before Pay. */
  refused: boolean;
  /** The brand a co-badged card defaults to: the merchant's preferred one, else the scheme. */
  preferred: string;
}

/** The BIN's facts for pay-in `paymentId`; null for a BIN of no known brand. Throws PaymentsApiError. */
export async function cardBinFacts(paymentId: string, bin: string): Promise<CardBinAnswer | null> {
  const [lookup, merchantId] = await Promise.all([paymentsApi.lookupBin(bin), paymentsApi.merchantOf('payin', paymentId)]);
  // No brand (the contract promises one at least): a BIN of no known brand.
  const [scheme] = lookup?.brands ?? [];
  if (!lookup || scheme === undefined) return null;
  const settings = await paymentsApi.getCheckoutSettings(merchantId);
  return {
    brands: lookup.brands,
    fundingType: lookup.fundingType,
    refused: (settings.refusedFundingTypes ?? []).includes(lookup.fundingType),
    preferred: settings.preferredBrands?.find((brand) => lookup.brands.includes(brand)) ?? scheme,
  };
}

/** Whether the request names a pay-in and a BIN the lookup takes. */
export const validBinRequest = (paymentId: string, bin: unknown): bin is string =>
  PAYMENT_ID.test(paymentId) && typeof bin === 'string' && /^\d{6,8}$/.test(bin);
