/**
 * A customer's net deposits over a window (docs/design.md, section 8): deposits paid (without the
 * cashier fee, less refunds) less withdrawals paid or on their way, per currency or converted into
 * one at the sandbox's rates, in ISO 4217 minor units. The responsible-gambling layer's door to the
 * one definition, which lives in the core layer (core/net-deposits.ts) because the check every
 * deposit passes when it is paid reads it too. Use `netDepositsMinor(tx, customerId, from, to,
 * { currency, rates })`.
 */
export {
  DEPOSITS_ON_THEIR_WAY,
  netDepositsByCurrency,
  netDepositsMinor,
  netInCurrency,
  PAID_DEPOSITS,
  WITHDRAWN,
  type NetDepositsInCurrency,
  type NetDepositsOptions,
} from '../core/net-deposits';
