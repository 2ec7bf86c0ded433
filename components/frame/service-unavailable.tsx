import { getTranslations } from 'next-intl/server';

/** Shown when the payments service cannot be reached: nothing was charged; a safe retry. */
export async function ServiceUnavailable({ retryHref }: { retryHref: string }) {
  const t = await getTranslations('errors');
  return (
    <div role="alert" className="space-y-3 rounded-theme border border-danger bg-danger-soft p-4 text-danger">
      <p>{t('loadFailed')}</p>
      <a href={retryHref} className="inline-block rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary">
        {t('retry')}
      </a>
    </div>
  );
}
