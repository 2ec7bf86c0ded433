/**
 * Enumerations of the payments service, spelled exactly as the reference spells them
 * (`docs/brief/payments-api-reference.md`, "Resources and their fields" and "States and transitions").
 */
import { z } from 'zod';

/** Pay-in status: the eleven values of the fetch-response enumeration. */
export const PAYIN_STATUSES = [
  'CREATED',
  'PENDING',
  'PENDING_3DS',
  'SUCCESS',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'DECLINED',
  'FAILED',
  'TIMEOUT',
  'REFUND_FAILED',
  'REFUND_PENDING',
] as const;
export const PayinStatus = z.enum(PAYIN_STATUSES).meta({ id: 'PayinStatus' });
export type PayinStatus = z.infer<typeof PayinStatus>;

/** The create-response enumeration lists every pay-in status but REFUND_PENDING. */
export const PayinCreateStatus = z
  .enum(PAYIN_STATUSES.filter((s) => s !== 'REFUND_PENDING') as [string, ...string[]])
  .meta({ id: 'PayinCreateStatus' });

/** Payout status values. */
export const PAYOUT_STATUSES = ['CREATED', 'WAITING_FOR_CONFIRMATION', 'PENDING', 'PROCESSED', 'REJECTED', 'FAILED', 'TIMEOUT'] as const;
export const PayoutStatus = z.enum(PAYOUT_STATUSES).meta({ id: 'PayoutStatus' });
export type PayoutStatus = z.infer<typeof PayoutStatus>;

/** statusReason.detailedStatus allowed values. */
export const DETAILED_STATUSES = [
  'GENERAL_DECLINE',
  'BANK_ISSUES',
  'PSP_ISSUES',
  'CUSTOMER_ISSUES',
  'CVV_INVALID',
  'CARD_EXPIRED',
  'CARD_BLOCKED',
  'CARD_NOT_SUPPORTED',
  'NO_PROVIDER_AVAILABLE',
  'OTHER',
  'PROVIDER_NOT_SUITABLE',
  'PROVIDER_NOT_IN_ROUTE',
  'FRAUD_SCORE_ABOVE_THRESHOLD',
  'BLACKLISTED',
  'BLOCKED_CARD',
  'BLOCKED_CUSTOMER',
  'INVALID_CREDENTIALS',
  'AUTHENTICATION_FAILED',
  'ACCESS_DENIED',
  'CARD_DECLINED',
  'TRANSACTION_NOT_ALLOWED',
  'VALIDATION_ERROR',
  'INVALID_CARD_NUMBER',
  'INVALID_EXPIRY_DATE',
  'CVV_MISMATCH',
  'SYSTEM_ERROR',
  'DUPLICATE_TRANSACTION',
  'MARKED_AS_FRAUD',
  'PSP_UNREACHABLE',
  'INVALID_REQUEST_FORMAT',
  'OTHER_FAILURES',
  'UNMAPPED_ERRORS',
  'INSUFFICIENT_FUNDS',
  'THREE_DS_NOT_SUPPORTED',
  'TRANSACTION_TIMEOUT',
  'REFUND_ERROR',
  'REFUND_ALREADY_PROCESSED',
  'PARTIAL_REFUND_NOT_ALLOWED',
  // The customer cancelled their pending withdrawal.
  'CUSTOMER_CANCELLED',
  // A soft decline: the issuer asks for strong customer authentication (PSD2 SCA; Visa 1A,
  // Mastercard 65); the next attempt goes through 3-D Secure.
  'AUTHENTICATION_REQUIRED',
] as const;
export const DetailedStatus = z.enum(DETAILED_STATUSES).meta({ id: 'DetailedStatus' });
export type DetailedStatus = z.infer<typeof DetailedStatus>;

/** Pay-in transactionType. */
const TRANSACTION_METHOD_TYPES = ['CARD', 'BANK', 'WALLET', 'CASH', 'CRYPTO', 'OTHER'] as const;
export const TransactionMethodType = z.enum(TRANSACTION_METHOD_TYPES).meta({ id: 'TransactionMethodType' });

/** metadata.deviceType. */
export const DeviceType = z.enum(['MOBILE', 'DESKTOP', 'TABLET', 'UNKNOWN']).meta({ id: 'DeviceType' });
export type DeviceType = z.infer<typeof DeviceType>;

/** The path segment `transactionType` of the hosted pages (IframeUrls). */
export const CheckoutTransactionType = z.enum(['payin', 'payout']);
export type CheckoutTransactionType = z.infer<typeof CheckoutTransactionType>;

/** The wallets a checkout may offer. */
export const WalletType = z.enum(['SANDBOX_WALLET', 'GOOGLE_PAY', 'APPLE_PAY']).meta({ id: 'WalletType', 'x-extension': true });
export type WalletType = z.infer<typeof WalletType>;

/** The gambling regulators whose licences a merchant may hold (docs/design.md, section 8). */
export const REGULATORS = ['UKGC', 'AGCO', 'MGA', 'SPELINSPEKTIONEN', 'GGL', 'KSA', 'SPILLEMYNDIGHEDEN', 'SPA_MF'] as const;
export type Regulator = (typeof REGULATORS)[number];
