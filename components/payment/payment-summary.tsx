import { getLocale, getTranslations } from 'next-intl/server';
import { formatMinor, toMinor } from '@/lib/money';
import type { PayinTransaction } from '@/lib/contract/payin';

/**
 * Merchant and amount of a pay-in, formatted for the locale (Intl), with the initial amount
 * when the service converted the currency.
 */
export async function PaymentSummary({ payin, merchantName }: { payin: PayinTransaction; merchantName: string }) {
  const t = await getTranslations('summary');
  const locale = await getLocale();
  const amount = formatMinor(toMinor(payin.amount, payin.currency) ?? 0, payin.currency, locale);
  const converted = payin.initialCurrency !== payin.currency;
  return (
    <header className="mb-5 border-b border-slate-200 pb-4">
      <p className="text-sm text-slate-700">{t('payTo', { merchant: merchantName })}</p>
      <p className="text-3xl font-semibold tracking-tight">
        <bdi>{amount}</bdi>
      </p>
      {converted ? (
        <p className="text-sm text-slate-700">
          {t('converted', { amount: formatMinor(toMinor(payin.initialAmount, payin.initialCurrency) ?? 0, payin.initialCurrency, locale) })}
        </p>
      ) : null}
      <p className="text-xs text-slate-600">{t('order', { orderId: payin.orderId })}</p>
    </header>
  );
}

/** The pay-in's amount as the pay button says it. */
export async function formattedAmount(payin: PayinTransaction): Promise<string> {
  return formatMinor(toMinor(payin.amount, payin.currency) ?? 0, payin.currency, await getLocale());
}
