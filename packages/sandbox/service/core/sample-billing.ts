/** The sample customer (sample-customer.json) as the legacy h2h create's billing block. */
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
