import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { BankShell } from '@sandbox/components/bank/bank-shell';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getSandboxTranslations('bank'))('confirmHeading') };
}

/** /sandbox/bank/app/done?r=approved|identified|cancelled: the bank's app after the customer approved a payment or a login (identification only), or cancelled (back to the computer). */
export default async function BankAppDonePage(props: SandboxPageProps) {
  if (!sandboxEnabled()) notFound();
  const { r } = await props.searchParams;
  const t = await getSandboxTranslations('bank');
  return (
    <BankShell
      bankName=""
      heading={r === 'cancelled' ? t('appDoneCancelled') : r === 'identified' ? t('appDoneIdentified') : t('appDoneApproved')}
      note={t('sandboxNote')}
    >
      {null}
    </BankShell>
  );
}
