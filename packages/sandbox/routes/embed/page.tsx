import { notFound } from 'next/navigation';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { EmbedHostPage } from '@sandbox/components/console/embed-host-page';
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
  return <EmbedHostPage src={valid ? src : null} checkoutOrigin={checkoutOrigin} fallback={t('missing')} />;
}
