/**
 * The Test mode badge (as Stripe Checkout shows one): on every page whenever the hosted pages
 * run against a sandbox of the payments service (lib/config.ts `testMode`), so no customer and no
 * reviewer mistakes a sandbox deployment for a live one. One badge on the screen: a page framed
 * by one of our own documents (the cashier's frame of the card page, the card page's or the
 * cashier's frame of the sandbox's ACS) draws none, the page around it has one
 * (lib/framing/own-frame.ts, TopDocumentOnly). Server component; colours are the page's own text
 * and background swapped, so its contrast is the theme's (AA in every theme).
 */
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { testMode } from '@/lib/config';
import { requestFramedByOwnOrigin } from '@/lib/framing/own-frame';
import { TopDocumentOnly } from './top-document-only';

export async function TestModeBadge() {
  if (!testMode()) return null;
  const t = await getTranslations('testMode');
  const request = await headers();
  return (
    <TopDocumentOnly framedOnServer={requestFramedByOwnOrigin((name) => request.get(name))}>
      <aside aria-label={t('badge')} data-testid="test-mode" className="px-4 pt-2 text-center text-xs">
        <p>
          <strong className="inline-block rounded-full bg-fg px-2 py-0.5 font-semibold uppercase tracking-wide text-page">
            {t('badge')}
          </strong>{' '}
          <span className="text-fg-muted">{t('explanation')}</span>
        </p>
      </aside>
    </TopDocumentOnly>
  );
}
