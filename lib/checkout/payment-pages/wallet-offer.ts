/**
 * What the card page's wallet buttons need (the sandbox wallet, Google Pay, Apple Pay), built on the server from the merchant's
 * checkout settings (`wallets`) and the pay-in: the total, and per wallet offered, its
 * parameters. Shared by the server page and the client buttons; no secrets, no card data.
 */
import { decimalAmount, toMinor } from '@hosted-checkout/contract/money';

export interface WalletOffer {
  /** ISO 4217 code and the amount as a decimal string in major units ("10.00"), as the Payment Request API and Google Pay take it. */
  total: { currency: string; value: string };
  merchantName: string;
  /** ISO 3166-1 alpha-2 country of the merchant's acquirer (Google Pay's transactionInfo, Apple Pay's countryCode). */
  countryCode: string;
  /** The sandbox wallet: a web payment app whose payment method identifier is this URL. */
  sandboxWallet?: { method: string };
  /** Google Pay API v2: its script, TEST or PRODUCTION, PAYMENT_GATEWAY tokenization parameters. */
  googlePay?: { scriptUrl: string; environment: 'TEST' | 'PRODUCTION'; gateway: string; gatewayMerchantId: string };
  /** Apple Pay through the Payment Request API (https://apple.com/apple-pay). */
  applePay?: { merchantIdentifier: string };
}

/** A wallet's way to pay: whether this browser can, and the token of one payment (null: closed by the customer). */
export interface WalletDriver {
  available(offer: WalletOffer): Promise<boolean>;
  pay(offer: WalletOffer, paymentId: string): Promise<string | null>;
}

/**
 * The wallet offer of a pay-in's card page, from the merchant's `wallets`; null when it
 * offers none. The sandbox wallet only against a sandbox (test mode). `amount` in major units.
 */
export function walletOfferFor(
  payin: { amount: number; currency: string; merchantId: string },
  settings: { displayName: string; wallets?: readonly string[] },
  env: {
    testMode: boolean;
    sandboxUrl: string;
    googlePayScriptUrl: string;
    googlePayGateway: string;
    applePayMerchantId: string;
    merchantCountry: string;
  },
): WalletOffer | null {
  const wallets = new Set(settings.wallets ?? []);
  if (!env.testMode) wallets.delete('SANDBOX_WALLET');
  if (wallets.size === 0) return null;
  return {
    total: { currency: payin.currency, value: decimalAmount(toMinor(payin.amount, payin.currency) ?? 0, payin.currency) },
    merchantName: settings.displayName,
    countryCode: env.merchantCountry,
    ...(wallets.has('SANDBOX_WALLET') ? { sandboxWallet: { method: `${new URL(env.sandboxUrl).origin}/sandbox/wallet/method` } } : {}),
    ...(wallets.has('GOOGLE_PAY')
      ? {
          googlePay: {
            scriptUrl: env.googlePayScriptUrl,
            environment: env.testMode ? 'TEST' : 'PRODUCTION',
            gateway: env.googlePayGateway,
            gatewayMerchantId: payin.merchantId,
          } as const,
        }
      : {}),
    ...(wallets.has('APPLE_PAY') ? { applePay: { merchantIdentifier: env.applePayMerchantId } } : {}),
  };
}
