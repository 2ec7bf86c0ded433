import { getLocale, getTranslations } from 'next-intl/server';
import { formatMinor, toMinor } from '@/lib/money';
import type { CheckoutTransaction } from '@/lib/checkout/load-transaction';

const format = (amount: number, currency: string, locale: string) => formatMinor(toMinor(amount, currency) ?? 0, currency, locale);

/**
 * Merchant and amount of a transaction, formatted for the locale (Intl), with the initial
 * amount when the service converted the currency.
 */
export async function PaymentSummary({ transaction, merchantName }: { transaction: CheckoutTransaction; merchantName: string }) {
  const t = await getTranslations('summary');
  const locale = await getLocale();
  const amount = format(transaction.amount, transaction.currency, locale);
  return (
    <header className="mb-5 border-b border-slate-200 pb-4">
      <p className="text-sm text-slate-700">{transaction.type === 'payin' ? t('payTo', { merchant: merchantName }) : t('payoutFrom', { merchant: merchantName })}</p>
      <p className="text-3xl font-semibold tracking-tight">
        <bdi>{amount}</bdi>
      </p>
      {transaction.initialCurrency !== transaction.currency ? (
        <p className="text-sm text-slate-700">{t('converted', { amount: format(transaction.initialAmount, transaction.initialCurrency, locale) })}</p>
      ) : null}
      <p className="text-xs text-slate-600">{t('order', { orderId: transaction.orderId })}</p>
    </header>
  );
}

/** The transaction's amount as its submit button says it. */
export async function formattedAmount(transaction: CheckoutTransaction): Promise<string> {
  return format(transaction.amount, transaction.currency, await getLocale());
}
