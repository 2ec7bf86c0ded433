import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { sandboxEnabled } from '@/lib/config';
import { BankShell } from '@sandbox/components/bank/bank-shell';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('bank'))('confirmHeading') };
}

/** /sandbox/bank/app/done?r=approved|identified|cancelled: the bank's app after the customer approved a payment or a login (identification only), or cancelled (back to the computer). */
export default async function BankAppDonePage(props: PageProps<'/sandbox/bank/app/done'>) {
  if (!sandboxEnabled()) notFound();
  const { r } = await props.searchParams;
  const t = await getTranslations('bank');
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
