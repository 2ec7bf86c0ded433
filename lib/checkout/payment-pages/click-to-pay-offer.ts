/**
 * Whether a card page offers Click to Pay (EMVCo Secure Remote Commerce; docs/design.md, E28),
 * and what the page needs for it, from what the page has read already (no I/O): a pay-in whose
 * merchant offers it (checkout settings `clickToPay.brands`), an SRC system configured
 * (`CLICK_TO_PAY_SRC_ORIGIN` or the sandbox's), and the pay-in's `clickToPay.identity`, which the
 * service sends while the pay-in may be processed. Shared by the server page and the client panel;
 * no secrets, no card data.
 */
import type { ClickToPayBrand, PayinClickToPay } from '@hosted-checkout/contract/click-to-pay';

/** The offer: the SRC system's origin, the brands, the customer's identity masked, the merchant's name. */
export interface ClickToPayOffer {
  srcOrigin: string;
  brands: ClickToPayBrand[];
  consumerPresent: boolean;
  maskedEmail?: string;
  maskedPhone?: string;
  merchantName: string;
}

/** The link box's offer under a typed card: the brands and the identity the card would be linked to. */
export type ClickToPayLinkOffer = Pick<ClickToPayOffer, 'brands' | 'maskedEmail' | 'maskedPhone'>;

/**
 * The Click to Pay offer of a card page; null when it is not offered (a payout, a merchant without
 * it, no SRC system, or a pay-in past its form).
 */
export function clickToPayOfferFor(
  transaction: { type: string; clickToPay?: PayinClickToPay },
  settings: { displayName: string; clickToPay?: { brands: ClickToPayBrand[] } },
  srcOrigin: string | null,
): ClickToPayOffer | null {
  const identity = transaction.clickToPay?.identity;
  const brands = settings.clickToPay?.brands ?? [];
  if (transaction.type !== 'payin' || !srcOrigin || brands.length === 0 || !identity) return null;
  return {
    srcOrigin,
    brands,
    consumerPresent: identity.consumerPresent,
    ...(identity.maskedEmail ? { maskedEmail: identity.maskedEmail } : {}),
    ...(identity.maskedPhone ? { maskedPhone: identity.maskedPhone } : {}),
    merchantName: settings.displayName,
  };
}

/** The version of the link box's consent text the customer is shown (the catalogues' `clickToPay.link*`); the SRC system records it. */
export const CLICK_TO_PAY_LINK_TEXT = 'c2p-link-1';
