/**
 * Locales of the hosted pages and how a request picks one: `?locale=` first, then
 * Accept-Language (RFC 9110 §12.5.4), then the default.
 */
import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';

/** Locales with a complete catalogue in messages/ (a test holds every one to en's keys). */
export const LOCALES = ['en', 'de', 'es', 'fr', 'it', 'pt-BR', 'ja', 'ko', 'zh-CN', 'ru', 'uk', 'pl', 'tr', 'hi', 'ar', 'he'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'en';
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

/** Request header through which proxy.ts hands the resolved locale to the pages. */
export const LOCALE_HEADER = 'x-checkout-locale';

/**
 * Where a requested language goes before matching: Portuguese is served in pt-BR, Swiss French
 * in fr; each applies once its target catalogue exists (design brief: issue "Languages").
 */
const FALLBACKS: Record<string, string> = { pt: 'pt-BR', 'pt-PT': 'pt-BR', 'fr-CH': 'fr' };

function bestOf(requested: string[]): AppLocale {
  const mapped = requested.map((tag) => FALLBACKS[tag] ?? FALLBACKS[tag.split('-')[0] ?? ''] ?? tag);
  try {
    return match(mapped, LOCALES as unknown as string[], DEFAULT_LOCALE) as AppLocale;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The locale for a query parameter value (may be null) and an Accept-Language header. */
export function resolveLocale(queryLocale: string | null, acceptLanguage: string | null): AppLocale {
  if (queryLocale && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(queryLocale)) {
    const fromQuery = bestOf([queryLocale]);
    if (fromQuery !== DEFAULT_LOCALE || queryLocale.toLowerCase().startsWith(DEFAULT_LOCALE)) return fromQuery;
  }
  const languages = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).languages();
  return bestOf(languages.filter((l) => l !== '*'));
}

/** Text direction of a locale. */
export const directionOf = (locale: string): 'ltr' | 'rtl' => (RTL_LANGUAGES.has(locale.split('-')[0] ?? '') ? 'rtl' : 'ltr');
