/**
 * `next-intl/server` for unit tests outside a Next.js request: `getLocale` and `getTranslations`
 * over the real catalogues (messages/*.json), in one locale: a test's `vi.mock` of
 * `next-intl/server` answers `intlServer('en')` from this module, imported in its factory.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTranslator } from 'use-intl/core';

/** The module's two functions, answering in `locale` from its catalogue. */
export function intlServer(locale: string) {
  const messages = JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as Record<string, unknown>;
  return {
    getLocale: async () => locale,
    getTranslations: async (namespace?: string) => createTranslator({ locale, messages: messages as never, namespace: namespace as never }),
  };
}
