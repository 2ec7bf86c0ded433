/**
 * The reminders of responsible gambling: the reality check of the session, when its interval is
 * on (reality-check.tsx), and the six-monthly reminder to review one's limits and history (UKGC
 * RTS 12; review-reminder.tsx). Texts are resolved here; the client parts get them filled in.
 */
import { getTranslations } from 'next-intl/server';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { money } from '@/lib/checkout/cashier/format-money';
import { RealityCheck } from './reality-check';
import { ReviewReminderForm } from './review-reminder';
import type { PanelProps } from './panel-text';

/** The reality-check reminder of the session, when its interval is on. */
export async function RealityReminder({ session, rg, locale, merchantUrl }: PanelProps) {
  if (!rg.realityCheck.intervalMinutes) return null;
  const g = await getTranslations('responsibleGambling');
  const { deposited, withdrawn } = rg.realityCheck;
  return (
    <RealityCheck
      startedAt={rg.realityCheck.startedAt}
      intervalMinutes={rg.realityCheck.intervalMinutes}
      locale={locale}
      breakHref={merchantUrl ?? rg.help.url}
      text={{
        title: g('realityTitle'),
        time: g('realityTime', { duration: '{duration}' }),
        money: g('realityMoney', {
          deposited: money(deposited, session.currency, locale),
          withdrawn: money(withdrawn, session.currency, locale),
          net: money(deposited - withdrawn, session.currency, locale),
        }),
        continue: g('realityContinue'),
        takeBreak: g('realityBreak'),
      }}
    />
  );
}

/**
 * The six-monthly reminder to review one's limits and account history (UKGC RTS 12), when due:
 * links to the limits and to the history on this page, and a button that dismisses it until the
 * next six months (a server action: works without JavaScript).
 */
export async function ReviewReminder({ session, rg }: { session: CashierSession; rg: ResponsibleGambling }) {
  if (!rg.review) return null;
  const g = await getTranslations('responsibleGambling');
  return (
    <ReviewReminderForm
      sessionId={session.sessionId}
      text={{
        heading: g('reviewReminderHeading'),
        body: g('reviewReminderBody'),
        limits: g('reviewReminderLimits'),
        history: g('reviewReminderHistory'),
        dismiss: g('reviewReminderDismiss'),
        done: g('reviewReminderDone'),
        errors: { unavailable: g('errors.unavailable'), rejected: g('errors.rejected') },
      }}
    />
  );
}
