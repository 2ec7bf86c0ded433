/**
 * The sandbox's cashier rules (docs/design.md, section 3): the merchant's bounds of one deposit or
 * withdrawal, the method a cashier transaction was priced for, fees per method, the KYC refusal,
 * and whether a customer may cancel their pending withdrawal (the cancel itself:
 * cashier/withdrawal-cancel.ts). A customer's deposit limits are responsible-gambling/deposit-limits.ts's.
 * Amounts are ISO 4217 minor units inside, major units at the API.
 */
import type { Customer } from '@hosted-checkout/contract/common';
import { amountBoundsMinor } from '@hosted-checkout/contract/responsible-gambling/limits';
import { feeBreakdown, findFeeRule } from '@hosted-checkout/contract/fees';
import { formatMinor } from '@hosted-checkout/contract/money';
import { SandboxApiError, invalid } from '../core/api-error';
import { selectProcessor } from '../core/selection';
import type { SandboxMerchantConfig, StoredResponsibleGambling } from '@sandbox/db/stored-shapes';
import { activeExclusion } from '../responsible-gambling/deposit-rules';
import { rulesFor } from '../core/merchant-config';

const limitError = (message: string) => new SandboxApiError('LIMIT_EXCEEDED', message);
const money = (minor: number, currency: string) => formatMinor(minor, currency, 'en');

/**
 * Refuses (400) processing a cashier transaction by another method than the one the customer
 * chose in the cashier (its fee was computed for that one): `card`, or any APM for `apm`.
 */
export function assertCashierMethod(chosen: string | null, used: 'card' | 'apm'): void {
  if (chosen && (chosen === 'card') !== (used === 'card'))
    throw invalid(
      `This transaction was started for ${chosen === 'card' ? 'a card' : 'another method'} in the cashier: go back to the cashier to change the method`,
    );
}

/** Refuses (400 LIMIT_EXCEEDED) an amount (minor units of `currency`) outside the merchant's bounds for the currency. */
export function assertWithinBounds(
  config: SandboxMerchantConfig,
  currency: string,
  direction: 'deposit' | 'withdrawal',
  amountMinor: number,
): void {
  const { min, max } = amountBoundsMinor(config.settings.limits, currency, direction);
  const noun = direction === 'deposit' ? 'deposit' : 'withdrawal';
  if (min !== undefined && amountMinor < min) throw limitError(`The smallest ${noun} is ${money(min, currency)}`);
  if (max !== undefined && amountMinor > max) throw limitError(`The largest ${noun} is ${money(max, currency)}`);
}

/**
 * Refuses (409 KYC_REQUIRED) a transaction no PSP would take from an unverified customer while a
 * verified one would be served: the cashier then sends the customer to the merchant's KYC page.
 */
export function assertServedWithoutKyc(config: SandboxMerchantConfig, currency: string, amountMinor: number, kycVerified: boolean): void {
  if (kycVerified) return;
  if (selectProcessor(config, { currency, amountMinor, kycVerified: false }).psp) return;
  if (selectProcessor(config, { currency, amountMinor, kycVerified: true }).psp) {
    throw new SandboxApiError('KYC_REQUIRED', 'No payment provider serves this customer until their identity is verified (kycVerified)');
  }
}

/** The fee (minor units) of a cashier transaction of `method` under the merchant's rules. */
export function cashierFee(
  config: SandboxMerchantConfig,
  method: string | undefined,
  direction: 'deposit' | 'withdrawal',
  currency: string,
  amountMinor: number,
) {
  return feeBreakdown(findFeeRule(config.settings.fees, method, direction, currency), amountMinor, direction);
}

/**
 * Whether the customer may cancel their pending withdrawals: the merchant allows it, the rules of
 * the licences in force allow a reversal (not UKGC RTS 14B, Sweden, Germany), and their
 * billing country is not GB (a UK customer, licence named or not).
 */
export function mayCancelWithdrawals(
  config: SandboxMerchantConfig,
  customer: Pick<Customer, 'billing'> | null | undefined,
  gambling?: StoredResponsibleGambling | null,
): boolean {
  // A customer in a time-out or self-excluded does not put money back into play.
  if (activeExclusion(gambling)) return false;
  return (
    config.settings.withdrawalCancel === true &&
    customer?.billing?.countryCode?.toUpperCase() !== 'GB' &&
    rulesFor(config, customer).withdrawalReversal
  );
}
