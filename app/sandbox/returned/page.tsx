import { getTranslations } from 'next-intl/server';

/** /sandbox/returned?result=…: the return URL of transactions the console creates. */
export default async function ReturnedPage(props: PageProps<'/sandbox/returned'>) {
  const t = await getTranslations('returned');
  const result = (await props.searchParams).result === 'success' ? 'success' : 'failure';
  return (
    <main className="mx-auto max-w-md space-y-3 px-4 py-8">
      <h1 className="text-xl font-semibold">{t('title')}</h1>
      <p role="status">{t(result)}</p>
      <a className="text-primary underline" href="/sandbox">
        {t('backToConsole')}
      </a>
    </main>
  );
}
