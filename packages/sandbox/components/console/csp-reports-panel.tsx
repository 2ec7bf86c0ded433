/**
 * The console's panel of CSP violation reports received by this instance (lib/security/csp-reports.ts):
 * the total, per directive, and the latest ten (page path, directive, blocked origin and path).
 */
import { getTranslations } from 'next-intl/server';
import { cspViolationSummary } from '@/lib/security/csp-reports';

export async function CspReportsPanel() {
  const t = await getTranslations('console');
  const summary = cspViolationSummary();
  return (
    <section aria-labelledby="csp-reports" className="space-y-2">
      <h2 id="csp-reports" className="text-lg font-semibold">
        {t('cspTitle')}
      </h2>
      <p className="text-sm text-fg-muted">{t('cspIntro')}</p>
      <p data-testid="csp-total">{t('cspTotal', { count: summary.total })}</p>
      {summary.recent.length > 0 ? (
        <table className="w-full text-start text-sm">
          <thead>
            <tr>
              <th scope="col">{t('cspPage')}</th>
              <th scope="col">{t('cspDirective')}</th>
              <th scope="col">{t('cspBlocked')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.recent.map((v) => (
              <tr key={`${v.at}-${v.page}-${v.blocked}`} className="border-t border-line align-top">
                <td className="py-1 font-mono break-all">{v.page}</td>
                <td className="font-mono">{v.directive}</td>
                <td className="font-mono break-all">{v.blocked}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
