import { notFound } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { formatMinor } from '@hosted-checkout/contract/money';
import { sandboxPageSummary } from '@sandbox/service/pages/page-summary';
import { answerChallenge } from '@sandbox/service/pages/acs-actions';
import { ChallengeAnswer } from '@sandbox/components/acs/challenge-answer';
import { ChallengeForm } from '@sandbox/components/acs/challenge-form';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

/** /sandbox/3ds/{paymentId}: the sandbox's stand-in for the issuer's ACS challenge page. */
export default async function ChallengePage(props: SandboxPageProps<{ paymentId: string }>) {
  const { paymentId } = await props.params;
  const summary = await sandboxPageSummary(paymentId);
  if (!summary) notFound();
  const t = await getSandboxTranslations('acs');
  const locale = await getLocale();
  const waiting = summary.challengeOpen;
  const answerText = { pass: t('pass'), fail: t('fail') };
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
          {/* With JavaScript the answer shows once the page knows whether a passkey (Secure Payment Confirmation) can be made here. */}
          <ChallengeAnswer paymentId={paymentId} action={answerChallenge} text={answerText} />
          <noscript>
            <ChallengeForm paymentId={paymentId} action={answerChallenge} text={answerText} passkeyCapable={false} />
          </noscript>
        </>
      ) : (
        <p role="status">{t('done')}</p>
      )}
    </main>
  );
}
