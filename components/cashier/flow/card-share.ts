/**
 * Whether a withdrawal by card is above what the customer's deposit cards can take
 * (docs/design.md, "Withdrawals by card (closed loop)"): a card gets back at most what it paid in,
 * less what it already received; the session read says the most one withdrawal by card may send
 * (`cardWithdrawalMax`). The cashier says so before a card is typed.
 */
import { feeBreakdown } from '@hosted-checkout/contract/fees';
import type { FeeRule } from '@hosted-checkout/contract/merchant';
import { toMinor } from '@hosted-checkout/contract/money';

/** What the check reads of the flow: the fee rules, the currency (ISO 4217), the most a card may take (major units; null when the service does not say). */
export interface CardShareInput {
  fees?: { card: FeeRule | null; apm: FeeRule | null };
  currency: string;
  cardWithdrawalMax?: number | null;
}

/**
 * True when the method is `card` and the card would be sent more than `cardWithdrawalMax`: the
 * typed amount (`minor`, integer minor units as `typedMinor` read it; null: none or not an
 * amount) less the card withdrawal fee. With nothing left for any card (0), true as soon as card
 * is chosen, whatever is typed; false when the service gives no figure or there is no amount
 * (the amount's own errors say that).
 */
export function aboveCardShare(minor: number | null, method: 'card' | 'apm', input: CardShareInput): boolean {
  if (method !== 'card' || input.cardWithdrawalMax === undefined || input.cardWithdrawalMax === null) return false;
  const maxMinor = toMinor(input.cardWithdrawalMax, input.currency) ?? 0;
  if (maxMinor <= 0) return true;
  if (minor === null) return false;
  return feeBreakdown(input.fees?.card ?? null, minor, 'withdrawal').received > maxMinor;
}
