/**
 * Payout operations (reference, "Payout") with their extensions (docs/design.md, section 3): the
 * fetch, the direct-link body and answer, and card processing.
 */
import { z } from 'zod';
import { Browser, CurrencyCode, Customer, FreeFormMap, IframeUrls, MajorAmount } from './common';
import { PayoutStatus, TransactionMethodType } from './enums';
import { StatusReason } from './payin';
import { SavedCard } from './customer';

export const PayoutCreateRequest = z
  .object({
    orderId: z.string().trim().min(1).max(128),
    value: MajorAmount.meta({ description: 'Payout amount in major units (the field is named value, not amount).' }),
    currency: CurrencyCode,
    kycVerified: z.boolean(),
    customer: Customer,
    routerId: z.string().max(128).optional(),
    directRouteId: z.string().max(128).optional(),
    merchantAdditionalData: FreeFormMap.optional(),
  })
  .meta({ id: 'PayoutCreateRequest' });
export type PayoutCreateRequest = z.infer<typeof PayoutCreateRequest>;

export const PayoutCreateResponse = z
  .object({ payoutId: z.string(), status: PayoutStatus, iframeUrls: IframeUrls })
  .meta({ id: 'PayoutCreateResponse' });
export type PayoutCreateResponse = z.infer<typeof PayoutCreateResponse>;

/** The payout record (GET /public/payout/{id}). */
export const PayoutTransaction = z
  .object({
    id: z.string(),
    value: z.number(),
    merchantId: z.string(),
    customerId: z.string(),
    orderId: z.string(),
    currency: z.string(),
    status: PayoutStatus,
    initialAmount: z.number(),
    initialCurrency: z.string(),
    routerId: z.string().optional(),
    statusReason: StatusReason.optional(),
    cardMask: z.string().optional(),
    cardBrand: z.string().optional(),
    transactionType: TransactionMethodType.optional(),
    fee: z.number().optional().meta({
      'x-extension': true,
      description:
        "The cashier fee the customer paid on top of `initialAmount` (major units of `initialCurrency`, the session's currency): the session balance holds and loses both.",
    }),
    sessionId: z.string().optional().meta({
      'x-extension': true,
      description:
        "Decided by this project: the cashier session the payout was made in (E9), when it was made in one. Its `orderId` is then the service's own, not the merchant's: the pages do not show it.",
    }),
    payoutDueAt: z.string().optional().meta({
      'x-extension': true,
      description:
        'Decided by this project (docs/design.md, section 8): for a cashier withdrawal under a licence with a payout deadline (SPA/MF, Brazil: paid within 120 minutes of the request), when it must be paid out at the latest (ISO 8601). While it is not final, the merchant is sent `payout.deadline_approaching` (a quarter of the time left) and `payout.deadline_passed`, once each. Absent for other payouts.',
    }),
    savedCards: z.array(SavedCard).optional().meta({
      'x-extension': true,
      description:
        "The customer's saved cards at this read, masked, the most recently used first (as GET /public/customer/{customerId}/cards): a page showing the transaction needs no second read. Absent from a service without the extension: then ask the cards' list.",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PayoutTransaction', 'x-extension': true });
export type PayoutTransaction = z.infer<typeof PayoutTransaction>;

/** The destination card of a payout: no CVV. */
export const PayoutCardData = z
  .object({
    cardNumber: z.string().regex(/^\d{12,19}$/, 'PAN of 12 to 19 digits'),
    cardHolderName: z.string().trim().min(1).max(64),
    expiryMonth: z.string().regex(/^(0[1-9]|1[0-2])$/, 'MM'),
    expiryYear: z.string().regex(/^\d{4}$/, 'YYYY'),
  })
  .strict()
  .meta({ id: 'PayoutCardData', 'x-extension': true, description: 'No CVV: a payout destination needs none, and none may be sent.' });

/** A payout's destination: a new card, or a saved one. */
export const PayoutCardRequest = z
  .union([
    z.object({ browser: Browser, cardData: PayoutCardData }).strict(),
    z.object({ browser: Browser, savedCardData: z.object({ cardId: z.string().min(1).max(128) }) }).strict(),
  ])
  .meta({ id: 'StartPayoutCardProcessingRequest', 'x-extension': true });
export type PayoutCardRequest = z.infer<typeof PayoutCardRequest>;

/** StartDirectLinkPayoutProcessingRequest: the body of direct-link payout processing. */
export const PayoutDirectLinkRequest = z
  .object({ browser: Browser, additionalData: FreeFormMap })
  .meta({ id: 'StartDirectLinkPayoutProcessingRequest', 'x-extension': true });
export type PayoutDirectLinkRequest = z.infer<typeof PayoutDirectLinkRequest>;

/** PayoutProcessingResponse: the answer of direct-link and card payout processing. */
export const PayoutProcessingResponse = z
  .object({ payoutId: z.string(), status: PayoutStatus, redirectUrl: z.string().optional() })
  .meta({ id: 'PayoutProcessingResponse', 'x-extension': true });
export type PayoutProcessingResponse = z.infer<typeof PayoutProcessingResponse>;
