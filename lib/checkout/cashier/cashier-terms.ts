/**
 * The terms the cashier shows before the customer types, from the merchant's checkout
 * settings and the session: the bounds of one deposit or withdrawal, what is left of the
 * customer's deposit limits, the fee rules of card and other methods, the expected time of a
 * withdrawal per method, whether pending withdrawals may be cancelled, and the merchant's KYC and
 * responsible-gambling pages. Major units, like the API; fees in minor units, like the merchant's fee rules.
 */
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import type { CheckoutSettings, FeeRule } from '@hosted-checkout/contract/merchant';
import { findFeeRule } from '@hosted-checkout/contract/fees';
import { amountBounds, type Period } from '@hosted-checkout/contract/responsible-gambling/limits';
import type { AmountRules } from './cashier-amount';
import type { LimitKind } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { bindingLimits, tightestLimit, type BindingLimit } from './binding-limits';

export interface CashierTerms {
  rules: AmountRules;
  /** The customer's financial limits in the session currency: limit and what is left now (major units); `kind` absent: a deposit limit. */
  limits: { kind?: LimitKind; period: Period; limit: number; remaining: number }[];
  /** A deposit's limit that leaves least (binding-limits.ts): the amount field's bound, named when an amount passes it. */
  tightest?: BindingLimit;
  /** The fee rule of each choice of the cashier's method radio; null: no fee. */
  fees: { card: FeeRule | null; apm: FeeRule | null };
  /** Hours from request to money received, per method (`card`, `apm` or an APM id). */
  etaHours: Record<string, number>;
  /** The customer may cancel a withdrawal still CREATED or WAITING_FOR_CONFIRMATION. */
  withdrawalCancel: boolean;
  /** The gambling rules in force ban cancelling a requested withdrawal (UKGC RTS 14B, Sweden, Germany): said before the customer asks. */
  noReversal: boolean;
  kycUrl?: string;
  responsibleGamblingUrl?: string;
  /** The page's own responsible gambling panel is shown: the deposit step links to its limits (UKGC RTS 12: a link to the limits on the deposit page). */
  limitsOnPage?: boolean;
}

/** The cashier's terms for `flow` (deposit or withdraw) in the session's currency. */
export function cashierTerms(settings: CheckoutSettings, session: CashierSession, flow: 'deposit' | 'withdraw'): CashierTerms {
  const direction = flow === 'deposit' ? 'deposit' : 'withdrawal';
  const limits: CashierTerms['limits'] =
    flow === 'deposit'
      ? (['day', 'week', 'month'] as const).flatMap((period) =>
          session.depositLimits?.[period] ? [{ period, ...session.depositLimits[period] }] : [],
        )
      : [];
  // Loss and net deposit limits bind deposits too (RTS 12): what each leaves now, from the service.
  if (flow === 'deposit') for (const room of session.responsibleGambling?.room ?? []) if (room.kind !== 'deposit') limits.push({ ...room });
  const rg = session.responsibleGambling;
  // The limit that leaves least (the KSA's monthly net deposit threshold among them) bounds a deposit and is named when passed.
  const tightest = flow === 'deposit' ? tightestLimit(bindingLimits(session)) : null;
  return {
    rules: {
      ...amountBounds(settings.limits, session.currency, direction),
      ...(tightest ? { limitRemaining: tightest.remaining } : {}),
    },
    limits,
    ...(tightest ? { tightest } : {}),
    fees: {
      card: findFeeRule(settings.fees, 'card', direction, session.currency),
      apm: findFeeRule(settings.fees, 'apm', direction, session.currency),
    },
    etaHours: settings.withdrawalEtaHours ?? {},
    withdrawalCancel: session.withdrawalCancel === true,
    noReversal: flow === 'withdraw' && session.responsibleGambling?.withdrawalReversal === false,
    ...(settings.kycUrl ? { kycUrl: settings.kycUrl } : {}),
    ...(settings.responsibleGamblingUrl ? { responsibleGamblingUrl: settings.responsibleGamblingUrl } : {}),
    ...(flow === 'deposit' && rg && (rg.regulators.length > 0 || settings.responsibleGamblingUrl) ? { limitsOnPage: true } : {}),
  };
}

/** Statuses of a withdrawal the customer may still cancel. */
export const CANCELLABLE = new Set(['CREATED', 'WAITING_FOR_CONFIRMATION']);

/** The expected time of a withdrawal: its request time plus the method's hours (`card`, else `apm`), or null when the merchant gives none. */
export function expectedBy(createdAt: string, transactionType: string | undefined, etaHours: Record<string, number>): Date | null {
  const hours = transactionType === 'CARD' ? etaHours.card : etaHours.apm;
  return hours ? new Date(new Date(createdAt).getTime() + hours * 3600_000) : null;
}
