import { notFound } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { formatMinor } from '@hosted-checkout/contract/money';
import { sandboxPageSummary } from '@sandbox/service/pages/page-summary';
import { decideAtProvider } from '@sandbox/service/pages/acs-actions';
import { METHODS } from '@sandbox/service/core/merchant-config';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

/** /sandbox/provider/payin/{paymentId}: the sandbox's stand-in for an APM provider's page. */
export default async function ProviderPage(props: SandboxPageProps<{ transactionType: string; paymentId: string }>) {
  const { transactionType, paymentId } = await props.params;
  if (transactionType !== 'payin') notFound();
  const summary = await sandboxPageSummary(paymentId);
  if (!summary) notFound();
  const t = await getSandboxTranslations('provider');
  const locale = await getLocale();
  const waiting = summary.status === 'PENDING' && summary.methodName !== null;
  const button = 'rounded-theme px-4 py-3 font-semibold';
  return (
    <main className="mx-auto max-w-md px-4 py-6">
      <h1 className="mb-3 text-xl font-semibold">{t('heading')}</h1>
      <p className="mb-2 text-sm text-fg-muted">{t('sandboxNote')}</p>
      {waiting ? (
        <>
          <p className="mb-4">
            {t('intro', {
              merchant: summary.merchantName,
              amount: formatMinor(summary.amountMinor, summary.currency, locale),
              method: METHODS[summary.methodName ?? '']?.name ?? summary.methodName ?? '',
            })}
          </p>
          <form action={decideAtProvider} className="flex flex-wrap gap-3">
            <input type="hidden" name="paymentId" value={paymentId} />
            <button name="decision" value="approve" className={`${button} bg-success text-on-primary`}>
              {t('approve')}
            </button>
            <button name="decision" value="decline" className={`${button} border border-danger text-danger`}>
              {t('decline')}
            </button>
            <button name="decision" value="pending" className={`${button} border border-control text-fg`}>
              {t('leavePending')}
            </button>
          </form>
        </>
      ) : (
        <p role="status">{t('done')}</p>
      )}
    </main>
  );
}
