/**
 * The cashier flow's fee line: the fee of the amount being typed, and what is paid or received
 * with it, in words; and the settling of a value so the line is announced once typing pauses.
 */
import { useEffect, useState } from 'react';
import { feeBreakdown } from '@hosted-checkout/contract/fees';
import type { FeeRule } from '@hosted-checkout/contract/merchant';
import { toMajor } from '@hosted-checkout/contract/money';

/** What the fee line reads of the flow's props: the fee rules, the page's language, the currency (ISO 4217), the flow. */
interface FeeLineProps {
  fees?: { card: FeeRule | null; apm: FeeRule | null };
  numberLocale: string;
  currency: string;
  flow: 'deposit' | 'withdraw';
}

/**
 * The fee and the total (deposit) or the amount received (withdrawal) of the typed amount
 * (`minor`, integer minor units as `typedMinor` read it; null: none or not an amount), for the
 * chosen method (packages/contract/src/fees.ts), formatted in `props.numberLocale` into
 * `template` ({fee}, {total}, {received}); '' when there is no fee or no amount.
 */
export function feeLineOf(minor: number | null, method: 'card' | 'apm', props: FeeLineProps, template: string): string {
  const rule = props.fees?.[method] ?? null;
  if (!rule || minor === null) return '';
  const { fee, total, received } = feeBreakdown(rule, minor, props.flow === 'deposit' ? 'deposit' : 'withdrawal');
  const format = (m: number) =>
    new Intl.NumberFormat(props.numberLocale, { style: 'currency', currency: props.currency }).format(toMajor(m, props.currency));
  return template.replace('{fee}', format(fee)).replace('{total}', format(total)).replace('{received}', format(received));
}

/** `value` once it has not changed for `ms` milliseconds (the first value at once). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
