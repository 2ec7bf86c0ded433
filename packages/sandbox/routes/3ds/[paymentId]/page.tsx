import { notFound } from 'next/navigation';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { sandboxPageSummary } from '@sandbox/service/pages/page-summary';
import { answerChallenge } from '@sandbox/service/pages/acs-actions';
import { ChallengeAnswer } from '@sandbox/components/acs/challenge-answer';
import { ChallengeForm } from '@sandbox/components/acs/challenge-form';
import { StandInPage } from '@sandbox/components/stand-in-page';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

/** /sandbox/3ds/{paymentId}: the sandbox's stand-in for the issuer's ACS challenge page. */
export default async function ChallengePage(props: SandboxPageProps<{ paymentId: string }>) {
  const { paymentId } = await props.params;
  const summary = await sandboxPageSummary(paymentId);
  if (!summary) notFound();
  const t = await getSandboxTranslations('acs');
  const waiting = summary.challengeOpen;
  const answerText = { pass: t('pass'), fail: t('fail'), trust: t('trust', { merchant: summary.merchantName }) };
  return (
    <StandInPage namespace="acs" summary={summary} waiting={waiting} detail={{ card: summary.cardMask ?? '' }}>
      {/* With JavaScript the answer shows once the page knows whether a passkey (Secure Payment Confirmation) can be made here. */}
      <ChallengeAnswer paymentId={paymentId} action={answerChallenge} text={answerText} trustPrompt={summary.trustPrompt} />
      <noscript>
        <ChallengeForm
          paymentId={paymentId}
          action={answerChallenge}
          text={answerText}
          passkeyCapable={false}
          trustPrompt={summary.trustPrompt}
        />
      </noscript>
    </StandInPage>
  );
}
