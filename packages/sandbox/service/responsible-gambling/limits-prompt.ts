/**
 * What the rules ask of a customer before a deposit (docs/design.md, section 8): the limits
 * question, read from the customer's row. Shared by the regulated cashier's reads and the
 * deposits waiting for the answer (deposits-awaiting-limits.ts), which the answer releases.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers } from '@sandbox/db/schema';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { PERIODS, type Period } from '@hosted-checkout/contract/responsible-gambling/limits';
import { missingRequired, type RulesInForce } from '@hosted-checkout/contract/responsible-gambling/regulators';
import { customerLimitsAcross } from './deposit-limits';
import { kindLimitsAcross, OTHER_KINDS } from './financial-limits';

/** A customer's row as stored. */
export type CustomerRow = typeof customers.$inferSelect;
const PERIOD_LIST = Object.keys(PERIODS) as Period[];

/** What the rules ask before a deposit: the required periods without a limit, or an unanswered question (ASK). */
export function limitsPrompt(
  rules: RulesInForce,
  row: Pick<CustomerRow, 'depositLimits' | 'gambling'> | null | undefined,
  now = new Date(),
): ResponsibleGambling['limitsPrompt'] {
  // A limit in any currency binds every deposit (deposit-limits.ts, depositRoomMinor): it answers the question in all.
  const all = Object.values(customerLimitsAcross(row, now).limits);
  const has = (p: Period) => all.some((limits) => limits[p] !== undefined);
  // Each required period, or one of them where one suffices (Denmark, Brazil: `requiredOneOf`).
  if (rules.limitsBeforeFirstDeposit === 'required') return missingRequired(rules, has) ? 'REQUIRED' : 'NONE';
  // Where only asked, a limit of any kind answers (a loss or net deposit limit is a financial limit: RTS 12A).
  const other = OTHER_KINDS.some((k) => Object.keys(kindLimitsAcross(row, k, now).limits).length > 0);
  if (rules.limitsBeforeFirstDeposit === 'asked') return row?.gambling?.limitsAnsweredAt || PERIOD_LIST.some(has) || other ? 'NONE' : 'ASK';
  return 'NONE';
}

/** The customer row, locked for the rest of the transaction when `lock`. */
export async function customerRow(tx: Db, customerId: string, lock = false): Promise<CustomerRow | undefined> {
  const query = tx.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
