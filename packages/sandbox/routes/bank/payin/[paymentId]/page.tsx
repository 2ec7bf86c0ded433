import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { afterBankUrl } from '@sandbox/service/bank/bank-payments';
import { bankPagesContext, loadBankPage } from '@sandbox/service/pages/bank-page';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { isIdentification } from '@hosted-checkout/contract/pay-n-play';
import { bankStep } from '@sandbox/service/pages/bank-actions';
import { BankShell } from '@sandbox/components/bank/bank-shell';
import { BankButtonForm } from '@sandbox/components/bank/bank-forms';
import { BankSteps, bankErrorMessage, payingText } from '@sandbox/components/bank/bank-steps';
import { BankWait } from '@sandbox/components/bank/bank-wait';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getSandboxTranslations('bank'))('confirmHeading') };
}

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * /sandbox/bank/payin/{paymentId}?t=…: the sandbox bank's page for the browser sent there by a
 * Pay by Bank pay-in (the token of its current step): login, account, confirmation; or, once
 * handed to the app, the QR code and the wait. Done: on to the checkout's status page.
 */
export default async function BankPage(props: SandboxPageProps<{ paymentId: string }>) {
  const { paymentId } = await props.params;
  const query = await props.searchParams;
  if (!sandboxEnabled() || !PAYMENT_ID.test(paymentId)) notFound();
  const token = one(query.t) ?? '';
  const locale = one(query.locale);
  const view = await loadBankPage({ as: 'browser', payinId: paymentId, token });
  if (view?.step === 'DONE') redirect(view.next);
  const t = await getSandboxTranslations('bank');
  // A Pay N Play login moves no money: its texts say login, not payment.
  const identification = view ? isIdentification(view.amountMinor) : false;
  const error = await bankErrorMessage(one(query.e), identification);
  if (!view || !view.open) {
    return (
      <BankShell bankName={view?.bankName ?? ''} heading={t('confirmHeading')} note={t('sandboxNote')}>
        <p role="status">{view ? t(identification ? 'notWaitingIdentity' : 'notWaiting') : t('expired')}</p>
        <a href={view?.next ?? afterBankUrl(bankPagesContext(), paymentId)} className="text-primary underline">
          {t('backToPayment')}
        </a>
      </BankShell>
    );
  }
  const actor = { via: 'browser' as const, paymentId, token, ...(locale ? { locale } : {}) };
  const paying = await payingText(view);
  const decoupled = view.flow === 'DECOUPLED';
  const useApp = t(identification ? 'useAppIdentity' : 'useApp', { bank: view.bankName });
  return (
    <BankShell
      bankName={view.bankName}
      heading={decoupled ? useApp : paying}
      paying={decoupled ? paying : undefined}
      note={t('sandboxNote')}
    >
      {decoupled ? (
        <BankWait view={view} actor={actor} error={error} />
      ) : (
        <>
          <BankSteps view={view} actor={actor} error={error} />
          {view.step === 'LOGIN' ? (
            <section aria-labelledby="bank-use-app" className="space-y-2 border-t border-line pt-4">
              <h2 id="bank-use-app" className="text-base font-semibold">
                {useApp}
              </h2>
              <p className="text-sm text-fg-muted">{t(identification ? 'useAppIdentityHint' : 'useAppHint')}</p>
              <BankButtonForm action={bankStep} actor={actor} step="app" label={useApp} />
            </section>
          ) : null}
        </>
      )}
    </BankShell>
  );
}
