import { notFound, redirect } from 'next/navigation';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { PasskeyEnrolment } from '@sandbox/components/acs/passkey-enrolment';
import { checkoutUrl, sandboxEnabled, sandboxPublicUrl } from '@hosted-checkout/runtime/config';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { SandboxApiError } from '@sandbox/service/core/api-error';
import { sandboxDb } from '@sandbox/service/core/store';
import { passkeyEnrolment } from '@sandbox/service/payins/payin-decisions';
import { answerPasskey } from '@sandbox/service/pages/acs-actions';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

/**
 * /sandbox/3ds/{paymentId}/passkey: the sandbox ACS offers the cardholder a passkey after a passed
 * challenge (for Secure Payment Confirmation on later pay-ins), to the browser that passed it
 * (`?t=`, its enrolment token). Nothing to offer
 * (no or a wrong token, a passkey already there): on to where the challenge leads. Without
 * JavaScript the page offers only "Not now".
 */
export default async function PasskeyPage(props: SandboxPageProps<{ paymentId: string }>) {
  const { paymentId } = await props.params;
  const query = await props.searchParams;
  if (!sandboxEnabled() || !PAYMENT_ID.test(paymentId)) notFound();
  let offer: Awaited<ReturnType<typeof passkeyEnrolment>>;
  try {
    const db = await sandboxDb();
    const token = typeof query.t === 'string' ? query.t.slice(0, 64) : undefined;
    offer = await db.transaction((tx) =>
      passkeyEnrolment(tx, paymentId, token, { checkoutUrl: checkoutUrl(), sandboxUrl: sandboxPublicUrl() }),
    );
  } catch (error) {
    if (SandboxApiError.is(error)) notFound();
    throw error;
  }
  if (!offer.options) redirect(offer.next);
  const t = await getSandboxTranslations('acs');
  const card = offer.cardMask.slice(-4);
  return (
    <main className="mx-auto max-w-md px-4 py-6">
      <h1 className="mb-3 text-xl font-semibold">{t('passkeyHeading')}</h1>
      <p className="mb-2 text-sm text-fg-muted">{t('sandboxNote')}</p>
      <p className="mb-4">{t('passkeyBody', { card: `•••• ${card}` })}</p>
      {query.failed === '1' ? (
        <p role="alert" className="mb-4 text-danger">
          {t('passkeyFailed')}
        </p>
      ) : null}
      <PasskeyEnrolment
        paymentId={paymentId}
        token={String(query.t)}
        options={offer.options as unknown as Record<string, unknown>}
        action={answerPasskey}
        text={{ create: t('passkeyCreate'), failed: t('passkeyFailed'), created: t('passkeyCreated') }}
      />
      <a href={offer.next} className="mt-3 inline-block rounded-theme border border-control px-4 py-3 font-semibold">
        {t('passkeySkip')}
      </a>
    </main>
  );
}
