import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { loadBankPage } from '@sandbox/service/pages/bank-page';
import { isIdentification } from '@hosted-checkout/contract/pay-n-play';
import { BankShell } from '@sandbox/components/bank/bank-shell';
import { BankSteps, bankErrorMessage, payingText } from '@sandbox/components/bank/bank-steps';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getSandboxTranslations('bank'))('confirmHeading') };
}

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * /sandbox/bank/app/{token}: the bank's app in the decoupled flow (a second page, as a phone
 * would open the QR code): login, account, confirmation. The token is the app's, one step long;
 * a spent or expired one says so.
 */
export default async function BankAppPage(props: SandboxPageProps<{ token: string }>) {
  const { token } = await props.params;
  const query = await props.searchParams;
  if (!sandboxEnabled()) notFound();
  const locale = one(query.locale);
  const view = await loadBankPage({ as: 'app', token });
  const t = await getSandboxTranslations('bank');
  if (!view || !view.open || view.flow !== 'DECOUPLED') {
    return (
      <BankShell
        bankName={view?.bankName ?? ''}
        heading={view ? t('appHeading', { bank: view.bankName }) : t('confirmHeading')}
        note={t('sandboxNote')}
      >
        <p role="status">{view ? t(isIdentification(view.amountMinor) ? 'notWaitingIdentity' : 'notWaiting') : t('expired')}</p>
      </BankShell>
    );
  }
  const paying = await payingText(view);
  return (
    <BankShell bankName={view.bankName} heading={t('appHeading', { bank: view.bankName })} paying={paying} note={t('sandboxNote')}>
      <BankSteps
        view={view}
        actor={{ via: 'app', token, ...(locale ? { locale } : {}) }}
        error={await bankErrorMessage(one(query.e), isIdentification(view.amountMinor))}
      />
    </BankShell>
  );
}
