/**
 * `next-intl/server` for unit tests outside a Next.js request: `getLocale` and `getTranslations`
 * over the real catalogues (messages/*.json), in one locale. Use as
 * `vi.mock('next-intl/server', async () => (await import('@/lib/testing/intl-server')).intlServer('en'))`.
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
