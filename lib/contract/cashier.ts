/** Cashier sessions (reference, "Cashier") with extensions E8 to E11. */
import { z } from 'zod';
import { CurrencyCode, Customer, MajorAmount, ReturnUrls } from './common';
import { PayinCreateResponse } from './payin';
import { PayoutCreateResponse } from './payout';
import { PayinStatus, PayoutStatus } from './enums';

export const CashierSessionCreateRequest = z
  .object({
    customer: Customer,
    returnUrls: ReturnUrls,
    currency: CurrencyCode,
    kycVerified: z.boolean(),
    previousTransactionCount: z.number().int().min(0).max(2147483647),
    balance: z.number().min(0).max(1e12).optional().meta({ description: 'Major units of the session currency.' }),
  })
  .meta({ id: 'CashierSessionCreateRequest' });
export type CashierSessionCreateRequest = z.infer<typeof CashierSessionCreateRequest>;

export const CashierSessionCreateResponse = z
  .object({ sessionId: z.string(), checkoutUrl: z.string() })
  .meta({ id: 'CashierSessionCreateResponse' });

/** E11: the body of PUT .../balance. */
export const BalanceUpdateRequest = z
  .object({ balance: z.number().min(0).max(1e12) })
  .meta({ id: 'BalanceUpdateRequest', 'x-extension': true });

/** E8. */
export const CashierSession = z
  .object({
    sessionId: z.string(),
    merchantId: z.string(),
    customer: z.object({ externalUserId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
    currency: z.string(),
    balance: z.number().optional(),
    reserved: z
      .number()
      .optional()
      .meta({ 'x-extension': true, description: 'E19: the withdrawals of the session that are not final (major units); with a balance only.' }),
    available: z
      .number()
      .optional()
      .meta({ 'x-extension': true, description: 'E19: balance minus reserved, never below 0 (major units): the most a new withdrawal may take.' }),
    returnUrls: ReturnUrls,
    kycVerified: z.boolean(),
    previousTransactionCount: z.number().int(),
    status: z.enum(['ACTIVE', 'EXPIRED']),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'CashierSession', 'x-extension': true });
export type CashierSession = z.infer<typeof CashierSession>;

/** E9. */
export const SessionPayinRequest = z.object({ amount: MajorAmount }).meta({ id: 'SessionPayinRequest', 'x-extension': true });
export const SessionPayoutRequest = z.object({ value: MajorAmount }).meta({ id: 'SessionPayoutRequest', 'x-extension': true });
export { PayinCreateResponse, PayoutCreateResponse };

/** E10: the session's pay-ins and payouts, newest first. */
export const SessionTransaction = z
  .object({
    id: z.string(),
    kind: z.enum(['payin', 'payout']),
    amount: z.number(),
    currency: z.string(),
    status: z.union([PayinStatus, PayoutStatus]),
    transactionType: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SessionTransaction', 'x-extension': true });
export const SessionTransactionList = z
  .object({ transactions: z.array(SessionTransaction) })
  .meta({ id: 'SessionTransactionList', 'x-extension': true });
