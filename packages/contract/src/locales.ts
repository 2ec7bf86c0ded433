/**
 * Locales of the hosted pages and how a request picks one: `?locale=` first, then
 * Accept-Language (RFC 9110 §12.5.4), then the merchant's default (checkout settings' `defaultLocale`),
 * then `en`.
 */
import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';

/** Locales with a complete catalogue in messages/ (a test holds every one to en's keys). */
export const LOCALES = ['en', 'de', 'es', 'fr', 'it', 'pt-BR', 'ja', 'ko', 'zh-CN', 'ru', 'uk', 'pl', 'tr', 'hi', 'ar', 'he'] as const;
type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'en';
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

/** Request header through which proxy.ts hands the `?locale=` value to the pages. */
export const LOCALE_HEADER = 'x-checkout-locale';
/** Request header through which proxy.ts hands the merchant's default locale (from its checkout settings) to the pages. */
export const MERCHANT_LOCALE_HEADER = 'x-checkout-merchant-locale';

const TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * Where a requested language goes before matching: Portuguese is served in pt-BR, Swiss French
 * in fr; each applies once its target catalogue exists (the issue "Languages").
 */
const FALLBACKS: Record<string, string> = { pt: 'pt-BR', 'pt-PT': 'pt-BR', 'fr-CH': 'fr' };

/** The best catalogue for the requested tags, or null when none has one. */
function bestOf(requested: string[]): AppLocale | null {
  const mapped = requested.filter((tag) => TAG.test(tag)).map((tag) => FALLBACKS[tag] ?? FALLBACKS[tag.split('-')[0] ?? ''] ?? tag);
  if (mapped.length === 0) return null;
  try {
    const found = match(mapped, LOCALES as unknown as string[], DEFAULT_LOCALE) as AppLocale;
    // `match` answers the default when nothing matched: tell that apart from a request for English.
    return found !== DEFAULT_LOCALE || mapped.some((tag) => tag.toLowerCase().split('-')[0] === DEFAULT_LOCALE) ? found : null;
  } catch {
    return null;
  }
}

/**
 * The locale for a `?locale=` value, an Accept-Language header and the merchant's default
 * locale (each may be null); a value that names no catalogue is passed over, never an error.
 */
export function resolveLocale(queryLocale: string | null, acceptLanguage: string | null, merchantLocale: string | null = null): AppLocale {
  const languages = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).languages().filter((l) => l !== '*');
  return (
    (queryLocale ? bestOf([queryLocale]) : null) ??
    bestOf(languages) ??
    (merchantLocale ? bestOf([merchantLocale]) : null) ??
    DEFAULT_LOCALE
  );
}

/** Text direction of a locale. */
export const directionOf = (locale: string): 'ltr' | 'rtl' => (RTL_LANGUAGES.has(locale.split('-')[0] ?? '') ? 'rtl' : 'ltr');
