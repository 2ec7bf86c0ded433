import { getLocale, getTranslations } from 'next-intl/server';
import { formatMinor, toMinor } from '@hosted-checkout/contract/money';
import { MerchantLogo } from '@/components/theme/theme-style';
import type { CheckoutTransaction } from '@/lib/checkout/shared/load-transaction';
import { shownOrderReference } from '@/lib/checkout/shared/order-reference';

const format = (amount: number, currency: string, locale: string) => formatMinor(toMinor(amount, currency) ?? 0, currency, locale);

/**
 * Merchant and amount of a transaction, formatted for the locale (Intl), with the initial
 * amount when the service converted the currency, and the merchant's order reference when it has
 * one (order-reference.ts: none for a cashier session's payment).
 */
export async function PaymentSummary({
  transaction,
  merchantName,
  logoUrl,
}: {
  transaction: CheckoutTransaction;
  merchantName: string;
  logoUrl?: string;
}) {
  const t = await getTranslations('summary');
  const locale = await getLocale();
  const amount = format(transaction.amount, transaction.currency, locale);
  // A cashier session's payment carries the service's order id, not the merchant's: none is shown.
  const orderReference = shownOrderReference(transaction);
  return (
    <header className="mb-5 border-b border-line pb-4">
      <MerchantLogo logoUrl={logoUrl} className="mb-2 h-7 w-auto" />
      <p className="text-sm text-fg-muted">
        {transaction.type === 'payin' ? t('payTo', { merchant: merchantName }) : t('payoutFrom', { merchant: merchantName })}
      </p>
      <p className="text-3xl font-semibold tracking-tight">
        <bdi>{amount}</bdi>
      </p>
      {transaction.initialCurrency !== transaction.currency ? (
        <p className="text-sm text-fg-muted">
          {t('converted', { amount: format(transaction.initialAmount, transaction.initialCurrency, locale) })}
        </p>
      ) : null}
      {orderReference ? <p className="text-xs break-all text-fg-muted">{t('order', { orderId: orderReference })}</p> : null}
    </header>
  );
}

/** The transaction's amount as its submit button says it. */
export async function formattedAmount(transaction: CheckoutTransaction): Promise<string> {
  return format(transaction.amount, transaction.currency, await getLocale());
}
