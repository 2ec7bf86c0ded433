/**
 * The card page's wallet drivers with fakes of the browser's APIs: Apple Pay (a fake
 * PaymentRequest and ApplePaySession, since trying it needs an Apple device) validates the
 * merchant through the given validator and answers token.paymentData as JSON, shows nothing
 * outside Safari and fails a refused validation; Google Pay's PaymentDataRequest has Google's
 * shapes; the wallet offer follows the merchant's settings and test mode.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletOfferFor, type WalletOffer } from '@/lib/checkout/payment-pages/wallet-offer';
import { applePay, APPLE_PAY_METHOD } from './apple-pay';
import { paymentDataRequest } from './google-pay';

const offer: WalletOffer = {
  total: { currency: 'EUR', value: '25.50' },
  merchantName: 'Wallet Café',
  countryCode: 'GB',
  applePay: { merchantIdentifier: 'merchant.sandbox.checkout' },
  googlePay: {
    scriptUrl: 'https://pay.google.com/gp/p/js/pay.js',
    environment: 'TEST',
    gateway: 'sandbox',
    gatewayMerchantId: 'merchant-wallets',
  },
};
const paymentData = {
  version: 'EC_v1',
  data: 'ZGF0YQ==',
  signature: 'c2ln',
  header: { ephemeralPublicKey: 'a2V5', publicKeyHash: 'aA==', transactionId: 'abc' },
};

/** A fake PaymentRequest: records its construction, fires merchantvalidation on show(), answers Apple's response. */
function fakePaymentRequest(options: { canPay?: boolean; validationUrl?: string } = {}) {
  const made: { methods: unknown; details: unknown }[] = [];
  const completed: string[] = [];
  const validations: unknown[] = [];
  class FakePaymentRequest extends EventTarget {
    constructor(methods: unknown, details: unknown) {
      super();
      made.push({ methods, details });
    }
    async canMakePayment() {
      return options.canPay ?? true;
    }
    async show() {
      const event = Object.assign(new Event('merchantvalidation'), {
        validationURL: options.validationUrl ?? 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
        complete: (session: Promise<unknown>) => validations.push(session),
      });
      this.dispatchEvent(event);
      await Promise.all(validations);
      return {
        details: { token: { paymentData, paymentMethod: { network: 'Visa' }, transactionIdentifier: 'abc' } },
        complete: async (result: string) => void completed.push(result),
      };
    }
  }
  return { FakePaymentRequest, made, completed };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Apple Pay', () => {
  it('is not offered outside Safari: no ApplePaySession, no PaymentRequest built', async () => {
    const fake = fakePaymentRequest();
    vi.stubGlobal('PaymentRequest', fake.FakePaymentRequest);
    expect(await applePay(async () => ({ refused: 'failed' as const })).available(offer)).toBe(false);
    expect(fake.made).toHaveLength(0);
  });

  it("in Safari: Apple's method and data, merchant validation through the service, the EC_v1 paymentData as the token", async () => {
    const fake = fakePaymentRequest();
    vi.stubGlobal('PaymentRequest', fake.FakePaymentRequest);
    vi.stubGlobal('ApplePaySession', function ApplePaySession() {});
    const validate = vi.fn(async () => ({ merchantSession: { merchantSessionIdentifier: 's' } }));
    const driver = applePay(validate);
    expect(await driver.available(offer)).toBe(true);
    const token = await driver.pay(offer, 'pi_1');
    expect(JSON.parse(token!)).toEqual(paymentData);
    expect(validate).toHaveBeenCalledWith('pi_1', 'https://apple-pay-gateway.apple.com/paymentservices/startSession');
    expect(fake.made[1]).toEqual({
      methods: [
        {
          supportedMethods: APPLE_PAY_METHOD,
          data: {
            version: 3,
            merchantIdentifier: 'merchant.sandbox.checkout',
            merchantCapabilities: ['supports3DS'],
            supportedNetworks: ['amex', 'discover', 'masterCard', 'visa'],
            countryCode: 'GB',
          },
        },
      ],
      details: { total: { label: 'Wallet Café', amount: { currency: 'EUR', value: '25.50' } } },
    });
    expect(fake.completed).toEqual(['success']);
  });

  it('a merchant validation the service refuses fails the payment', async () => {
    const fake = fakePaymentRequest();
    vi.stubGlobal('PaymentRequest', fake.FakePaymentRequest);
    vi.stubGlobal('ApplePaySession', function ApplePaySession() {});
    await expect(applePay(async () => ({ refused: 'failed' as const })).pay(offer, 'pi_1')).rejects.toThrow('merchant validation refused');
    vi.stubGlobal('PaymentRequest', fakePaymentRequest().FakePaymentRequest);
    await expect(applePay(async () => ({ refused: 'limited' as const })).pay(offer, 'pi_1')).rejects.toThrow(
      'merchant validation refused (limited)',
    );
  });

  it('when the address needs a security check, solves one and asks once more with it', async () => {
    const fake = fakePaymentRequest();
    vi.stubGlobal('PaymentRequest', fake.FakePaymentRequest);
    vi.stubGlobal('ApplePaySession', function ApplePaySession() {});
    const validate = vi.fn(async (_id: string, _url: string, altcha?: string) =>
      altcha === 'solved' ? { merchantSession: { merchantSessionIdentifier: 's' } } : { refused: 'challenge' as const },
    );
    const solve = vi.fn(async () => 'solved');
    expect(await applePay(validate, solve).pay(offer, 'pi_1')).not.toBeNull();
    expect(validate.mock.calls.map((call) => call[2])).toEqual([undefined, 'solved']);
    expect(solve).toHaveBeenCalledTimes(1);
    // Refused again with a solved check: no loop, the payment fails.
    vi.stubGlobal('PaymentRequest', fakePaymentRequest().FakePaymentRequest);
    const stubborn = vi.fn(async () => ({ refused: 'challenge' as const }));
    await expect(applePay(stubborn, solve).pay(offer, 'pi_1')).rejects.toThrow('merchant validation refused (challenge)');
    expect(stubborn).toHaveBeenCalledTimes(2);
  });
});

