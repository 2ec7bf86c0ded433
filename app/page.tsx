import { getTranslations } from 'next-intl/server';

/** The landing page of the checkout origin: what it is and where the sandbox is. */
export default async function HomePage() {
  const t = await getTranslations('home');
  return (
    <main className="mx-auto max-w-2xl space-y-4 px-4 py-10">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p>{t('intro')}</p>
      <h2 className="text-lg font-semibold">{t('sandboxTitle')}</h2>
      <p>{t('sandboxIntro')}</p>
      <p>
        <a className="text-primary underline" href="/openapi.json">
          {t('apiDocument')}
        </a>
      </p>
    </main>
  );
}
