import { getTranslations } from 'next-intl/server';

/** Shown when the payments service cannot be reached: nothing was charged; a safe retry. */
export async function ServiceUnavailable({ retryHref }: { retryHref: string }) {
  const t = await getTranslations('errors');
  return (
    <div role="alert" className="space-y-3 rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
      <p>{t('loadFailed')}</p>
      <a href={retryHref} className="inline-block rounded-md bg-indigo-700 px-4 py-2 font-semibold text-white focus:outline-none focus-visible:ring-4 focus-visible:ring-indigo-300">
        {t('retry')}
      </a>
    </div>
  );
}
