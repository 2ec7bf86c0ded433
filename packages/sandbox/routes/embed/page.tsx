import { notFound } from 'next/navigation';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { EmbedHost } from '@sandbox/components/console/embed-host';
import { checkoutUrl, sandboxEnabled } from '@hosted-checkout/runtime/config';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

/**
 * /sandbox/embed?src=…: a merchant page served on the checkout's twin origin (localhost ↔
 * 127.0.0.1) that frames a hosted page, so the console shows real cross-origin embedding.
 */
export default async function EmbedPage(props: SandboxPageProps) {
  if (!sandboxEnabled()) notFound();
  const t = await getSandboxTranslations('embedHost');
  const src = (await props.searchParams).src;
  const checkoutOrigin = new URL(checkoutUrl()).origin;
  const valid = typeof src === 'string' && src.startsWith(`${checkoutOrigin}/`);
  return (
    <main className="p-2">
      <h1 className="sr-only">{t('title')}</h1>
      {valid ? (
        <EmbedHost src={src} checkoutOrigin={checkoutOrigin} consoleOrigin={checkoutOrigin} title={t('frameTitle')} />
      ) : (
        <p>{t('missing')}</p>
      )}
    </main>
  );
}
