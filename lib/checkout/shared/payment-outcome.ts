/**
 * The payment outcomes the checkout sees, for `checkout_payment_outcomes_total{type,status}`
 * (lib/metrics/metrics.ts). Two places learn a status, one per path: the card page's actions from
 * the processing answer (lib/checkout/payment-pages/card-outcome.ts: card, saved card, wallets,
 * after the 3DS Method and SPC), and every other path (the APM and payout pages, 3DS and providers
 * returning, the status page and its polling) from `fetchTransaction`
 * (lib/checkout/shared/load-transaction.ts). A result is a status of a final view (success,
 * failed, rejected) or a decline with attempts left; waiting statuses are none.
 *
 * Each is counted once per payment on this instance: a final status once (the action, the status
 * page and every poll after it see the same one), each decline once (keyed by the attempts left
 * after it). Behind a balancer a payment whose pages land on two instances is counted by both:
 * read the counter as rates and ratios, not as the ledger.
 */
import { LRUCache } from 'lru-cache';
import { countPaymentOutcome } from '@/lib/metrics/metrics';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';
import { isFinalView, viewOf } from './payment-state';

const key = Symbol.for('hosted-checkout.payment-outcomes-seen');
/** The outcomes counted, per process (every bundle's copy of this module shares it): a day of payments at most. */
function seen(): LRUCache<string, true> {
  const g = globalThis as typeof globalThis & { [key]?: LRUCache<string, true> };
  g[key] ??= new LRUCache<string, true>({ max: 100_000, ttl: 24 * 60 * 60 * 1000 });
  return g[key];
}

/**
 * Counts `status` of payment `id` when it is a result not counted yet on this instance.
 * `attemptsRemaining`: the pay-in's attempts left after it, when known (a decline without it is
 * left to the fetch that follows, which knows it).
 */
export function notePaymentStatus(type: CheckoutTransactionType, id: string, status: string, attemptsRemaining: number | undefined): void {
  const declined = type === 'payin' && status === 'DECLINED';
  if (declined ? attemptsRemaining === undefined : !isFinalView(viewOf(type, status))) return;
  const name = declined ? `${type}:${id}:${status}:${attemptsRemaining}` : `${type}:${id}:${status}`;
  const counted = seen();
  if (counted.has(name)) return;
  counted.set(name, true);
  countPaymentOutcome(type, status);
}
