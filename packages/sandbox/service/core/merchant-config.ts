/**
 * The sandbox's merchant configuration and the seed of docs/design.md, section 6: two
 * merchants, the checkout's own token, PSPs, routers, direct routes and rates; the check of an
 * amount against the currencies a merchant has enabled; and the rules of its licences in force
 * for a customer.
 */
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import { isKnownCurrency, toMinor } from '@hosted-checkout/contract/money';
import { invalid } from './api-error';
import type { MethodType, SandboxMerchantConfig } from '@sandbox/db/stored-shapes';
import type { Customer } from '@hosted-checkout/contract/common';
import { rulesForCustomer, type RulesInForce } from '@hosted-checkout/contract/responsible-gambling/regulators';

/** Checks an amount in major units of a currency the merchant has enabled; returns minor units. Throws 400. */
export function checkedMinor(config: SandboxMerchantConfig, amount: number, currency: string, field: string): number {
  if (!isKnownCurrency(currency)) throw invalid(`currency ${currency} is not an ISO 4217 code`);
  if (!config.currencies.includes(currency)) throw invalid(`currency ${currency} is not enabled for this merchant`);
  const minor = toMinor(amount, currency);
  if (minor === null || minor <= 0) throw invalid(`${field} has more decimals than ${currency} allows`);
  return minor;
}

/** The rules of the merchant's licences in force for a customer (by their billing country and province). */
export function rulesFor(config: SandboxMerchantConfig, data: Pick<Customer, 'billing'> | null | undefined): RulesInForce {
  return rulesForCustomer(config.settings.licences, data?.billing?.countryCode, data?.billing?.state);
}

/** Payment methods the sandbox's PSPs offer. */
export const METHODS: Record<string, { type: MethodType; name: string }> = {
  card: { type: 'CARD', name: 'Card' },
  'bank-transfer': { type: 'BANK', name: 'Bank transfer' },
  ewallet: { type: 'WALLET', name: 'E-wallet' },
  pix: { type: 'BANK', name: 'Pix' },
  crypto: { type: 'CRYPTO', name: 'Crypto' },
  // Pay by Bank: the customer's bank initiates the payment (open banking; the sandbox bank, packages/sandbox/service/bank/).
  bank: { type: 'BANK', name: 'Pay by Bank' },
};

/** The checkout's own credential: acts for the merchant of the transaction it names. */
export const CHECKOUT_TOKEN = 'sbx_checkout';

const DEV_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

