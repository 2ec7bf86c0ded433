import { notFound } from 'next/navigation';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { sandboxPageSummary } from '@sandbox/service/pages/page-summary';
import { decideAtProvider } from '@sandbox/service/pages/acs-actions';
import { METHODS } from '@sandbox/service/core/merchant-config';
import { StandInPage } from '@sandbox/components/stand-in-page';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

/** /sandbox/provider/payin/{paymentId}: the sandbox's stand-in for an APM provider's page. */
export default async function ProviderPage(props: SandboxPageProps<{ transactionType: string; paymentId: string }>) {
  const { transactionType, paymentId } = await props.params;
  if (transactionType !== 'payin') notFound();
  const summary = await sandboxPageSummary(paymentId);
  if (!summary) notFound();
  const t = await getSandboxTranslations('provider');
  const waiting = summary.status === 'PENDING' && summary.methodName !== null;
  const button = 'rounded-theme px-4 py-3 font-semibold';
  return (
    <StandInPage
      namespace="provider"
      summary={summary}
      waiting={waiting}
      detail={{ method: METHODS[summary.methodName ?? '']?.name ?? summary.methodName ?? '' }}
    >
      <form action={decideAtProvider} className="flex flex-wrap gap-3">
        <input type="hidden" name="paymentId" value={paymentId} />
        <button name="decision" value="approve" className={`${button} bg-success text-on-primary`}>
          {t('approve')}
        </button>
        {summary.otherPayerOffered ? (
          <button name="decision" value="approve-other" className={`${button} border border-control text-fg`}>
            {t('approveOtherPayer')}
          </button>
        ) : null}
        <button name="decision" value="decline" className={`${button} border border-danger text-danger`}>
          {t('decline')}
        </button>
        <button name="decision" value="pending" className={`${button} border border-control text-fg`}>
          {t('leavePending')}
        </button>
      </form>
    </StandInPage>
  );
}
