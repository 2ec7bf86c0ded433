/**
 * The names of the limits form's fields (components/responsible-gambling/limits-form.tsx), shared
 * by the form and its server action: one per kind of limit and period.
 */
import type { Period } from '@hosted-checkout/contract/responsible-gambling/limits';
import type { LimitKind } from '@hosted-checkout/contract/responsible-gambling/schemas';

/** The kinds of limit the form offers, deposit limits first (UKGC RTS 12B: at least equal prominence). */
export const LIMIT_KINDS: LimitKind[] = ['deposit', 'loss', 'netDeposit'];

/** The form field of one kind's period: `day` for a deposit limit (as before), `lossDay`, `netDepositMonth`… for the others. */
export const limitField = (kind: LimitKind, period: Period): string =>
  kind === 'deposit' ? period : `${kind}${period.charAt(0).toUpperCase()}${period.slice(1)}`;
