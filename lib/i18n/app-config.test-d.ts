/**
 * Type test of the typed messages (lib/i18n/app-config.ts), checked by `tsc` and never run: a key
 * or namespace that messages/en.json does not have fails the type check. Should the typing be lost
 * (the augmentation gone, keys typed as any string), each `@ts-expect-error` below is unused and
 * fails `tsc` instead.
 */
import type { useTranslations } from 'next-intl';
import type { getTranslations } from 'next-intl/server';

declare const cashier: ReturnType<typeof useTranslations<'cashier'>>;
declare const card: Awaited<ReturnType<typeof getTranslations<'card'>>>;

cashier('frameTitle');
cashier('statuses.SUCCESS');
card('challengeTitle');

// @ts-expect-error: a misspelled key
cashier('frameTitel');
// @ts-expect-error: a key of another namespace
card('frameTitle');
// @ts-expect-error: a key the catalogue does not have, built at run time
cashier.has(`statuses.${String(Date.now())}`);
