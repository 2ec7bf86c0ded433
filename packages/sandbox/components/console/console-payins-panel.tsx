/** The sandbox console's payins panel (console-view.tsx). */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { refundAction } from '@sandbox/service/pages/console-store-actions';
import { payinActions } from '@sandbox/service/core/transitions';
import { small, type PanelProps, consoleHrefFor } from './console-styles';

export async function PayinsPanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const { token, overview } = props;
  const hidden = <input type="hidden" name="token" value={token} />;
  const consoleHref = (extra: Record<string, string>) => consoleHrefFor(token, extra);
  return (
    <section aria-labelledby="payins-heading">
      <h2 id="payins-heading" className="text-lg font-semibold">
        {t('payins')}
      </h2>
      {overview.payins.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <table className="mt-2 w-full text-start text-sm">
          <thead>
            <tr>
              <th scope="col">{t('id')}</th>
              <th scope="col">{t('amount')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {overview.payins.map((p) => {
              const card = `${props.checkoutOrigin}/payments/payin/${p.id}/card`;
              return (
                <tr key={p.id} data-payin={p.id} className="border-t border-line align-top">
                  <td className="py-1 font-mono">{p.id}</td>
                  <td>
                    {p.amount} {p.currency}
                  </td>
                  <td data-testid="status">{p.status}</td>
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
                      <form action={refundAction} className="flex items-end gap-1">
                        {hidden}
                        <input type="hidden" name="payinId" value={p.id} />
                        <label htmlFor={`refund-${p.id}`} className="text-xs">
                          {t('refundAmount')}
                          <input
                            id={`refund-${p.id}`}
                            name="amount"
                            inputMode="decimal"
                            className="block w-24 rounded-theme border border-control px-1"
                          />
                        </label>
                        <button className={small}>{t('refund')}</button>
                      </form>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
