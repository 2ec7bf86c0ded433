/**
 * A legacy host-to-host create as a merchant sends it (the contract tests, the fuzz suite and the
 * header attacks' browser test): this module reads nothing of the service, so a test process
 * outside the server may load it.
 */
import { randomUUID } from 'node:crypto';
import { SAMPLE_H2H_BROWSER, sampleH2hBilling, sampleH2hCardData } from '@sandbox/service/core/sample-billing';

const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };

/** The 3-D Secure browser fields of a legacy create: a desktop browser on this machine, in English, in UTC. */
export const H2H_BROWSER = SAMPLE_H2H_BROWSER;

/** A legacy create's `cardData` for `cardNumber`: Ada Lovelace's card, 12/2031, CVV 123, from `browser`. */
export const h2hCardData = (cardNumber: string, browser: typeof H2H_BROWSER = H2H_BROWSER) =>
  sampleH2hCardData(cardNumber, '2031', browser);

/** A legacy host-to-host create whose hookUrl is a closed loopback port (nothing listens, nothing leaves the machine). */
export const h2hSample = () => ({
  amount: 5,
  currency: 'EUR',
  lang: 'en',
  hookUrl: 'http://127.0.0.1:9/hook',
  callback: returnUrls.success,
  callbackFail: returnUrls.failure,
  billing: sampleH2hBilling(`h2h-${randomUUID()}`),
  orderId: `h2h-${randomUUID()}`,
  cardToken: 'tok_1',
  cardData: h2hCardData('4242424242424242'),
  saveCard: false,
});
