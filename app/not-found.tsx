import { getTranslations } from 'next-intl/server';

/** 404 for unknown routes, transaction types and payment ids. */
export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <h1 className="mb-3 text-xl font-semibold">{t('heading')}</h1>
      <p>{t('body')}</p>
    </main>
  );
}