/** A one-letter logo as an inline SVG (CSP `img-src` allows `data:`), so the seed needs no file host. */
function monogramLogo(letter: string, background: string, foreground: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${background}"/><text x="32" y="44" font-family="Arial,sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="${foreground}">${letter}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function demoConfig(
  displayName: string,
  extra: Partial<CheckoutSettings> & { theme: CheckoutSettings['theme'] },
  options: { kycForEveryPsp?: boolean } = {},
): SandboxMerchantConfig {
  const config: SandboxMerchantConfig = {
    displayName,
    settings: {
      displayName,
      allowedOrigins: DEV_ORIGINS,
      presetAmounts: {
        EUR: [10, 25, 50, 100],
        USD: [10, 25, 50, 100],
        GBP: [10, 25, 50, 100],
        JPY: [1000, 5000, 10000],
        BRL: [50, 100, 200],
        KWD: [5, 10, 20],
      },
      sessionTtlSeconds: 3600,
      payoutAutoConfirm: false,
      ...extra,
    },
    currencies: ['EUR', 'USD', 'GBP', 'JPY', 'BRL', 'KWD'],
    psps: [
      // Fraud rates: EU 0.05 % earns TRA up to EUR 250; US 0.1 %, up to EUR 100 (RTS 2018/389, Annex).
      { id: 'psp-card-eu', name: 'Card EU', methods: ['card'], currencies: ['EUR', 'GBP'], requiresKyc: false, fraudRatePercent: 0.05 },
      { id: 'psp-card-us', name: 'Card US', methods: ['card'], currencies: ['USD'], requiresKyc: true, fraudRatePercent: 0.1 },
      {
        id: 'psp-apm',
        name: 'APM hub',
        methods: ['bank-transfer', 'ewallet', 'pix', 'crypto'],
        currencies: ['EUR', 'BRL'],
        requiresKyc: false,
      },
      { id: 'psp-bank', name: 'Open banking', methods: ['bank'], currencies: ['EUR', 'GBP'], requiresKyc: false },
    ],
    routers: [
      { id: 'router-default', pspIds: ['psp-card-us', 'psp-card-eu', 'psp-apm', 'psp-bank'] },
      { id: 'router-eu', pspIds: ['psp-card-eu', 'psp-apm', 'psp-bank'] },
    ],
    defaultRouterId: 'router-default',
    directRoutes: [
      { id: 'route-pix', pspId: 'psp-apm', methodId: 'pix' },
      { id: 'route-wallet', pspId: 'psp-apm', methodId: 'ewallet' },
    ],
    ratesToEur: { EUR: 1, USD: 0.92, GBP: 1.17, JPY: 0.0061, BRL: 0.17, KWD: 2.98 },
  };
  if (options.kycForEveryPsp) config.psps = config.psps.map((psp) => ({ ...psp, requiresKyc: true }));
  return config;
}

/**
 * Seeded merchants: id, bearer token, configuration. Their themes show the range of checkout settings:
 * the default light look; a colour that fails contrast on white (corrected by the pages),
 * square corners, a serif face; a dark theme with a German default locale, whose payouts are
 * confirmed automatically (`payoutAutoConfirm`) and which refuses credit cards (`refusedFundingTypes`).
 */
export const SEED_MERCHANTS: { id: string; token: string; config: SandboxMerchantConfig }[] = [
  {
    id: 'merchant-demo',
    token: 'sbx_demo_merchant',
    config: demoConfig('Demo Shop', { theme: { primaryColor: '#4f46e5', radius: 8 }, logoUrl: monogramLogo('D', '#4f46e5', '#ffffff') }),
  },
  {
    id: 'merchant-other',
    token: 'sbx_other_merchant',
    config: demoConfig('Other Shop', { theme: { primaryColor: '#38bdf8', radius: 0, fontFamily: 'serif', colorScheme: 'light' } }),
  },
  {
    id: 'merchant-night',
    token: 'sbx_night_merchant',
    config: demoConfig('Night Owl Games', {
      theme: { primaryColor: '#facc15', radius: 16, fontFamily: 'rounded', colorScheme: 'dark' },
      logoUrl: monogramLogo('N', '#facc15', '#0f172a'),
      defaultLocale: 'de',
      payoutAutoConfirm: true,
      // A gambling merchant under a UK licence: no credit cards (UKGC, April 2020).
      refusedFundingTypes: ['CREDIT'],
    }),
  },
  {
    // A shop that offers every wallet: the sandbox wallet, Google Pay (TEST) and Apple Pay.
    id: 'merchant-wallets',
    token: 'sbx_wallet_merchant',
    config: demoConfig('Wallet Café', {
      theme: { primaryColor: '#9d174d', radius: 10 },
      logoUrl: monogramLogo('W', '#9d174d', '#ffffff'),
      wallets: ['SANDBOX_WALLET', 'GOOGLE_PAY', 'APPLE_PAY'],
    }),
  },
  {
    // A ticket shop that offers Click to Pay (EMVCo SRC) for Visa and Mastercard, against the sandbox's SRC system.
    id: 'merchant-c2p',
    token: 'sbx_c2p_merchant',
    config: demoConfig('Ticket Hall', {
      theme: { primaryColor: '#7c2d12', radius: 8 },
      logoUrl: monogramLogo('T', '#7c2d12', '#ffffff'),
      clickToPay: { brands: ['VISA', 'MASTERCARD'] },
    }),
  },
  {
    // A licensed casino (withdrawals, fees and limits): every PSP needs a verified customer, customers may cancel a
    // pending withdrawal, amounts have bounds, card and APM fees, expected times per method.
    id: 'merchant-casino',
    token: 'sbx_casino_merchant',
    config: demoConfig(
      'Lucky Star Casino',
      {
        theme: { primaryColor: '#047857', radius: 12 },
        logoUrl: monogramLogo('L', '#047857', '#ffffff'),
        withdrawalCancel: true,
        withdrawalEtaHours: { card: 24, apm: 72 },
        limits: {
          EUR: { depositMin: 5, depositMax: 5000, withdrawalMin: 10, withdrawalMax: 2000 },
          GBP: { depositMin: 5, depositMax: 5000 },
        },
        fees: [
          { method: 'card', direction: 'deposit', currency: 'EUR', fixedMinor: 30, basisPoints: 150 },
          { method: 'apm', direction: 'deposit', currency: 'EUR', fixedMinor: 0, basisPoints: 100 },
          { method: 'card', direction: 'withdrawal', currency: 'EUR', fixedMinor: 100, basisPoints: 0 },
        ],
        kycUrl: 'https://casino.example/verify-identity',
        responsibleGamblingUrl: 'https://casino.example/responsible-gambling',
      },
      { kycForEveryPsp: true },
    ),
  },
  {
    // The reference merchant's account (examples/merchant): a small gambling site that keeps its players' balances
    // and credits them from the webhooks; its players may cancel a withdrawal still waiting for its account.
    id: 'merchant-reference',
    token: 'sbx_reference_merchant',
    config: demoConfig('Pebble Games', {
      theme: { primaryColor: '#0f766e', radius: 10 },
      logoUrl: monogramLogo('P', '#0f766e', '#ffffff'),
      withdrawalCancel: true,
      presetAmounts: { EUR: [10, 25, 50], GBP: [10, 25, 50] },
    }),
  },
  {
    // A gambling operator licensed in the eight regulated markets of the regulated cashier
    // (docs/design.md, section 8): each customer is served under the licence of their country (KSA for NL billing
    // addresses; MGA for others); customers may cancel a withdrawal where the rules allow it.
    id: 'merchant-regulated',
    token: 'sbx_regulated_merchant',
    config: demoConfig('Crown & Anchor Gaming', {
      theme: { primaryColor: '#1e3a8a', radius: 6 },
      logoUrl: monogramLogo('C', '#1e3a8a', '#ffffff'),
      licences: ['UKGC', 'AGCO', 'MGA', 'SPELINSPEKTIONEN', 'GGL', 'KSA', 'SPILLEMYNDIGHEDEN', 'SPA_MF'],
      withdrawalCancel: true,
      refusedFundingTypes: ['CREDIT'],
      presetAmounts: { EUR: [10, 25, 50], GBP: [10, 25, 50] },
      responsibleGamblingUrl: 'https://crown-anchor.example/safer-gambling',
    }),
  },
];
