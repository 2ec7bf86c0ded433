/** The sandbox console's payins panel (console-view.tsx). */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { refundAction } from '@sandbox/service/pages/console-store-actions';
import { payinActions } from '@sandbox/service/core/transitions';
import { small, type PanelProps, consoleHrefFor } from './console-styles';
import { ConsoleAmountForm, ConsolePanel, ConsoleTable } from './panel';
import type { ThreeDsResult } from '@hosted-checkout/contract/three-ds-outcome';

/**
 * A pay-in's 3-D Secure result as the API names it (a developer's view: the fields' own values),
 * e.g. "EXEMPTED LOW_VALUE · I · ECI 07 · liabilityShift false · refused SOFT_DECLINE".
 */
export function threeDsLine(result: ThreeDsResult | null): string {
  if (!result) return '';
  const kind = [result.outcome, result.exemption ?? result.outOfScope].filter(Boolean).join(' ');
  return [
    kind,
    result.transStatus ? `transStatus ${result.transStatus}${result.transStatusReason ? ` (${result.transStatusReason})` : ''}` : null,
    result.eci ? `ECI ${result.eci}` : null,
    `liabilityShift ${result.liabilityShift}`,
    result.requested ? `requested ${result.requested}` : null,
    result.refusedByIssuer ? `refusedByIssuer ${result.refusedByIssuer}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export async function PayinsPanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const { token, overview } = props;
  const consoleHref = (extra: Record<string, string>) => consoleHrefFor(token, extra);
  return (
    <ConsolePanel headingId="payins-heading" title={t('payins')}>
      <ConsoleTable
        className="mt-2 w-full text-start text-sm"
        headers={[t('id'), t('amount'), t('status'), t('threeDs'), t('actions')]}
        isEmpty={overview.payins.length === 0}
        empty={<p>{t('none')}</p>}
      >
        {overview.payins.map((p) => {
          const card = `${props.checkoutOrigin}/payments/payin/${p.id}/card`;
          return (
            <tr key={p.id} data-payin={p.id} className="border-t border-line align-top">
              <td className="py-1 font-mono">{p.id}</td>
              <td>
                {p.amount} {p.currency}
              </td>
              <td data-testid="status">{p.status}</td>
              <td data-testid="three-ds" className="text-xs">
                {threeDsLine(p.threeDs)}
              </td>
              <td className="flex flex-wrap gap-2 py-1">
                {p.integration === 'hosted' ? (
                  <>
                    <a className={small} href={card}>
                      {t('open')}
                    </a>
                    <a className={small} href={consoleHref({ embed: card })}>
                      {t('embed')}
                    </a>
                  </>
                ) : null}
                {payinActions(p.status).refund ? (
                  <ConsoleAmountForm
                    action={refundAction}
                    token={token}
                    name="payinId"
                    value={p.id}
                    id={`refund-${p.id}`}
                    label={t('refundAmount')}
                    field="amount"
                    inputClassName="block w-24 rounded-theme border border-control px-1"
                    submit={t('refund')}
                  />
                ) : null}
              </td>
            </tr>
          );
        })}
      </ConsoleTable>
    </ConsolePanel>
  );
}
