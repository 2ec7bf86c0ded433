/**
 * Google Pay in the card page (Google Pay API for web, version 2), loaded only when the
 * merchant offers it: loads Google's script (its origin is in the page's CSP only then), asks
 * `isReadyToPay`, draws Google's button, and answers the PAYMENT_GATEWAY token of
 * `loadPaymentData`: `paymentMethodData.tokenizationData.token`, passed on as is.
 * Shapes: developers.google.com/pay/api/web/reference (request and response objects).
 */
import type { WalletDriver, WalletOffer } from '@/lib/checkout/payment-pages/wallet-offer';
import { required } from '@hosted-checkout/contract/required';

interface PaymentsClient {
  isReadyToPay(request: object): Promise<{ result: boolean }>;
  loadPaymentData(request: object): Promise<{ paymentMethodData: { tokenizationData: { type: string; token: string } } }>;
  createButton(options: object): HTMLElement;
}
declare global {
  interface Window {
    google?: { payments: { api: { PaymentsClient: new (options: { environment: string }) => PaymentsClient } } };
  }
}

const BASE = { apiVersion: 2, apiVersionMinor: 0 };
const CARD_PARAMETERS = {
  allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
  allowedCardNetworks: ['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA'],
};

let loading: Promise<PaymentsClient> | null = null;

/** Google's script, once per page; rejects when it cannot load. */
function client(offer: WalletOffer): Promise<PaymentsClient> {
  loading ??= new Promise<PaymentsClient>((resolve, reject) => {
    const script = document.createElement('script');
    const google = required(offer.googlePay, 'the Google Pay offer');
    script.src = google.scriptUrl;
    script.async = true;
    script.onload = () =>
      window.google
        ? resolve(new window.google.payments.api.PaymentsClient({ environment: google.environment }))
        : reject(new Error('no Google Pay API'));
    script.onerror = () => reject(new Error('Google Pay script did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The PaymentDataRequest of a pay-in (PAYMENT_GATEWAY tokenization; the total FINAL). */
export function paymentDataRequest(offer: WalletOffer) {
  const google = required(offer.googlePay, 'the Google Pay offer');
  return {
    ...BASE,
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: CARD_PARAMETERS,
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: google.gateway, gatewayMerchantId: google.gatewayMerchantId },
        },
      },
    ],
    transactionInfo: {
      totalPriceStatus: 'FINAL',
      totalPrice: offer.total.value,
      currencyCode: offer.total.currency,
      countryCode: offer.countryCode,
    },
    merchantInfo: { merchantName: offer.merchantName },
  };
}

export const googlePay: WalletDriver & { button(offer: WalletOffer, locale: string, onClick: () => void): Promise<HTMLElement> } = {
  async available(offer) {
    if (!offer.googlePay) return false;
    try {
      const answer = await (
        await client(offer)
      ).isReadyToPay({ ...BASE, allowedPaymentMethods: [{ type: 'CARD', parameters: CARD_PARAMETERS }] });
      return answer.result === true;
    } catch {
      return false;
    }
  },
  async pay(offer) {
    try {
      const data = await (await client(offer)).loadPaymentData(paymentDataRequest(offer));
      return data.paymentMethodData.tokenizationData.type === 'PAYMENT_GATEWAY' ? data.paymentMethodData.tokenizationData.token : null;
    } catch (error) {
      if ((error as { statusCode?: string }).statusCode === 'CANCELED') return null;
      throw error;
    }
  },
  /** Google's own button (its brand rules), in the page's language. */
  async button(offer, locale, onClick) {
    return (await client(offer)).createButton({ onClick, buttonType: 'pay', buttonSizeMode: 'fill', buttonLocale: locale.slice(0, 2) });
  },
};
