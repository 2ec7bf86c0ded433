/**
 * The sandbox's merchant configuration and the seed of design brief section 6: two
 * merchants, the checkout's own token, PSPs, routers, direct routes and rates.
 */
import type { CheckoutSettings } from '@/lib/contract/merchant';

export type MethodType = 'CARD' | 'BANK' | 'WALLET' | 'CASH' | 'CRYPTO' | 'OTHER';

export interface SandboxPsp {
  id: string;
  name: string;
  /** Method ids: `card` or an APM id. */
  methods: string[];
  /** Currencies the PSP accepts; the first is the one conversion goes into. */
  currencies: string[];
  requiresKyc: boolean;
}

export interface SandboxMerchantConfig {
  displayName: string;
  settings: CheckoutSettings;
  currencies: string[];
  psps: SandboxPsp[];
  routers: { id: string; pspIds: string[] }[];
  defaultRouterId: string;
  directRoutes: { id: string; pspId: string; methodId: string }[];
  /** Value of one unit of each currency in EUR. */
  ratesToEur: Record<string, number>;
}

/** Payment methods the sandbox's PSPs offer. */
export const METHODS: Record<string, { type: MethodType; name: string }> = {
  card: { type: 'CARD', name: 'Card' },
  'bank-transfer': { type: 'BANK', name: 'Bank transfer' },
  ewallet: { type: 'WALLET', name: 'E-wallet' },
  pix: { type: 'BANK', name: 'Pix' },
  crypto: { type: 'CRYPTO', name: 'Crypto' },
};

/** The checkout's own credential: acts for the merchant of the transaction it names. */
export const CHECKOUT_TOKEN = 'sbx_checkout';

const DEV_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

function demoConfig(displayName: string, primaryColor: string): SandboxMerchantConfig {
  return {
    displayName,
    settings: {
      displayName,
      allowedOrigins: DEV_ORIGINS,
      theme: { primaryColor, radius: 8 },
      presetAmounts: { EUR: [10, 25, 50, 100], USD: [10, 25, 50, 100], GBP: [10, 25, 50, 100], JPY: [1000, 5000, 10000], BRL: [50, 100, 200], KWD: [5, 10, 20] },
      sessionTtlSeconds: 3600,
      payoutAutoConfirm: false,
    },
    currencies: ['EUR', 'USD', 'GBP', 'JPY', 'BRL', 'KWD'],
    psps: [
      { id: 'psp-card-eu', name: 'Card EU', methods: ['card'], currencies: ['EUR', 'GBP'], requiresKyc: false },
      { id: 'psp-card-us', name: 'Card US', methods: ['card'], currencies: ['USD'], requiresKyc: true },
      { id: 'psp-apm', name: 'APM hub', methods: ['bank-transfer', 'ewallet', 'pix', 'crypto'], currencies: ['EUR', 'BRL'], requiresKyc: false },
    ],
    routers: [
      { id: 'router-default', pspIds: ['psp-card-us', 'psp-card-eu', 'psp-apm'] },
      { id: 'router-eu', pspIds: ['psp-card-eu', 'psp-apm'] },
    ],
    defaultRouterId: 'router-default',
    directRoutes: [
      { id: 'route-pix', pspId: 'psp-apm', methodId: 'pix' },
      { id: 'route-wallet', pspId: 'psp-apm', methodId: 'ewallet' },
    ],
    ratesToEur: { EUR: 1, USD: 0.92, GBP: 1.17, JPY: 0.0061, BRL: 0.17, KWD: 2.98 },
  };
}

/** Seeded merchants: id, bearer token, configuration. */
export const SEED_MERCHANTS: { id: string; token: string; config: SandboxMerchantConfig }[] = [
  { id: 'merchant-demo', token: 'sbx_demo_merchant', config: demoConfig('Demo Shop', '#4f46e5') },
  { id: 'merchant-other', token: 'sbx_other_merchant', config: demoConfig('Other Shop', '#0f766e') },
];
