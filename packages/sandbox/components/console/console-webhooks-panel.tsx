/** The sandbox console's webhooks panel (console-view.tsx): the URL, the secret and the deliveries (console-deliveries.tsx). */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { setWebhookUrlAction } from '@sandbox/service/pages/console-store-actions';
import { button, field, type PanelProps } from './console-styles';
import { ConsolePanel, TokenForm } from './panel';
import { DeliveriesTable, DeliveryFilterForm } from './console-deliveries';

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
      <DeliveryFilterForm token={token} overview={overview} t={t} />
      <DeliveriesTable token={token} overview={overview} t={t} />
    </ConsolePanel>
  );
}
