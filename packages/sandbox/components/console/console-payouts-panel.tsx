/** The sandbox console's payouts panel (console-view.tsx). */
import type { ReactNode } from 'react';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { confirmPayoutAction, launchAction, rejectPayoutAction } from '@sandbox/service/pages/console-actions';
import { payoutActions } from '@sandbox/service/core/transitions';
import { small, type PanelProps } from './console-styles';
import { ConsolePanel, ConsoleTable, TokenForm } from './panel';

export async function PayoutsPanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const { token, overview } = props;
  return (
    <ConsolePanel headingId="payouts-heading" title={t('payouts')}>
      <ConsoleTable
        className="mt-2 w-full text-start text-sm"
        headers={[t('id'), t('value'), t('status'), t('actions')]}
        isEmpty={overview.payouts.length === 0}
        empty={<p>{t('none')}</p>}
      >
        {overview.payouts.map((p) => {
          const allowed = payoutActions(p.status);
          /** A form posting this payout's id to `action` under a button of `label`. */
          const payoutForm = (action: (data: FormData) => Promise<void>, label: string, extra?: ReactNode) => (
            <TokenForm action={action} token={token} name="payoutId" value={p.id}>
              {extra}
              <button className={small}>{label}</button>
            </TokenForm>
          );
          return (
            <tr key={p.id} data-payout={p.id} className="border-t border-line">
              <td className="py-1 font-mono">{p.id}</td>
              <td>
                {p.value} {p.currency}
              </td>
              <td data-testid="status">{p.status}</td>
              <td className="flex flex-wrap gap-2 py-1">
                {/* Its destination page opens by a new launch address. */}
                {p.sessionId ? null : payoutForm(launchAction, t('open'), <input type="hidden" name="view" value="payout" />)}
                {allowed.confirm ? payoutForm(confirmPayoutAction, t('confirm')) : null}
                {allowed.reject ? payoutForm(rejectPayoutAction, t('reject')) : null}
              </td>
            </tr>
          );
        })}
      </ConsoleTable>
    </ConsolePanel>
  );
}
