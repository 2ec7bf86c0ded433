/**
 * What binds a deposit of a customer when it is paid (docs/design.md, E19 and E23,
 * section 8): a time-out or self-exclusion the merchant recorded, a national register's answer
 * (ROFUS, SIGAP: national-registers.ts), and the customer's deposit limits in
 * every currency. The one check every pay-in passes on its way to SUCCESS (`refusalAtPayment`,
 * the payment guard status-listeners.ts registers, heard by changePayin in core/records.ts), so
 * no path (card, 3-D Secure Method or challenge, SPC, wallet, APM, a timed outcome, host-to-host)
 * can pay a deposit the rules refuse. The limits themselves are deposit-limits.ts's. Integer
 * minor units inside.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers, payins } from '@sandbox/db/schema';
import { formatMinor } from '@hosted-checkout/contract/money';
import type { StoredResponsibleGambling, StoredStatusReason } from '@sandbox/db/stored-shapes';
import { bindingOver, financialRoomMinor, kindText } from './financial-limits';
import { thresholdRoom, thresholdText } from './net-deposit-threshold';
import { merchantConfig } from '../core/request-context';
import { rulesFor } from '../core/merchant-config';
import { registerRefusal } from '@hosted-checkout/contract/responsible-gambling/national-registers';

type PayinRow = typeof payins.$inferSelect;

/** The active exclusion of a customer at `now`, or null (a time-out or fixed term that ended is over). */
export function activeExclusion(gambling: StoredResponsibleGambling | null | undefined, now = new Date()) {
  const e = gambling?.exclusion;
  if (!e) return null;
  if (e.until && new Date(e.until).getTime() <= now.getTime()) return null;
  return e;
}

/**
 * Why a pay-in about to become SUCCESS must be declined instead, or null when it may be paid.
 * Locks the customer row for the rest of the transaction (the pay-in row is locked by the caller
 * first: pay-in, then customer, as every path locks them). Every pay-in of a customer in a
 * time-out or self-excluded, or whom a national register of a licence in force excludes or cannot
 * be queried for, is BLOCKED_CUSTOMER; a cashier deposit (one of a session) that
 * would pass the customer's deposit limits as they are now (a limit lowered while the
 * deposit was under way binds it) or past the KSA's net deposit threshold of the calendar month
 * is CUSTOMER_ISSUES, its reason naming the limit. The pay-in
 * itself is not counted (it is on its way, so counted already). Source: docs/design.md, the deposit
 * limits ("checked ... again when the pay-in is paid").
 */
export async function refusalAtPayment(tx: Db, row: PayinRow, now = new Date()): Promise<StoredStatusReason | null> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, row.customerId)).limit(1).for('update');
  const exclusion = activeExclusion(customer?.gambling, now);
  if (exclusion) {
    return {
      status: 'DECLINED',
      detailedStatus: 'BLOCKED_CUSTOMER',
      reason:
        exclusion.kind === 'TIME_OUT'
          ? 'The customer is taking a break from gambling: no deposits'
          : 'The customer is self-excluded: no deposits',
    };
  }
  if (!customer) return null;
  const config = await merchantConfig(tx, row.merchantId);
  // A national register's last answer (national-registers.ts), or the id it needs, binds every pay-in.
  const register = registerRefusal(rulesFor(config, customer.data).regulators, customer.data.kyc, customer.gambling?.registers, now);
  if (register) {
    return {
      status: 'DECLINED',
      detailedStatus: 'BLOCKED_CUSTOMER',
      reason:
        register.status === 'EXCLUDED'
          ? `The customer is excluded from gambling in ${register.register}: no deposits`
          : `The customer is not identified by their ${register.idType}, which ${register.register} is queried by: no deposits`,
    };
  }
  if (!row.sessionId) return null;
  // Every financial limit (deposit, loss, net deposit; financial-limits.ts): the most restrictive binds, named.
  const room = await financialRoomMinor(tx, row.customerId, row.initialCurrency, {
    row: customer,
    rates: config.ratesToEur,
    except: row.id,
  });
  const over = bindingOver(room, row.initialAmountMinor - (row.feeMinor ?? 0));
  if (!over) {
    // The KSA's net deposit threshold of the calendar month (net-deposit-threshold.ts).
    const threshold = thresholdText(
      await thresholdRoom(tx, config, customer, row.initialCurrency, { now, except: row.id }),
      row.initialAmountMinor - (row.feeMinor ?? 0),
    );
    return threshold ? { status: 'DECLINED', detailedStatus: 'CUSTOMER_ISSUES', reason: threshold } : null;
  }
  const money = (minor: number) => formatMinor(minor, row.initialCurrency, 'en');
  return {
    status: 'DECLINED',
    detailedStatus: 'CUSTOMER_ISSUES',
    reason: `The deposit would pass the customer's ${kindText(over.kind)} of ${money(over.limit)} a ${over.period}; ${money(over.remaining)} is left`,
  };
}
