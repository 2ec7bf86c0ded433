/** Paths of a pay-in's hosted pages, keeping an explicit `?locale=` from page to page. */

export type PayinPageKind = 'card' | 'status';

/** Href of a pay-in page: `/payments/payin/{id}/{kind}` plus `?locale=` when given. */
export function payinHref(kind: PayinPageKind, paymentId: string, locale: string): string {
  return `/payments/payin/${encodeURIComponent(paymentId)}/${kind}${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`;
}

/** The `?locale=` value when it looks like a BCP 47 language tag, else ''. */
export function localeParam(value: string | string[] | undefined | null): string {
  return typeof value === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value) ? value : '';
}
