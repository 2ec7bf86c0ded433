/** The sandbox console's webhooks panel (console-view.tsx). */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { resendDeliveryAction, setWebhookUrlAction } from '@sandbox/service/pages/console-store-actions';
import { button, field, type PanelProps } from './console-styles';
import { ConsolePanel, ConsoleTable, TokenForm } from './panel';

export async function WebhooksPanel(props: PanelProps) {
  const t = await getSandboxTranslations('console');
  const { token, overview } = props;
  return (
    <ConsolePanel headingId="webhooks-heading" title={t('webhooks')} className="space-y-3">
      <TokenForm action={setWebhookUrlAction} token={token} className="flex flex-wrap items-end gap-2">
        <label htmlFor="webhook-url" className="block text-sm font-medium">
          {t('webhookUrl')}
          <input id="webhook-url" name="webhookUrl" defaultValue={overview.webhookUrl ?? ''} className={`${field} min-w-80`} />
        </label>
        <button className={button}>{t('save')}</button>
      </TokenForm>
      <p className="text-sm break-all text-fg-muted">{t('webhookSecret', { secret: overview.webhookSecret })}</p>
      <p className="text-sm text-fg-muted">{t('standardWebhooks')}</p>
      <h3 className="font-semibold">{t('deliveries')}</h3>
      <ConsoleTable
        headers={[
          t('event'),
          t('transaction'),
          t('attempts'),
          t('status'),
          <span key="resend" className="sr-only">
            {t('resend')}
          </span>,
        ]}
        isEmpty={overview.deliveries.length === 0}
        empty={<p>{t('none')}</p>}
      >
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
              <TokenForm action={resendDeliveryAction} token={token} name="deliveryId" value={d.id}>
                <button className="underline" aria-label={t('resendDelivery', { id: d.id })}>
                  {t('resend')}
                </button>
              </TokenForm>
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </ConsolePanel>
  );
}
