/**
 * The Test mode badge (as Stripe Checkout shows one): on every page whenever the hosted pages
 * run against a sandbox of the payments service (lib/config.ts `testMode`), so no customer and no
 * reviewer mistakes a sandbox deployment for a live one. Server component; colours are the
 * page's own text and background swapped, so its contrast is the theme's (AA in every theme).
 */
import { getTranslations } from 'next-intl/server';
import { testMode } from '@/lib/config';

export async function TestModeBadge() {
  if (!testMode()) return null;
  const t = await getTranslations('testMode');
  return (
    <aside aria-label={t('badge')} data-testid="test-mode" className="px-4 pt-2 text-center text-xs">
      <p>
        <strong className="inline-block rounded-full bg-fg px-2 py-0.5 font-semibold uppercase tracking-wide text-page">
          {t('badge')}
        </strong>{' '}
        <span className="text-fg-muted">{t('explanation')}</span>
      </p>
    </aside>
  );
}