describe('Google Pay', () => {
  it("asks with Google's PaymentDataRequest: API 2.0, CARD with PAYMENT_GATEWAY tokenization, a FINAL total", () => {
    expect(paymentDataRequest(offer)).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: ['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA'],
          },
          tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'sandbox', gatewayMerchantId: 'merchant-wallets' } },
        },
      ],
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '25.50', currencyCode: 'EUR', countryCode: 'GB' },
      merchantInfo: { merchantName: 'Wallet Café' },
    });
  });
});

describe('the wallet offer', () => {
  const env = {
    testMode: true,
    sandboxUrl: 'http://acs.localhost:3000/x',
    googlePayScriptUrl: 'https://pay.google.com/gp/p/js/pay.js',
    googlePayGateway: 'sandbox',
    applePayMerchantId: 'merchant.x',
    merchantCountry: 'GB',
  };
  const payin = { amount: 25.5, currency: 'EUR', merchantId: 'merchant-wallets' };
  it('offers what the merchant chose; the sandbox wallet in test mode only; none without wallets', () => {
    const all = walletOfferFor(payin, { displayName: 'Shop', wallets: ['SANDBOX_WALLET', 'GOOGLE_PAY', 'APPLE_PAY'] }, env)!;
    expect(all.sandboxWallet).toEqual({ method: 'http://acs.localhost:3000/sandbox/wallet/method' });
    expect(all.googlePay?.environment).toBe('TEST');
    expect(all.total).toEqual({ currency: 'EUR', value: '25.50' });
    const live = walletOfferFor(payin, { displayName: 'Shop', wallets: ['SANDBOX_WALLET', 'GOOGLE_PAY'] }, { ...env, testMode: false })!;
    expect(live.sandboxWallet).toBeUndefined();
    expect(live.googlePay?.environment).toBe('PRODUCTION');
    expect(walletOfferFor(payin, { displayName: 'Shop', wallets: ['SANDBOX_WALLET'] }, { ...env, testMode: false })).toBeNull();
    expect(walletOfferFor(payin, { displayName: 'Shop' }, env)).toBeNull();
    expect(
      walletOfferFor({ ...payin, currency: 'JPY', amount: 1000 }, { displayName: 'Shop', wallets: ['GOOGLE_PAY'] }, env)!.total.value,
    ).toBe('1000');
  });
});
