/**
 * The UKGC's financial vulnerability check, signalled to the merchant (docs/design.md, section 8;
 * LCCP social responsibility code 3.4.4, at net deposits of £150 over a rolling 30 days since
 * 28 February 2025). The check itself is the merchant's (a public-record check of the customer):
 * the service only tells it, by the signed event `customer.financial_check_due`
 * (packages/contract/src/events.ts), when a customer covered by its UKGC licence reaches the threshold.
 * Once per crossing: the customer's `gambling.financialCheck` remembers that they are over it, and
 * it is re-armed when a later deposit finds them below it again (withdrawals paid out, or deposits
 * leaving the window). It never blocks the customer.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers, payins } from '@sandbox/db/schema';
import type { StoredResponsibleGambling } from '@sandbox/db/stored-shapes';
import { convertMinor } from '@hosted-checkout/contract/money';
import { enqueueEvent } from '../core/webhooks';
import { merchantConfig } from '../core/request-context';
import { rulesFor } from '../core/merchant-config';
import { netDepositsMinor } from './net-deposits';

/** The event's type. */
export const FINANCIAL_CHECK_DUE = 'customer.financial_check_due';
/** The threshold: GBP 150.00, in minor units of GBP (ISO 4217). */
export const FINANCIAL_CHECK_THRESHOLD = { currency: 'GBP', minor: 150_00 } as const;
/** The rolling window: 30 days, in milliseconds. */
export const FINANCIAL_CHECK_WINDOW_MS = 30 * 24 * 3600_000;

type PayinRow = typeof payins.$inferSelect;

/**
 * After `payin` was paid (its status just became SUCCESS), tells the merchant when its customer,
 * covered by the merchant's UKGC licence, has just reached the threshold: net deposits over the
 * 30 days to `now` (net-deposits.ts, in GBP at the sandbox's rates) of at least GBP 150.00, from
 * below it before this deposit or after a re-arming. Locks the customer row (the pay-in is
 * locked by the caller first, as on every path). Answers whether the event was queued.
 */
export async function signalFinancialCheck(tx: Db, payin: PayinRow, now = new Date()): Promise<boolean> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, payin.customerId)).limit(1).for('update');
  if (!customer) return false;
  const config = await merchantConfig(tx, payin.merchantId);
  if (!rulesFor(config, customer.data).regulators.includes('UKGC')) return false;
  const { currency, minor: threshold } = FINANCIAL_CHECK_THRESHOLD;
  const rates = config.ratesToEur;
  const from = new Date(now.getTime() - FINANCIAL_CHECK_WINDOW_MS);
  // This deposit counted once, whatever its payment time: the net before it, then with it.
  const before = await netDepositsMinor(tx, customer.id, from, now, { currency, rates, except: payin.id });
  const amount = payin.initialAmountMinor - (payin.feeMinor ?? 0);
  const comparable = payin.initialCurrency === currency || (rates[payin.initialCurrency] !== undefined && rates[currency] !== undefined);
  const after = before + (comparable ? convertMinor(amount, payin.initialCurrency, currency, rates) : 0);
  const stored = customer.gambling?.financialCheck;
  const armed = before < threshold || !stored?.over;
  const crossed = after >= threshold && armed;
  const over = after >= threshold;
  if (crossed) {
    await enqueueEvent(tx, payin.merchantId, FINANCIAL_CHECK_DUE, customer.id, {
      customerId: customer.id,
      externalUserId: customer.externalUserId,
      regulator: 'UKGC',
      netDeposits: { amountMinor: after, currency },
      threshold: { amountMinor: threshold, currency },
      window: { from: from.toISOString(), to: now.toISOString() },
      payinId: payin.id,
    });
  }
  if (crossed || stored?.over !== over) {
    const gambling: StoredResponsibleGambling = { ...(customer.gambling ?? {}), financialCheck: { over, at: now.toISOString() } };
    await tx.update(customers).set({ gambling, updatedAt: now }).where(eq(customers.id, customer.id));
  }
  return crossed;
}
