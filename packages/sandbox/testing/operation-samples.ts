/**
 * A valid request body of each operation of the table that takes one (tests and the fuzz
 * suite): the mapped type makes a new operation of packages/contract/src/operations.ts need one here.
 */
import { randomUUID } from 'node:crypto';
import { SEED_MERCHANTS } from '@sandbox/service/core/merchant-config';
import type { OperationId } from '@hosted-checkout/contract/operations';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { h2hSample } from './h2h-sample';

const browser = { javascriptEnabled: true };
const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };
let counter = 0;

export const payinSample = () => ({
  orderId: randomUUID(),
  amount: 5,
  currency: 'EUR',
  kycVerified: false,
  previousTransactionCount: 0,
  customer: sampleCustomer,
  returnUrls,
});
export const cardSample = () => ({
  browser,
  cardData: { cardNumber: '4242424242424242', cardHolderName: 'A', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
  saveCard: false,
});

export const SAMPLE_BODIES: { [K in OperationId]: (() => unknown) | null } = {
  createPayin: payinSample,
  getPayin: null,
  processCard: cardSample,
  processSavedCard: () => ({ browser, savedCardData: { cardId: 'card_x', cvv: '123' } }),
  completeThreeDSMethod: () => ({ threeDSCompInd: 'Y' }),
  processWallet: () => ({ browser, wallet: { type: 'SANDBOX_WALLET', token: 'sbw1.e30.' + '0'.repeat(64) } }),
  startClickToPaySession: null,
  processClickToPay: () => ({
    browser,
    clickToPay: {
      srcCorrelationId: 'srcc_' + '0'.repeat(24),
      srcDigitalCardId: 'srcdc_' + '0'.repeat(24),
      checkoutResponse: 'srcp1.x.y.z',
    },
  }),
  startApplePaySession: () => ({
    validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
    domain: 'checkout.example',
  }),
  completeSpc: () => ({
    assertion: {
      id: 'Y3JlZA',
      rawId: 'Y3JlZA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    },
  }),
  cancelPayout: null,
  bindCashierSession: () => ({ launchToken: 'L'.repeat(43), holderProof: 'a'.repeat(64) }),
  bindPayout: () => ({ launchToken: 'M'.repeat(43), holderProof: 'b'.repeat(64) }),
  launchCashierSession: null,
  launchCashierPage: () => ({ page: 'widget' }),
  launchPayout: null,
  locateCashierSession: null,
  locatePayout: null,
  setCustomerLimits: () => ({ deposit: { EUR: { day: 100 } } }),
  setResponsibleGambling: () => ({ depositLimits: { day: 50 } }),
  setCustomerExclusion: () => ({ kind: 'NONE' }),
  setCustomerReview: () => ({ reviewedAt: new Date(Date.now() - 86_400_000).toISOString() }),
  requestLimitRaise: () => ({ requestedCeiling: 2000, netMonthlyIncome: 5000 }),
  listLimitRaiseRequests: null,
  decideLimitRaiseRequest: () => ({ status: 'declined', reason: 'No proof of income' }),
  processPayinDirectLink: () => ({ browser, additionalData: { methodId: 'ewallet', email: 'a@b.example' } }),
  getPayinMethods: null,
  createPayout: () => ({ orderId: randomUUID(), value: 5, currency: 'EUR', kycVerified: false, customer: sampleCustomer }),
  getPayout: null,
  confirmPayout: null,
  rejectPayout: null,
  processPayoutCard: () => ({ browser, savedCardData: { cardId: 'card_x' } }),
  processPayoutDirectLink: () => ({ browser, additionalData: { methodId: 'ewallet', email: 'a@b.example' } }),
  getPayoutMethods: null,
  saveCustomer: () => ({ ...sampleCustomer, externalUserId: randomUUID() }),
  listSavedCards: null,
  deleteSavedCard: null,
  createCashierSession: () => ({
    customer: sampleCustomer,
    returnUrls,
    currency: 'EUR',
    kycVerified: false,
    previousTransactionCount: (counter += 1),
  }),
  getCashierSession: null,
  updateCashierBalance: () => ({ balance: 10 }),
  createSessionPayin: () => ({ amount: 5 }),
  createSessionPayout: () => ({ value: 5 }),
  listSessionTransactions: null,
  getWithdrawalDestinations: null,
  checkPayee: () => ({ account: { iban: 'DE89370400440532013000' }, name: 'Jürgen Müller' }),
  startPayNPlay: () => ({ amount: 10, bankId: 'se-gota' }),
  decidePlayer: () => ({ identificationId: 'pnp_unknown', decision: 'ALLOW' }),
  watchSessionChanges: () => ({ sessionIds: ['cs_unknown'], waitSeconds: 0 }),
  lookupBin: null,
  getPsp: null,
  createH2hTransaction: h2hSample,
  getCheckoutSettings: null,
  // A merchant's whole settings, as the GET answers them (the demo shop's seeded ones).
  putCheckoutSettings: () => structuredClone(SEED_MERCHANTS[0]?.config.settings),
  rollWebhookSecret: null,
};
