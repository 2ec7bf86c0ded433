/** The legacy host-to-host card transaction and its webhook (reference, "Host-to-host", "Events"). */
import { z } from 'zod';
import { CurrencyCode, HttpUrl, MajorAmount } from './common';

const s = z.string().max(255);

const H2hBrowser = z.object({
  colorDepth: z.number().int(),
  userAgent: z.string().max(2048),
  language: z.string().max(35),
  timeZone: z.string().max(64),
  screenWidth: z.number().int(),
  javaEnabled: z.boolean(),
  customerIp: z.string().max(45),
  screenHeight: z.number().int(),
  windowHeight: z.number().int(),
  timeZoneOffset: z.number().int(),
  windowWidth: z.number().int(),
});

export const H2hCreateRequest = z
  .object({
    amount: MajorAmount,
    currency: CurrencyCode,
    lang: z.string().min(2).max(35),
    hookUrl: HttpUrl,
    callback: HttpUrl,
    callbackFail: HttpUrl,
    billing: z.object({
      firstName: s,
      lastName: s,
      address1: s,
      city: s,
      state: s,
      country: s,
      postalCode: s,
      phone: s,
      email: s,
      externalUserId: s,
      dateOfBirth: s,
    }),
    orderId: z.string().min(1).max(128),
    cardToken: z.string().max(255),
    kycVerified: z.boolean().optional(),
    previousPaymentCount: z.number().int().min(0).optional(),
    cardData: z.object({
      cardNumber: z.string().regex(/^\d{12,19}$/, 'PAN of 12 to 19 digits'),
      cardHolderName: z.string().min(1).max(64),
      cardExpiryDate: z.string().regex(/^(0[1-9]|1[0-2])$/, 'MM'),
      cardExpiryDate2: z.string().regex(/^\d{4}$/, 'YYYY'),
      cardCvv: z.string().regex(/^\d{3,4}$/, '3 or 4 digits'),
      browser: H2hBrowser,
    }),
    saveCard: z.boolean(),
    payment3dsType: z.enum(['Redirection']).optional(),
  })
  .meta({ id: 'H2hCreateRequest' });
export type H2hCreateRequest = z.infer<typeof H2hCreateRequest>;

/** Webhook statuses (docs/design.md). */
const H2H_STATUSES = ['Pending3DS', 'Approved', 'Declined', 'Failed'] as const;

/** The synchronous answer; `Pending` (processing, no webhook yet) is this project's addition. */
export const H2hCreateResponse = z
  .object({ id: z.string(), status: z.enum([...H2H_STATUSES, 'Pending']), orderId: z.string() })
  .meta({ id: 'H2hCreateResponse', 'x-extension': true });

/** The webhook body: exactly the reference's table. */
export const H2hWebhook = z
  .object({
    id: z.string(),
    status: z.enum(H2H_STATUSES),
    amount: z.number(),
    currency: z.string(),
    createdAt: z.string().meta({ description: 'YYYY-MM-DD HH:MM:SS' }),
    psp: z.string(),
    cardMask: z.string(),
    cardholder: z.string(),
    expirationDate: z.string().meta({ description: 'MM/YYYY' }),
    country: z.string(),
    cardBrand: z.string(),
    customerId: z.string(),
    paymentResult: z.string(),
    initialAmount: z.number(),
    initialCurrency: z.string(),
    isApm: z.boolean(),
    paymentLog: z.array(z.record(z.string(), z.unknown())),
    billingData: z.object({
      firstName: z.string(),
      lastName: z.string(),
      address1: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      postalCode: z.string(),
      phone: z.string(),
      email: z.string(),
    }),
    paymentTransactionRequests: z.array(z.unknown()),
    paymentSystemLog: z.array(z.object({ paymentId: z.string(), type: z.string(), logData: z.record(z.string(), z.unknown()) })),
    orderId: z.string(),
    '3dsRedirectUrl': z.string(),
  })
  .meta({ id: 'H2hWebhook' });
export type H2hWebhook = z.infer<typeof H2hWebhook>;
