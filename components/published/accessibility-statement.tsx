/**
 * The accessibility statement as a page (Directive (EU) 2019/882, Annex V; EN 301 549 V3.2.1,
 * clause 9; WCAG 2.2 AA): the standard, the conformance status, what the browser tests checked
 * on each page (from published/accessibility.json, never written by hand), the known
 * limitations, and where to report a barrier (the merchant's `accessibilityContact`). A server
 * component: no client JavaScript; words in the page's locale.
 */
import { getFormatter, getTranslations } from 'next-intl/server';
import type { AccessibilityStatement as Statement } from '@/lib/published/accessibility-statement';

const cell = 'border border-line px-2 py-1 text-start align-top';
const code = 'font-mono text-sm break-all';

/** The known limitations, in the order the statement lists them (keys of `accessibilityStatement.limitations`). */
const LIMITATIONS = ['issuerChallenge', 'thirdPartyPages', 'automatedOnly', 'merchantContent'] as const;

/** Where a merchant takes reports: its contact (an https page or an email address), when it set one. */
export interface StatementMerchant {
  displayName: string;
  contact: string | null;
}

/** The statement of `statement` (null: none made for this server yet), for `merchant` when the address named one. */
export async function AccessibilityStatement({
  statement,
  runningBuild,
  merchant,
}: {
  statement: Statement | null;
  runningBuild: string | null;
  merchant: StatementMerchant | null;
}) {
  const t = await getTranslations('accessibilityStatement');
  const tp = await getTranslations('publishedPages');
  const format = await getFormatter();
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p>{t('scope')}</p>
      <section aria-labelledby="standard" className="space-y-2">
        <h2 id="standard" className="text-xl font-semibold">
          {t('standardHeading')}
        </h2>
        <p>{t('standard')}</p>
      </section>
      {statement === null ? (
        <p role="status" data-testid="statement-missing">
          {t('notMade')}
        </p>
      ) : (
        <>
          <section aria-labelledby="status" className="space-y-2">
            <h2 id="status" className="text-xl font-semibold">
              {t('statusHeading')}
            </h2>
            <p data-testid="statement-status">{t('status', { axeVersion: statement.axeVersion })}</p>
            <p data-testid="statement-provenance">
              {t('provenance', {
                date: format.dateTime(new Date(statement.testedAt), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
                build: statement.buildId ?? '—',
                commit: statement.commit ?? '—',
              })}
            </p>
            {runningBuild && statement.buildId && runningBuild !== statement.buildId ? (
              <p data-testid="statement-other-build">{t('otherBuild', { running: runningBuild })}</p>
            ) : null}
          </section>
          <section aria-labelledby="checked" className="space-y-2">
            <h2 id="checked" className="text-xl font-semibold">
              {t('checkedHeading')}
            </h2>
            <p data-testid="statement-totals">
              {t('totals', {
                checks: statement.totals.axeChecks,
                tests: statement.totals.tests,
                pages: statement.totals.pages,
                locales: statement.totals.locales.length,
                keyboard: statement.totals.keyboardTests,
              })}
            </p>
            <table className="w-full border-collapse">
              <caption className="text-start font-semibold">{t('tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={cell}>
                    {t('columns.page')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('columns.states')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('columns.languages')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('columns.withoutJavaScript')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('columns.keyboard')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {statement.pages.map((page) => (
                  <tr key={page.page} data-page={page.page}>
                    <th scope="row" className={cell}>
                      {page.required ? <span className="block">{tp(page.required as 'card')}</span> : null}
                      <code className={code} dir="ltr">
                        {page.page}
                      </code>
                    </th>
                    <td className={cell}>
                      <details>
                        <summary>{t('states', { count: page.axeChecks })}</summary>
                        <ul className="list-disc ps-6">
                          {page.states.map((state) => (
                            <li key={`${state.label}-${state.lang}-${state.javaScript}`} lang="en">
                              {state.label}
                            </li>
                          ))}
                        </ul>
                      </details>
                    </td>
                    <td className={cell}>
                      <span dir="ltr">{page.locales.join(', ')}</span>
                    </td>
                    <td className={cell}>{page.withoutJavaScript ? t('yes') : t('no')}</td>
                    <td className={cell}>{page.keyboard ? t('yes') : t('no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
      <section aria-labelledby="limitations" className="space-y-2">
        <h2 id="limitations" className="text-xl font-semibold">
          {t('limitationsHeading')}
        </h2>
        <ul className="list-disc space-y-2 ps-6">
          {LIMITATIONS.map((id) => (
            <li key={id}>{t(`limitations.${id}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="contact" className="space-y-2">
        <h2 id="contact" className="text-xl font-semibold">
          {t('contactHeading')}
        </h2>
        {merchant?.contact ? (
          <p data-testid="statement-contact">
            {t('contact', { merchant: merchant.displayName })}{' '}
            <a className="underline" href={merchant.contact.startsWith('https://') ? merchant.contact : `mailto:${merchant.contact}`}>
              {merchant.contact}
            </a>
          </p>
        ) : (
          <p data-testid="statement-contact">{t('noContact')}</p>
        )}
      </section>
    </main>
  );
}
