/** The sandbox console's webhooks panel (console-view.tsx). */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { resendDeliveryAction, setWebhookUrlAction } from '@sandbox/service/pages/console-store-actions';
import { button, field, type PanelProps } from './console-styles';

export async function WebhooksPanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const { token, overview } = props;
  const hidden = <input type="hidden" name="token" value={token} />;
  return (
    <section aria-labelledby="webhooks-heading" className="space-y-3">
      <h2 id="webhooks-heading" className="text-lg font-semibold">
        {t('webhooks')}
      </h2>
      <form action={setWebhookUrlAction} className="flex flex-wrap items-end gap-2">
        {hidden}
        <label htmlFor="webhook-url" className="block text-sm font-medium">
          {t('webhookUrl')}
          <input id="webhook-url" name="webhookUrl" defaultValue={overview.webhookUrl ?? ''} className={`${field} min-w-80`} />
        </label>
        <button className={button}>{t('save')}</button>
      </form>
      <p className="text-sm break-all text-fg-muted">{t('webhookSecret', { secret: overview.webhookSecret })}</p>
      <p className="text-sm text-fg-muted">{t('standardWebhooks')}</p>
      <h3 className="font-semibold">{t('deliveries')}</h3>
      {overview.deliveries.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <table className="w-full text-start text-sm">
          <thead>
            <tr>
              <th scope="col">{t('event')}</th>
              <th scope="col">{t('transaction')}</th>
              <th scope="col">{t('attempts')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">
                <span className="sr-only">{t('resend')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.deliveries.map((d) => (
              <tr key={d.id} data-delivery={d.transactionId} className="border-t border-line align-top">
                <td className="py-1">
                  <details>
                    <summary>
                      {d.channel} {d.eventType}
                    </summary>
                    <pre className="max-w-xl overflow-auto text-xs whitespace-pre-wrap">{d.body}</pre>
                  </details>
                </td>
                <td className="font-mono">{d.transactionId}</td>
                <td>{d.attempts.join(', ')}</td>
                <td>{d.delivered ? t('delivered') : t('pending')}</td>
                <td>
                  <form action={resendDeliveryAction}>
                    {hidden}
                    <input type="hidden" name="deliveryId" value={d.id} />
                    <button className="underline" aria-label={t('resendDelivery', { id: d.id })}>
                      {t('resend')}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
