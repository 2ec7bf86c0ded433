/** Server-rendered parts of the cashier and the widget: branding, the session states, the transaction lists. */
import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import type { CashierTransaction } from '@/lib/checkout/cashier';
import type { CheckoutSettings } from '@/lib/contract/merchant';
import { formatMinor, toMinor } from '@/lib/money';
import { accessiblePrimary, parseHex } from '@/lib/theme/contrast';

/** An amount in major units, formatted for the locale. */
export const money = (amount: number, currency: string, locale: string) => formatMinor(toMinor(amount, currency) ?? 0, currency, locale);

/**
 * The merchant's primary colour as a CSS custom property, in a style element with the request's
 * nonce; a colour that would fail WCAG contrast on the white page is corrected, not applied as is.
 */
export async function BrandStyle({ settings }: { settings: CheckoutSettings }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  const color = parseHex(settings.theme.primaryColor) ? accessiblePrimary(settings.theme.primaryColor) : '#4338ca';
  return <style nonce={nonce}>{`:root{--brand:${color}}`}</style>;
}

export async function CashierMessage({ heading, body }: { heading: string; body: string }) {
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <h1 className="mb-3 text-xl font-semibold">{heading}</h1>
      <p role="status">{body}</p>
    </main>
  );
}

export async function TransactionList(props: { id: string; heading: string; empty: string; items: CashierTransaction[] }) {
  const t = await getTranslations('cashier');
  const locale = await getLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby={props.id} className="space-y-2">
      <h2 id={props.id} className="text-base font-semibold">
        {props.heading}
      </h2>
      {props.items.length === 0 ? (
        <p className="text-sm text-slate-700">{props.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-300">
          {props.items.map((item) => (
            <li key={item.id} data-transaction={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm">
              <span className="font-medium">{t(`kinds.${item.kind}`)}</span>
              <bdi className="font-medium">{money(item.amount, item.currency, locale)}</bdi>
              <span data-testid="status">{t.has(`statuses.${item.status}`) ? t(`statuses.${item.status}` as 'statuses.SUCCESS') : item.status}</span>
              <time dateTime={item.createdAt} className="basis-full text-slate-600">
                {date.format(new Date(item.createdAt))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
