/**
 * A legacy host-to-host create as a merchant sends it (the contract tests, the fuzz suite and the
 * header attacks' browser test): this module reads nothing of the service, so a test process
 * outside the server may load it.
 */
import { randomUUID } from 'node:crypto';
import { sampleH2hBilling } from '@sandbox/service/core/sample-billing';

const returnUrls = { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' };

/** The 3-D Secure browser fields of a legacy create: a desktop browser on this machine, in English, in UTC. */
export const H2H_BROWSER = {
  colorDepth: 24,
  userAgent: 'Mozilla/5.0',
  language: 'en',
  timeZone: 'UTC',
  screenWidth: 1280,
  javaEnabled: false,
  customerIp: '127.0.0.1',
  screenHeight: 800,
  windowHeight: 800,
  timeZoneOffset: 0,
  windowWidth: 1280,
};

/** A legacy create's `cardData` for `cardNumber`: Ada Lovelace's card, 12/2031, CVV 123, from `browser`. */
export const h2hCardData = (cardNumber: string, browser: typeof H2H_BROWSER = H2H_BROWSER) => ({
  cardNumber,
  cardHolderName: 'Ada Lovelace',
  cardExpiryDate: '12',
  cardExpiryDate2: '2031',
  cardCvv: '123',
  browser,
});

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
