/** The sample customer (sample-customer.json) as the legacy h2h create's billing block, and its sample card data. */
import sampleCustomer from '@sandbox/service/sample-customer.json';

/** The billing of POST /transaction/h2h/create for the sample customer, under `externalUserId`. */
export const sampleH2hBilling = (externalUserId: string) => ({
  firstName: sampleCustomer.firstName,
  lastName: sampleCustomer.lastName,
  address1: sampleCustomer.billing.address,
  city: sampleCustomer.billing.city,
  state: sampleCustomer.billing.state,
  country: sampleCustomer.billing.countryCode,
  postalCode: sampleCustomer.billing.postalCode,
  phone: sampleCustomer.phoneNumber,
  email: sampleCustomer.email,
  externalUserId,
  dateOfBirth: sampleCustomer.dateOfBirth,
});

/** The 3-D Secure browser fields of a legacy create: a desktop browser on this machine, in English, in UTC. */
export const SAMPLE_H2H_BROWSER = {
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

/**
 * A legacy create's `cardData` for `cardNumber` (a test card's; never logged): Ada Lovelace's card,
 * expiring 12/`expiryYear` (four digits), CVV 123, sent from `browser`.
 */
export const sampleH2hCardData = (cardNumber: string, expiryYear: string, browser: typeof SAMPLE_H2H_BROWSER = SAMPLE_H2H_BROWSER) => ({
  cardNumber,
  cardHolderName: 'Ada Lovelace',
  cardExpiryDate: '12',
  cardExpiryDate2: expiryYear,
  cardCvv: '123',
  browser,
});
