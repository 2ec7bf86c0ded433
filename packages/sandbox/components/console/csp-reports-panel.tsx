/**
 * The console's panel of CSP violation reports received by this instance: the checkout's pages'
 * (collected by the checkout, lib/security/csp-reports.ts, and handed to the console by its mount,
 * packages/sandbox/routes/page.tsx): the total and the latest ten (page path, directive, blocked origin and path).
 */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { ConsolePanel, ConsoleTable } from './panel';

/** The reports as the checkout counts them: the total, and the latest (newest first). */
export interface CspReportsSummary {
  total: number;
  recent: { at: string; page: string; directive: string; blocked: string }[];
}

/** The panel of `summary`. */
export async function CspReportsPanel({ summary }: { summary: CspReportsSummary }) {
  const t = await getSandboxTranslations('console');
  return (
    <ConsolePanel headingId="csp-reports" title={t('cspTitle')} className="space-y-2">
      <p className="text-sm text-fg-muted">{t('cspIntro')}</p>
      <p data-testid="csp-total">{t('cspTotal', { count: summary.total })}</p>
      <ConsoleTable headers={[t('cspPage'), t('cspDirective'), t('cspBlocked')]} isEmpty={summary.recent.length === 0} empty={null}>
        {summary.recent.map((v) => (
          <tr key={`${v.at}-${v.page}-${v.blocked}`} className="border-t border-line align-top">
            <td className="py-1 font-mono break-all">{v.page}</td>
            <td className="font-mono">{v.directive}</td>
            <td className="font-mono break-all">{v.blocked}</td>
          </tr>
        ))}
      </ConsoleTable>
    </ConsolePanel>
  );
}
