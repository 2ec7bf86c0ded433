/** The cashier's money formatter, shared by its pages, panels and lists. */
import { formatMinor, toMinor } from '@hosted-checkout/contract/money';

/**
 * An amount in major units (a number such as 25.5) of `currency` (ISO 4217), formatted for
 * `locale` as a currency ("€25.50"); an amount the currency cannot hold formats as zero.
 */
export const money = (amount: number, currency: string, locale: string) => formatMinor(toMinor(amount, currency) ?? 0, currency, locale);
