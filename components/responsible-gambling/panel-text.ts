/**
 * What the server parts of responsible gambling share (the panel, the limits prompt, the
 * exclusion notice, the reminders): the catalogue's translator, the props of a part, dates in
 * words.
 */
import type { getTranslations } from 'next-intl/server';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';

/** The `responsibleGambling` catalogue's translator. */
export type ResponsibleGamblingMessages = Awaited<ReturnType<typeof getTranslations<'responsibleGambling'>>>;

/** The props of a part rendered from the session's `responsibleGambling`. */
export interface PanelProps {
  session: CashierSession;
  rg: ResponsibleGambling;
  /** The page's language (numbers and dates). */
  locale: string;
  /** The merchant's own responsible gambling page, when it has one. */
  merchantUrl?: string;
}

/** A date and time in words, in UTC and saying so (the server does not know the customer's zone; `dateStyle` cannot name a zone). */
export const dateText = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso));
