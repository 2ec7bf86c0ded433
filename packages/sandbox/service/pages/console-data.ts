/** What the sandbox console shows for a merchant: recent transactions, sessions and webhook deliveries. */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cashierSessions, merchants, payins, payouts, webhookDeliveries } from '@sandbox/db/schema';
import { toMajor } from '@hosted-checkout/contract/money';
import { SEED_MERCHANTS } from '../core/merchant-config';
import { shownResult } from '../core/sca-decision';

/** The seeded merchant of a console token, or null. */
export const consoleMerchant = (token: string) => SEED_MERCHANTS.find((m) => m.token === token) ?? null;

/** The console's choice of deliveries: only those of `eventType` (a type the merchant has deliveries of), or all. */
export interface DeliveryFilter {
  eventType?: string;
}

/** How many deliveries the console lists, newest first. */
export const DELIVERIES_SHOWN = 15;

/**
 * The console's view of merchant `merchantId`: its recent pay-ins, payouts and sessions, and its
 * webhook deliveries, newest first, of the filter's event type only when it names one the merchant
 * has (`deliveryTypes`, with how many of each; any other value lists every type). Each delivery's
 * `attempts` is how many times it was sent, `outcomes` what each attempt got (an HTTP status, or the
 * category of a failure: refused, timeout, unreachable).
 */
export async function consoleOverview(db: Db, merchantId: string, filter: DeliveryFilter = {}) {
  const [merchant] = await db
    .select({ webhookUrl: merchants.webhookUrl, webhookSecret: merchants.webhookSecret, config: merchants.config })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const settings = merchant?.config.settings;
  const recentPayins = await db.select().from(payins).where(eq(payins.merchantId, merchantId)).orderBy(desc(payins.createdAt)).limit(10);
  const recentPayouts = await db
    .select()
    .from(payouts)
    .where(eq(payouts.merchantId, merchantId))
    .orderBy(desc(payouts.createdAt))
    .limit(10);
  const sessions = await db
    .select()
    .from(cashierSessions)
    .where(eq(cashierSessions.merchantId, merchantId))
    .orderBy(desc(cashierSessions.createdAt))
    .limit(5);
  const deliveryTypes = await db
    .select({ eventType: webhookDeliveries.eventType, count: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.merchantId, merchantId))
    .groupBy(webhookDeliveries.eventType)
    .orderBy(asc(webhookDeliveries.eventType));
  const eventType = deliveryTypes.some((d) => d.eventType === filter.eventType) ? filter.eventType : undefined;
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.merchantId, merchantId), eventType === undefined ? undefined : eq(webhookDeliveries.eventType, eventType)),
    )
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(DELIVERIES_SHOWN);
  return {
    webhookUrl: merchant?.webhookUrl ?? null,
    webhookSecret: merchant?.webhookSecret ?? '',
    theme: { ...settings?.theme, logoUrl: settings?.logoUrl ?? '', defaultLocale: settings?.defaultLocale ?? '' },
    wallets: settings?.wallets ?? [],
    licences: settings?.licences ?? [],
    bankWithdrawalOtherAccounts: settings?.bankWithdrawalOtherAccounts === true,
    payNPlayAutoDecide: merchant?.config.payNPlay?.autoDecide !== false,
    payins: recentPayins.map((p) => ({
      id: p.id,
      orderId: p.orderId,
      amount: toMajor(p.amountMinor, p.currency),
      currency: p.currency,
      status: p.status,
      integration: p.h2h ? ('h2h' as const) : ('hosted' as const),
      threeDs: shownResult(p) ?? null,
    })),
    payouts: recentPayouts.map((p) => ({
      id: p.id,
      orderId: p.orderId,
      value: toMajor(p.valueMinor, p.currency),
      currency: p.currency,
      status: p.status,
      sessionId: p.sessionId,
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      currency: s.currency,
      balance: s.balanceMinor === null ? null : toMajor(s.balanceMinor, s.currency),
      expired: s.expiresAt.getTime() <= Date.now(),
    })),
    deliveryTypes,
    deliveryFilter: eventType ?? '',
    deliveries: deliveries.map((d) => ({
      id: d.id,
      channel: d.channel,
      eventType: d.eventType,
      transactionId: d.transactionId,
      url: d.url,
      attempts: d.attempts,
      outcomes: d.log.map((a) => String(a.status ?? a.error ?? '?')),
      delivered: d.deliveredAt !== null,
      body: d.body,
    })),
  };
}
