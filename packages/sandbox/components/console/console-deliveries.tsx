/**
 * The sandbox console's webhook deliveries (console-webhooks-panel.tsx): a filter by event type,
 * a GET form on the console's own address (`eventType`), so it works without JavaScript; and the
 * table of deliveries, each with how many times it was sent and what each attempt got.
 */
import type { createTranslator } from 'next-intl';
import type { SandboxMessages } from '@sandbox/i18n/translations';
import { resendDeliveryAction } from '@sandbox/service/pages/console-store-actions';
import { field, small, type PanelProps } from './console-styles';
import { ConsoleTable, TokenForm } from './panel';

/** The translator of the console's namespace, as getSandboxTranslations('console') answers it. */
export type ConsoleTranslator = ReturnType<typeof createTranslator<SandboxMessages, 'console'>>;

type Overview = PanelProps['overview'];

/** The event type filter: the merchant's event types with their counts, the chosen one selected. */
export function DeliveryFilterForm(props: { token: string; overview: Overview; t: ConsoleTranslator }) {
  const { token, overview, t } = props;
  if (overview.deliveryTypes.length === 0) return null;
  return (
    <form method="get" action="/sandbox#webhooks-heading" className="flex flex-wrap items-end gap-2" role="search">
      <input type="hidden" name="token" value={token} />
      <label htmlFor="delivery-event-type" className="block text-sm font-medium">
        {t('eventTypeFilter')}
        <select id="delivery-event-type" name="eventType" defaultValue={overview.deliveryFilter} className={field}>
          <option value="">{t('allEventTypes')}</option>
          {overview.deliveryTypes.map((d) => (
            <option key={d.eventType} value={d.eventType}>
              {t('eventTypeOption', { eventType: d.eventType, count: d.count })}
            </option>
          ))}
        </select>
      </label>
      <button className={small}>{t('filter')}</button>
    </form>
  );
}

/** The deliveries listed (the newest, of the filter's event type when one is chosen), each resendable. */
export function DeliveriesTable(props: { token: string; overview: Overview; t: ConsoleTranslator }) {
  const { token, overview, t } = props;
  return (
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
        <tr key={d.id} data-delivery={d.transactionId} data-event-type={d.eventType} className="border-t border-line align-top">
          <td className="py-1">
            <details>
              <summary>
                {d.channel} {d.eventType}
              </summary>
              <pre className="max-w-xl overflow-auto text-xs whitespace-pre-wrap">{d.body}</pre>
            </details>
          </td>
          <td className="font-mono">{d.transactionId}</td>
          <td data-attempts={d.attempts}>
            {d.attempts}
            {d.outcomes.length > 0 ? (
              <span className="block text-xs text-fg-muted">{t('attemptOutcomes', { outcomes: d.outcomes.join(', ') })}</span>
            ) : null}
          </td>
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
  );
}
