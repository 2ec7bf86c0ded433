/**
 * The legacy host-to-host webhook body (reference, "Events": every field of its table) and its
 * queueing. Statuses: Pending3DS, Approved, Declined, Failed (docs/design.md, section 3).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { merchants, type payins } from '@sandbox/db/schema';
import type { H2hWebhook } from '@hosted-checkout/contract/h2h';
import { toMajor } from '@hosted-checkout/contract/money';
import { enqueueWebhook } from './webhooks';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';

type PayinRow = typeof payins.$inferSelect;

/** Pay-in status → h2h status; null for a status the webhook does not report (PENDING). */
export function h2hStatus(status: string): H2hWebhook['status'] | null {
  switch (status) {
    case 'PENDING_3DS':
      return 'Pending3DS';
    case 'SUCCESS':
      return 'Approved';
    case 'DECLINED':
      return 'Declined';
    case 'FAILED':
    case 'TIMEOUT':
      return 'Failed';
    default:
      return null;
  }
}

/** "YYYY-MM-DD HH:MM:SS" in UTC. */
const wireDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames('en', { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The webhook body of an h2h pay-in (its `h2h` data) in its current state. */
function h2hWebhookBody(row: PayinRow, h2h: NonNullable<PayinRow['h2h']>, config: SandboxMerchantConfig): H2hWebhook {
  const card = (row.card ?? {}) as { mask?: string; brand?: string; holder?: string; expiryMonth?: string; expiryYear?: string };
  const status = h2hStatus(row.status) ?? 'Failed';
  const amount = toMajor(row.amountMinor, row.currency);
  const initialAmount = toMajor(row.initialAmountMinor, row.initialCurrency);
  const pspName = config.psps.find((p) => p.id === row.pspId)?.name ?? '';
  const reason = row.statusReason?.reason ?? '';
  const { externalUserId: _externalUserId, dateOfBirth: _dateOfBirth, ...billing } = h2h.billing;
  return {
    id: row.id,
    status,
    amount,
    currency: row.currency,
    createdAt: wireDate(row.createdAt),
    psp: pspName,
    cardMask: card.mask ?? '',
    cardholder: card.holder ?? '',
    expirationDate: card.expiryMonth ? `${card.expiryMonth}/${card.expiryYear}` : '',
    country: countryName(h2h.billing.country),
    cardBrand: card.brand ?? '',
    customerId: row.customerId,
    paymentResult: reason,
    initialAmount,
    initialCurrency: row.initialCurrency,
    isApm: false,
    paymentLog: [
      {
        amount,
        merchantId: row.merchantId,
        customerId: row.customerId,
        currency: row.currency,
        paymentTransactionStatus: status,
        transactionRequestType: 'PAYMENT',
        paymentId: row.id,
        country: h2h.billing.country,
        hookUrl: h2h.hookUrl,
        callback: h2h.callback,
        lang: h2h.lang,
        initialTransaction: true,
        createdAt: wireDate(row.createdAt),
        orderId: row.orderId,
        initialAmount,
        initialCurrency: row.initialCurrency,
      },
    ],
    billingData: billing,
    paymentTransactionRequests: [],
    paymentSystemLog: [
      {
        paymentId: row.id,
        type: 'PROCESSING',
        logData: {
          result: status,
          pspName,
          merchantId: row.merchantId,
          previousPaymentCount: h2h.previousPaymentCount ?? 0,
          kycVerified: row.kycVerified,
        },
      },
    ],
    orderId: row.orderId,
    '3dsRedirectUrl': status === 'Pending3DS' ? (h2h.threeDsUrl ?? '') : '',
  };
}

/** Queues the webhook of an h2h pay-in's new status to its hookUrl (none for a pay-in not made by h2h). */
export async function enqueueH2hWebhook(tx: Db, row: PayinRow): Promise<void> {
  const { h2h } = row;
  const status = h2hStatus(row.status);
  if (!h2h || !status) return;
  const [merchant] = await tx.select({ config: merchants.config }).from(merchants).where(eq(merchants.id, row.merchantId)).limit(1);
  if (!merchant) return;
  await enqueueWebhook(tx, {
    merchantId: row.merchantId,
    channel: 'h2h',
    eventType: status,
    transactionId: row.id,
    url: h2h.hookUrl,
    body: h2hWebhookBody(row, h2h, merchant.config),
  });
}
