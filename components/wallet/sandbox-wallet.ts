/**
 * The sandbox wallet in the card page, loaded only when the merchant offers it: a web
 * payment app (W3C Payment Handler API) on the sandbox's origin, reached through the Payment
 * Request API with its URL payment method identifier. Chromium installs it just in time from its
 * manifests; its window lets the tester choose a test card and answers `{ token }`.
 */
import type { WalletDriver, WalletOffer } from '@/lib/checkout/payment-pages/wallet-offer';
import { required } from '@hosted-checkout/contract/required';

function request(offer: WalletOffer, paymentId: string): PaymentRequest {
  return new PaymentRequest(
    [
      {
        supportedMethods: required(offer.sandboxWallet, 'the sandbox wallet offer').method,
        data: { paymentId, merchantName: offer.merchantName },
      },
    ],
    {
      total: { label: offer.merchantName, amount: offer.total },
    },
  );
}

export const sandboxWallet: WalletDriver = {
  async available(offer) {
    if (!offer.sandboxWallet || typeof PaymentRequest === 'undefined') return false;
    try {
      return await request(offer, 'probe').canMakePayment();
    } catch {
      return false;
    }
  },
  async pay(offer, paymentId) {
    const response = await request(offer, paymentId).show();
    const token = (response.details as { token?: unknown }).token;
    await response.complete(typeof token === 'string' ? 'success' : 'fail');
    return typeof token === 'string' ? token : null;
  },
};
