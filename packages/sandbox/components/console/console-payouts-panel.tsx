/** The sandbox console's payouts panel (console-view.tsx). */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { confirmPayoutAction, launchAction, rejectPayoutAction } from '@sandbox/service/pages/console-actions';
import { payoutActions } from '@sandbox/service/core/transitions';
import { small, type PanelProps } from './console-styles';

export async function PayoutsPanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const { token, overview } = props;
  const hidden = <input type="hidden" name="token" value={token} />;
  return (
    <section aria-labelledby="payouts-heading">
      <h2 id="payouts-heading" className="text-lg font-semibold">
        {t('payouts')}
      </h2>
      {overview.payouts.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <table className="mt-2 w-full text-start text-sm">
          <thead>
            <tr>
              <th scope="col">{t('id')}</th>
              <th scope="col">{t('value')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {overview.payouts.map((p) => (
              <tr key={p.id} data-payout={p.id} className="border-t border-line">
                <td className="py-1 font-mono">{p.id}</td>
                <td>
                  {p.value} {p.currency}
                </td>
                <td data-testid="status">{p.status}</td>
                <td className="flex flex-wrap gap-2 py-1">
                  {p.sessionId ? null : (
                    // Its destination page opens by a new launch address.
                    <form action={launchAction}>
                      {hidden}
                      <input type="hidden" name="payoutId" value={p.id} />
                      <input type="hidden" name="view" value="payout" />
                      <button className={small}>{t('open')}</button>
                    </form>
                  )}
                  {payoutActions(p.status).confirm ? (
                    <form action={confirmPayoutAction}>
                      {hidden}
                      <input type="hidden" name="payoutId" value={p.id} />
                      <button className={small}>{t('confirm')}</button>
                    </form>
                  ) : null}
                  {payoutActions(p.status).reject ? (
                    <form action={rejectPayoutAction}>
                      {hidden}
                      <input type="hidden" name="payoutId" value={p.id} />
                      <button className={small}>{t('reject')}</button>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
