/**
 * The page of a merchant's site on the checkout's twin origin that frames a hosted page
 * (routes/embed, routes/shop): a hidden heading, and the framed `src` (EmbedHost, messages from
 * and to `checkoutOrigin`) or, without one, the `fallback` text.
 */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { EmbedHost } from './embed-host';

export async function EmbedHostPage(props: { src: string | null; checkoutOrigin: string; fallback: string }) {
  const t = await getSandboxTranslations('embedHost');
  return (
    <main className="p-2">
      <h1 className="sr-only">{t('title')}</h1>
      {props.src !== null ? (
        <EmbedHost src={props.src} checkoutOrigin={props.checkoutOrigin} consoleOrigin={props.checkoutOrigin} title={t('frameTitle')} />
      ) : (
        <p>{props.fallback}</p>
      )}
    </main>
  );
}
