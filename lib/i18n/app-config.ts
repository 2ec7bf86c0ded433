/**
 * next-intl's typed messages (its "TypeScript augmentation", AppConfig `Messages`): the keys and
 * namespaces of `getTranslations`, `useTranslations` and `t.has` are those of messages/en.json,
 * the catalogue every locale mirrors (lib/i18n/catalogues.test.ts). A misspelled key, or a key
 * built from a string the type system cannot narrow to the catalogue's, fails `tsc`
 * (lib/i18n/app-config.test-d.ts keeps the typing from being lost). The sandbox's catalogues are
 * typed the same way by their own translator (packages/sandbox/i18n/translations.ts).
 */
import type en from '../../messages/en.json';

declare module 'next-intl' {
  interface AppConfig {
    Messages: typeof en;
  }
}
