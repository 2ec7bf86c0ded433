import { getSandboxTranslations } from '@sandbox/i18n/translations';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

/** /sandbox/returned?result=…: the return URL of transactions the console creates. */
export default async function ReturnedPage(props: SandboxPageProps) {
  const t = await getSandboxTranslations('returned');
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
