import { getTranslations } from 'next-intl/server';
import { checkoutUrl, sandboxEnabled, twinOrigin } from '@/lib/config';

/**
 * The landing page of the checkout origin: what it is, and where the embedded sandbox runs, the
 * first minute of a newcomer: pay a test pay-in, open a cashier or the withdrawal widget (one
 * press each, app/sandbox/try), the merchant console and the OpenAPI document. The widget's press
 * goes to the demo shop's origin, the checkout's twin (packages/sandbox/service/pages/demo-shop.ts),
 * which logs its customer in there and frames the widget through its own launch redirect.
 */
export default async function HomePage() {
  const t = await getTranslations('home');
  const shop = twinOrigin(new URL(checkoutUrl()).origin) ?? '';
  const tries = [
    ['payin', t('tryPayin')],
    ['cashier', t('tryCashier')],
    ['widget', t('tryWidget')],
  ] as const;
  return (
    <main className="mx-auto max-w-2xl space-y-4 px-4 py-10">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p>{t('intro')}</p>
      {sandboxEnabled() ? (
        <section aria-labelledby="try-heading" className="space-y-3">
          <h2 id="try-heading" className="text-lg font-semibold">
            {t('sandboxTitle')}
          </h2>
          <p>{t('tryIntro')}</p>
          <ul className="flex flex-wrap gap-3">
            {tries.map(([kind, label]) => (
              <li key={kind}>
                <form method="post" action={`${kind === 'widget' ? shop : ''}/sandbox/try/${kind}`}>
                  <button type="submit" className="min-h-11 rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary">
                    {label}
                  </button>
                </form>
              </li>
            ))}
          </ul>
          <p id="test-card">{t('testCard')}</p>
          <p>
            <a className="text-primary underline" href="/sandbox">
              {t('console')}
            </a>
          </p>
        </section>
      ) : null}
      <p>
        <a className="text-primary underline" href="/openapi.json">
          {t('apiDocument')}
        </a>
      </p>
    </main>
  );
}
