import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatMinor } from '@/lib/money';
import { sandboxPageSummary } from '@/lib/sandbox/pages/page-summary';
import { answerChallenge } from '@/lib/sandbox/pages/acs-actions';
import { PasskeyCapable } from '@/components/sandbox-acs/passkey-capable';

/** /sandbox/3ds/{paymentId}: the sandbox's stand-in for the issuer's ACS challenge page. */
export default async function ChallengePage(props: PageProps<'/sandbox/3ds/[paymentId]'>) {
  const { paymentId } = await props.params;
  const summary = await sandboxPageSummary(paymentId);
  if (!summary) notFound();
  const t = await getTranslations('acs');
  const locale = await getLocale();
  const waiting = summary.challengeOpen;
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
              card: summary.cardMask ?? '',
            })}
          </p>
          <form action={answerChallenge} className="flex flex-wrap gap-3">
            <input type="hidden" name="paymentId" value={paymentId} />
            <PasskeyCapable />
            <button name="outcome" value="pass" className="rounded-theme bg-success px-4 py-3 font-semibold text-on-primary">
              {t('pass')}
            </button>
            <button name="outcome" value="fail" className="rounded-theme border border-danger px-4 py-3 font-semibold text-danger">
              {t('fail')}
            </button>
          </form>
        </>
      ) : (
        <p role="status">{t('done')}</p>
      )}
    </main>
  );
}
