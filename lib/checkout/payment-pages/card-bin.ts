/**
 * What the card page learns of a card as it is typed: its brands and funding type from the
 * service's BIN lookup, and whether that funding type is refused, and by whom: the rules of a
 * licence in force for the pay-in's customer (the pay-in's `refusedFunding`: Sweden's ban on
 * gambling on credit, docs/design.md, section 8), named first, else the merchant itself (checkout
 * settings `refusedFundingTypes`). The BIN (first 6 to 8 digits) travels in a POST body, never
 * in a URL; PCI DSS allows it to be shown, and nothing here keeps or logs it.
 */
import 'server-only';
import type { FundingType } from '@hosted-checkout/contract/bin';
import { paymentsApi } from '@/lib/payments-api/client';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import type { Regulator } from '@hosted-checkout/contract/responsible-gambling/regulators';

interface CardBinAnswer {
  brands: string[];
  fundingType: FundingType;
  /** This funding type is refused (by the rules or by the merchant): the page says so before Pay. */
  refused: boolean;
  /** The regulator whose rule refuses it (the page names the rule, not the merchant); absent when the merchant's own choice refuses it, or nothing does. */
  refusedByRule?: Regulator;
  /** The brand a co-badged card defaults to: the merchant's preferred one, else the scheme. */
  preferred: string;
}

/** The BIN's facts for pay-in `paymentId`; null for a BIN of no known brand. Throws PaymentsApiError. */
export async function cardBinFacts(paymentId: string, bin: string): Promise<CardBinAnswer | null> {
  // The pay-in itself, not only its merchant: what the rules in force for its customer refuse now.
  const [lookup, payin] = await Promise.all([paymentsApi.lookupBin(bin), paymentsApi.getPayin(paymentId)]);
  // No brand (the contract promises one at least): a BIN of no known brand.
  const [scheme] = lookup?.brands ?? [];
  if (!lookup || scheme === undefined) return null;
  const settings = await paymentsApi.getCheckoutSettings(payin.merchantId);
  const byRule = payin.refusedFunding?.fundingTypes.includes(lookup.fundingType) ? payin.refusedFunding.regulator : undefined;
  return {
    brands: lookup.brands,
    fundingType: lookup.fundingType,
    refused: byRule !== undefined || (settings.refusedFundingTypes ?? []).includes(lookup.fundingType),
    ...(byRule ? { refusedByRule: byRule } : {}),
    preferred: settings.preferredBrands?.find((brand) => lookup.brands.includes(brand)) ?? scheme,
  };
}

/** Whether the request names a pay-in and a BIN the lookup takes. */
export const validBinRequest = (paymentId: string, bin: unknown): bin is string =>
  PAYMENT_ID.test(paymentId) && typeof bin === 'string' && /^\d{6,8}$/.test(bin);
