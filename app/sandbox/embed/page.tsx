import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { EmbedHost } from '@sandbox/components/console/embed-host';
import { checkoutUrl, sandboxEnabled } from '@/lib/config';

/**
 * /sandbox/embed?src=…: a merchant page served on the checkout's twin origin (localhost ↔
 * 127.0.0.1) that frames a hosted page, so the console shows real cross-origin embedding.
 */
export default async function EmbedPage(props: PageProps<'/sandbox/embed'>) {
  if (!sandboxEnabled()) notFound();
  const t = await getTranslations('embedHost');
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
