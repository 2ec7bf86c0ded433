/**
 * The sandbox's own message catalogues: packages/sandbox/messages/<locale>.json, the namespaces
 * of its pages (acs, bank, console, embedHost, provider, returned, sandboxWallet), read in the
 * locale the request resolved (the product's request configuration decides it; next-intl's
 * `getLocale` hands it over). Server side only: the sandbox's client components are given their
 * texts as props.
 */
import { createTranslator } from 'next-intl';
import { getLocale, getTimeZone } from 'next-intl/server';
import type en from '../messages/en.json';

/** A catalogue of the sandbox: en's keys, which every locale has (lib/i18n/catalogues.test.ts). */
export type SandboxMessages = typeof en;
/** A namespace of the sandbox's catalogues. */
export type SandboxNamespace = keyof SandboxMessages;

/** The sandbox's catalogue of `locale` (one of the app's LOCALES, as `getLocale` answers). */
export async function sandboxMessages(locale: string): Promise<SandboxMessages> {
  return (await import(`../messages/${locale}.json`)).default as SandboxMessages;
}

/**
 * The sandbox's `getTranslations`: the translator of `namespace` of its catalogues, in the
 * request's locale and time zone. Keys and namespaces are typed from en's catalogue.
 */
export async function getSandboxTranslations<const N extends SandboxNamespace>(namespace: N) {
  const locale = await getLocale();
  return createTranslator({ locale, messages: await sandboxMessages(locale), namespace, timeZone: await getTimeZone() });
}
