/**
 * Apple Pay in the card page, loaded only when the merchant offers it: the Payment Request
 * API with the `https://apple.com/apple-pay` method (Safari; Apple, "Apple Pay Payment Request
 * API"), behind feature detection. Merchant validation goes through our server action to the
 * service, which holds the merchant identity certificate; the token is the response's
 * `token.paymentData` (EC_v1) as JSON. Trying it needs an Apple device: the tests drive it with a
 * fake PaymentRequest.
 */
import type { ApplePayValidationAnswer } from '@/lib/checkout/payment-pages/apple-pay-action';
import type { WalletDriver, WalletOffer } from '@/lib/checkout/payment-pages/wallet-offer';
import { required } from '@hosted-checkout/contract/required';

export const APPLE_PAY_METHOD = 'https://apple.com/apple-pay';

/**
 * Validates the merchant for `validationUrl` (the card page's server action): Apple's merchant
 * session, or why not; `altcha` is a solved proof-of-work, sent when the last answer asked for one.
 */
export type MerchantValidator = (paymentId: string, validationUrl: string, altcha?: string) => Promise<ApplePayValidationAnswer>;

/** Solves a proof-of-work challenge (lib/security/pow-client.ts): the form's `altcha` value. */
type Solver = () => Promise<string>;

const solveOnDemand: Solver = () => import('@/lib/security/pow-client').then(({ solveSecurityChallenge }) => solveSecurityChallenge());

/**
 * Apple's merchant session for `validationUrl`: asked once; when this address needs a security
 * check first, the browser solves one and asks once more. Throws when refused.
 */
export async function merchantSession(
  validate: MerchantValidator,
  paymentId: string,
  validationUrl: string,
  solve: Solver = solveOnDemand,
): Promise<Record<string, unknown>> {
  let answer = await validate(paymentId, validationUrl);
  if ('refused' in answer && answer.refused === 'challenge') answer = await validate(paymentId, validationUrl, await solve());
  if (!('merchantSession' in answer)) throw new Error(`merchant validation refused (${answer.refused})`);
  return answer.merchantSession;
}

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
          merchantIdentifier: required(offer.applePay, 'the Apple Pay offer').merchantIdentifier,
          merchantCapabilities: ['supports3DS'],
          supportedNetworks: ['amex', 'discover', 'masterCard', 'visa'],
          countryCode: offer.countryCode,
        },
      },
    ],
    { total: { label: offer.merchantName, amount: offer.total } },
  );
}

/** Apple Pay's driver, validating the merchant through `validate` (the card page passes its server action); `solve` for tests. */
export function applePay(validate: MerchantValidator, solve: Solver = solveOnDemand): WalletDriver {
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
        validation.complete(merchantSession(validate, paymentId, validation.validationURL, solve));
      });
      const response = await payment.show();
      const paymentData = (response.details as { token?: { paymentData?: unknown } }).token?.paymentData;
      await response.complete(paymentData ? 'success' : 'fail');
      return paymentData ? JSON.stringify(paymentData) : null;
    },
  };
}
