/** The cashier's history: a server-rendered list of the session's transactions (with its heading, or alone for the history loaded when opened). */
import { getLocale, getTranslations } from 'next-intl/server';
import type { Messages } from 'next-intl';
import type { CashierTransaction } from '@/lib/checkout/cashier/load-cashier';
import { money } from '@/lib/checkout/cashier/format-money';

/**
 * The catalogue key of a transaction's status (`cashier.statuses`), as the typed messages name it
 * (lib/i18n/app-config.ts). The service may answer a status the catalogue does not word: `t.has`
 * asks first, and such a status is shown as the service spells it.
 */
const statusKey = (status: string) => `statuses.${status}` as `statuses.${keyof Messages['cashier']['statuses']}`;

/**
 * A titled list of transactions (kind, amount, status or "cancelled by you" or, for a withdrawal
 * released without its destination, "not finished in time", fee, date and time
 * in the page's language); `id` is the heading's id, `empty` the text shown for no items.
 * Amounts are major units of each item's currency.
 */
export async function TransactionList(props: { id: string; heading: string; empty: string; items: CashierTransaction[] }) {
  return (
    <section aria-labelledby={props.id} className="space-y-2">
      <h2 id={props.id} className="text-base font-semibold">
        {props.heading}
      </h2>
      <TransactionItems empty={props.empty} items={props.items} />
    </section>
  );
}

/** The list of transactions alone (or `empty`, for none): the history a cashier loads when it is opened. */
export async function TransactionItems(props: { empty: string; items: CashierTransaction[] }) {
  const t = await getTranslations('cashier');
  const locale = await getLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      {props.items.length === 0 ? (
        <p className="text-sm text-fg-muted">{props.empty}</p>
      ) : (
        <ul className="divide-y divide-line rounded-theme border border-line">
          {props.items.map((item) => (
            <li
              key={item.id}
              data-transaction={item.id}
              className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm"
            >
              <span className="font-medium">{t(`kinds.${item.type}`)}</span>
              <bdi className="font-medium">{money(item.amount, item.currency, locale)}</bdi>
              <span data-testid="status">
                {item.statusReason === 'CUSTOMER_CANCELLED'
                  ? t('cancelledByYou')
                  : item.type === 'payout' && item.status === 'REJECTED' && item.statusReason === 'TRANSACTION_TIMEOUT'
                    ? t('releasedUnfinished')
                    : t.has(statusKey(item.status))
                      ? t(statusKey(item.status))
                      : item.status}
              </span>
              {item.fee ? (
                <span data-testid="fee" className="text-fg-muted">
                  {t('feeShort', { amount: money(item.fee, item.currency, locale) })}
                </span>
              ) : null}
              <time dateTime={item.createdAt} className="basis-full text-fg-muted">
                {date.format(new Date(item.createdAt))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
