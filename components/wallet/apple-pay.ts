/**
 * Apple Pay in the card page (E21), loaded only when the merchant offers it: the Payment Request
 * API with the `https://apple.com/apple-pay` method (Safari; Apple, "Apple Pay Payment Request
 * API"), behind feature detection. Merchant validation goes through our server action to the
 * service, which holds the merchant identity certificate; the token is the response's
 * `token.paymentData` (EC_v1) as JSON. Trying it needs an Apple device: the tests drive it with a
 * fake PaymentRequest.
 */
import type { WalletDriver, WalletOffer } from '@/lib/checkout/wallet-offer';

export const APPLE_PAY_METHOD = 'https://apple.com/apple-pay';

/** Validates the merchant for `validationUrl`: Apple's merchant session, or null. */
export type MerchantValidator = (paymentId: string, validationUrl: string) => Promise<Record<string, unknown> | null>;

interface MerchantValidationEvent extends Event {
  validationURL: string;
  complete(session: Promise<unknown> | unknown): void;
}

function request(offer: WalletOffer): PaymentRequest {
  return new PaymentRequest(
    [
      {
        supportedMethods: APPLE_PAY_METHOD,
        data: {
          version: 3,
          merchantIdentifier: offer.applePay!.merchantIdentifier,
          merchantCapabilities: ['supports3DS'],
          supportedNetworks: ['amex', 'discover', 'masterCard', 'visa'],
          countryCode: offer.countryCode,
        },
      },
    ],
    { total: { label: offer.merchantName, amount: offer.total } },
  );
}

/** Apple Pay's driver, validating the merchant through `validate` (the card page passes its server action). */
export function applePay(validate: MerchantValidator): WalletDriver {
  return {
    async available(offer) {
      // Safari only (it has ApplePaySession): elsewhere the browser would fetch Apple's method manifest for nothing.
      if (!offer.applePay || typeof PaymentRequest === 'undefined' || !('ApplePaySession' in globalThis)) return false;
      try {
        return await request(offer).canMakePayment();
      } catch {
        return false;
      }
    },
    async pay(offer, paymentId) {
      const payment = request(offer);
      payment.addEventListener('merchantvalidation', (event) => {
        const validation = event as MerchantValidationEvent;
        validation.complete(
          validate(paymentId, validation.validationURL).then((session) => {
            if (!session) throw new Error('merchant validation refused');
            return session;
          }),
        );
      });
      const response = await payment.show();
      const paymentData = (response.details as { token?: { paymentData?: unknown } }).token?.paymentData;
      await response.complete(paymentData ? 'success' : 'fail');
      return paymentData ? JSON.stringify(paymentData) : null;
    },
  };
}
