import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getLocale } from 'next-intl/server';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { WalletWindow } from '@sandbox/components/wallet/wallet-window';
import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { walletCardList } from '@sandbox/service/payins/sandbox-wallet-token';
import { issueWalletToken } from '@sandbox/service/pages/wallet-actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getSandboxTranslations('sandboxWallet'))('title') };
}

/**
 * /sandbox/wallet/pay: the sandbox wallet's window, opened by its service worker for a
 * payment request: the tester picks a test card and pays, or cancels. Opened directly (the
 * console's link), it says what the wallet is and lists its cards.
 */
export default async function SandboxWalletPage() {
  // Rendered per request: in the tester's language, never prerendered at build.
  await connection();
  if (!sandboxEnabled()) notFound();
  const t = await getSandboxTranslations('sandboxWallet');
  const cards = walletCardList().map((card) => ({
    index: card.index,
    label: `Visa •••• ${card.last4}, ${t(`scenario.${card.scenario}`)}`,
  }));
  return (
    <main className="mx-auto max-w-md px-4 py-6">
      <h1 className="mb-3 text-xl font-semibold">{t('title')}</h1>
      <WalletWindow
        cards={cards}
        issue={issueWalletToken}
        locale={await getLocale()}
        text={{
          intro: t('intro', { amount: '{amount}', merchant: '{merchant}' }),
          idle: t('idle'),
          cardsHeading: t('cardsHeading'),
          pay: t('pay'),
          cancel: t('cancel'),
          failed: t('failed'),
        }}
      />
    </main>
  );
}
