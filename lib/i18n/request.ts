/** next-intl request configuration: the locale from what proxy.ts hands over (query, merchant default) and its catalogue. */
import { getRequestConfig } from 'next-intl/server';
import { headers } from 'next/headers';
import { LOCALE_HEADER, MERCHANT_LOCALE_HEADER, resolveLocale } from '@hosted-checkout/contract/locales';

export default getRequestConfig(async () => {
  const h = await headers();
  const locale = resolveLocale(h.get(LOCALE_HEADER), h.get('accept-language'), h.get(MERCHANT_LOCALE_HEADER));
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
