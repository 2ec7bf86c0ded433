import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import {
  COOKIES,
  DEFAULT_GOOGLE_PAY_SCRIPT_URL,
  INVENTORY_PAGES,
  STORAGE_KEYS,
  type InventoryPage,
  type InventoryRequest,
} from '@/lib/checkout/shared/privacy-inventory';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('privacyInventory'))('title') };
}

type Translate = Awaited<ReturnType<typeof getTranslations<'privacyInventory'>>>;

const cell = 'border border-line px-2 py-1 text-start align-top';
const code = 'font-mono text-sm break-all';

/** Where a request goes, in words and the path (a setting's name for what the merchant chooses). */
function address(t: Translate, request: InventoryRequest) {
  if (request.origin === 'checkout')
    return (
      <>
        {t('ownOrigin')} <code className={code}>{`${request.path}${request.query ? `?${request.query}=…` : ''}`}</code>
      </>
    );
  return (
    <>
      {t('merchantSetting')} <code className={code}>{request.path}</code>
    </>
  );
}

/** One page's three tables: requests, cookies, storage. */
function PageTables({ t, page }: { t: Translate; page: InventoryPage }) {
  const cookies = COOKIES.filter((c) => page.cookies.includes(c.id));
  const storage = STORAGE_KEYS.filter((s) => page.storage.includes(s.id));
  const heading = `page-${page.id}`;
  return (
    <section aria-labelledby={heading} className="space-y-3">
      <h2 id={heading} className="text-xl font-semibold">
        {t(`pages.${page.id}`)} <code className={code}>{page.path}</code>
      </h2>
      <table className="w-full border-collapse">
        <caption className="text-start font-semibold">{t('requestsHeading')}</caption>
        <thead>
          <tr>
            <th scope="col" className={cell}>
              {t('columns.method')}
            </th>
            <th scope="col" className={cell}>
              {t('columns.address')}
            </th>
            <th scope="col" className={cell}>
              {t('columns.everyLoad')}
            </th>
            <th scope="col" className={cell}>
              {t('columns.purpose')}
            </th>
          </tr>
        </thead>
        <tbody>
          {page.requests.map((request) => (
            <tr key={`${request.id}-${request.method}-${request.path}${request.query ?? ''}`}>
              <td className={cell}>{request.method}</td>
              <td className={cell}>{address(t, request)}</td>
              <td className={cell}>{request.everyLoad ? t('yes') : t('no')}</td>
              <td className={cell}>
                {request.id === 'googlePay'
                  ? t('requests.googlePay', { url: DEFAULT_GOOGLE_PAY_SCRIPT_URL })
                  : t(`requests.${request.id}` as 'requests.document')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {cookies.length === 0 ? (
        <p>
          <strong>{t('cookiesHeading')}:</strong> {t('noCookies')}
        </p>
      ) : (
        <table className="w-full border-collapse">
          <caption className="text-start font-semibold">{t('cookiesHeading')}</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                {t('columns.name')}
              </th>
              <th scope="col" className={cell}>
                {t('columns.setBy')}
              </th>
              <th scope="col" className={cell}>
                {t('columns.lifetime')}
              </th>
              <th scope="col" className={cell}>
                {t('columns.attributes')}
              </th>
              <th scope="col" className={cell}>
                {t('columns.purpose')}
              </th>
            </tr>
          </thead>
          <tbody>
            {cookies.map((cookie) => (
              <tr key={cookie.id}>
                <td className={cell}>
                  <code className={code}>{cookie.name}</code>
                  <br />
                  {t('loopbackName', { name: cookie.loopbackName })}
                </td>
                <td className={cell}>
                  <code className={code}>{cookie.setBy}</code>
                </td>
                <td className={cell}>{t('days', { days: cookie.maxAgeSeconds / 86_400 })}</td>
                <td className={cell}>
                  <code className={code}>{cookie.attributes.join('; ')}</code>
                </td>
                <td className={cell}>{t(`cookies.${cookie.id}` as 'cookies.holder')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className="w-full border-collapse">
        <caption className="text-start font-semibold">{t('storageHeading')}</caption>
        <thead>
          <tr>
            <th scope="col" className={cell}>
              {t('columns.area')}
            </th>
            <th scope="col" className={cell}>
              {t('columns.key')}
            </th>
            <th scope="col" className={cell}>
              {t('columns.purpose')}
            </th>
          </tr>
        </thead>
        <tbody>
          {storage.map((entry) => (
            <tr key={entry.id}>
              <td className={cell}>
                <code className={code}>{entry.area}</code>
              </td>
              <td className={cell}>
                <code className={code}>{entry.key}</code>
              </td>
              <td className={cell}>{t(`storage.${entry.id}` as 'storage.parentOrigin')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * /privacy-inventory: what each payment page (card, APM, cashier, widget) asks of the customer's
 * browser before the customer acts, from the declared inventory
 * (lib/checkout/shared/privacy-inventory.ts), which e2e/privacy-inventory.spec.ts holds to what a
 * browser records. A server component: no client JavaScript of its own; words in the page's locale.
 */
export default async function PrivacyInventoryPage() {
  const t = await getTranslations('privacyInventory');
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p>{t('intro')}</p>
      <ul className="list-disc space-y-2 ps-6">
        <li data-testid="no-third-party">{t('noThirdParty')}</li>
        <li>{t('cookiesStatement')}</li>
        <li>{t('storageStatement')}</li>
        <li>{t('outside')}</li>
      </ul>
      {INVENTORY_PAGES.map((page) => (
        <PageTables key={page.id} t={t} page={page} />
      ))}
    </main>
  );
}
