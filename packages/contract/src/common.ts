/**
 * Objects shared by the operations of the payments service: Customer, Billing, Kyc,
 * ReturnUrls, Browser and IframeUrls (reference, "Resources and their fields").
 */
import { z } from 'zod';

const text = (max = 255) => z.string().trim().min(1).max(max);

export const Billing = z
  .object({
    address: text(),
    city: text(),
    state: text(),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code')
      .meta({ description: 'ISO 3166-1 alpha-2' }),
    postalCode: text(32),
  })
  .meta({ id: 'Billing' });

export const Kyc = z
  .object({
    idType: z.string().max(64).optional(),
    idNumber: z.string().max(64).optional(),
    idCountry: z.string().max(64).optional(),
    idExpirationDate: z.iso.date().optional(),
    nationality: z.string().max(64).optional(),
    countryOfBirth: z.string().max(64).optional(),
  })
  .meta({ id: 'Kyc' });

export const Customer = z
  .object({
    externalUserId: text(),
    firstName: text(),
    lastName: text(),
    email: z.email().max(254),
    phoneNumber: text(32),
    dateOfBirth: z.iso.date(),
    billing: Billing,
    kyc: Kyc.optional(),
  })
  .meta({ id: 'Customer', description: 'CustomerRequest: merchant-scoped customer, created or updated.' });
export type Customer = z.infer<typeof Customer>;

/**
 * Absolute http(s) URL. Return URLs are redirect targets of the hosted pages, so any other
 * scheme (javascript:, data:) is refused.
 */
export const HttpUrl = z.url({ protocol: /^https?$/ }).max(2048);

export const ReturnUrls = z
  .object({
    success: HttpUrl.meta({ description: 'Redirect target after a successful transaction.' }),
    failure: HttpUrl.meta({ description: 'Redirect target after a failed transaction.' }),
  })
  .meta({ id: 'ReturnUrls' });
export type ReturnUrls = z.infer<typeof ReturnUrls>;

const int32 = z.number().int().min(-2147483648).max(2147483647);

/** EMV 3-D Secure browser information (every field optional). */
export const Browser = z
  .object({
    acceptHeader: z.string().max(2048).optional(),
    userAgent: z.string().max(2048).optional(),
    language: z.string().max(35).optional(),
    timeZoneOffset: int32.optional(),
    timeZone: z.string().max(64).optional(),
    colorDepth: int32.optional(),
    screenHeight: int32.optional(),
    screenWidth: int32.optional(),
    windowHeight: int32.optional(),
    windowWidth: int32.optional(),
    javaEnabled: z.boolean().optional(),
    javascriptEnabled: z.boolean().optional(),
    customerIp: z.string().max(45).optional(),
  })
  .meta({ id: 'Browser' });
export type Browser = z.infer<typeof Browser>;

export const IframeUrls = z
  .object({
    card: z.string().meta({ description: '{checkout_url}/payments/<transactionType>/<paymentId>/card' }),
    apm: z.string().meta({ description: '{checkout_url}/payments/<transactionType>/<paymentId>/apm' }),
  })
  .meta({ id: 'IframeUrls' });

/** Free-form map of names to objects (merchantAdditionalData, additionalData). */
export const FreeFormMap = z.record(z.string().max(128), z.unknown()).meta({ id: 'FreeFormMap' });

/** ISO 4217 alphabetic code shape; whether the code is known is checked by the service. */
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 alphabetic code');

/** Amount in major units of its currency (e.g. 10.5 EUR); at most the currency's minor units. */
export const MajorAmount = z.number().positive().max(1e12);
