/** Paths of a transaction's hosted pages, keeping an explicit `?locale=` from page to page. */
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

export type PaymentPageKind = 'card' | 'apm' | 'status';

/** Href of a payment page: `/payments/{type}/{id}/{page}` plus `?locale=` when given. */
export function paymentHref(
  type: CheckoutTransactionType,
  page: PaymentPageKind,
  paymentId: string,
  locale: string,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ ...(locale ? { locale } : {}), ...extra }).toString();
  return `/payments/${type}/${encodeURIComponent(paymentId)}/${page}${query ? `?${query}` : ''}`;
}

/** The `?locale=` value when it looks like a BCP 47 language tag, else ''. */
export function localeParam(value: string | string[] | undefined | null): string {
  return typeof value === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value) ? value : '';
}
