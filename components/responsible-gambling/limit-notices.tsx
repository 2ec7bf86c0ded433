/**
 * The notices of a share of a limit reached (docs/design.md, section 8: the KSA's 50 % and 100 %),
 * rendered on the server from the session (no script needed): per deposit limit of the customer
 * (`depositLimits`: the limit and what is left) and for the Kansspelautoriteit's net deposit
 * threshold of the calendar month (`responsibleGambling.netDepositThreshold`). At 100 % the notice
 * says deposits are closed and links the national self-exclusion scheme (CRUKS) and help line.
 * Nothing shows where the rules name no share (`limitNoticePercent`).
 */
import { getTranslations } from 'next-intl/server';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { limitNotice } from '@hosted-checkout/contract/responsible-gambling/net-deposit-threshold';
import { minorUnits } from '@hosted-checkout/contract/money';
import { PERIODS } from './limits-text';
import { money } from '@/lib/checkout/cashier/format-money';

/** Major units of `currency` as integer minor units (the session answer's amounts are exact in them). */
const minorOf = (amount: number, currency: string) => Math.round(amount * 10 ** minorUnits(currency));

/** The whole per cent of `limit` that `used` is, in `locale` ("60 %", "٦٠٪"). */
const shareOf = (used: number, limit: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(Math.floor((used * 100) / limit) / 100);

/** The first day of the next calendar month in words, in the threshold's own zone (Amsterdam). */
const dayOf = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

interface Notice {
  key: string;
  full: boolean;
  text: string;
}

/** The notices of the session's limits at or past the rules' share, each a line; null when there are none. */
export async function LimitNotices({
  session,
  rg,
  locale,
  nested = false,
}: {
  session: CashierSession;
  rg: ResponsibleGambling;
  locale: string;
  /** Inside the responsible gambling panel: its heading is one level down. */
  nested?: boolean;
}) {
  const percent = rg.limitNoticePercent;
  if (percent === undefined) return null;
  const g = await getTranslations('responsibleGambling');
  const currency = session.currency;
  const notices: Notice[] = [];
  for (const period of PERIODS) {
    const room = session.depositLimits?.[period];
    if (!room) continue;
    const limit = minorOf(room.limit, currency);
    const used = limit - minorOf(room.remaining, currency);
    const level = limitNotice(limit, used, percent);
    if (!level) continue;
    const amounts = { period, limit: money(room.limit, currency, locale), used: money(room.limit - room.remaining, currency, locale) };
    notices.push({
      key: `limit-${period}`,
      full: level === 'FULL',
      text: level === 'FULL' ? g('noticeFull', amounts) : g('noticeShare', { ...amounts, share: shareOf(used, limit, locale) }),
    });
  }
  const threshold = rg.netDepositThreshold;
  if (threshold) {
    const limit = minorOf(threshold.limit, currency);
    const used = minorOf(threshold.netDeposited, currency);
    const level = limitNotice(limit, used, percent);
    if (level) {
      const amounts = {
        limit: money(threshold.limit, currency, locale),
        used: money(threshold.netDeposited, currency, locale),
        age: threshold.youngAdult ? 'young' : 'adult',
      };
      notices.push({
        key: 'threshold',
        full: level === 'FULL',
        text:
          level === 'FULL'
            ? g('thresholdFull', { ...amounts, date: dayOf(threshold.resetsAt, locale) })
            : g('thresholdShare', { ...amounts, share: shareOf(used, limit, locale) }),
      });
    }
  }
  if (notices.length === 0) return null;
  const full = notices.some((n) => n.full);
  const Heading = nested ? 'h3' : 'h2';
  return (
    <section
      aria-labelledby="limit-notices-heading"
      className={`space-y-2 rounded-theme border p-4 ${full ? 'border-danger' : 'border-primary'}`}
      data-testid="limit-notices"
    >
      <Heading id="limit-notices-heading" className="text-base font-semibold">
        {g('noticesHeading')}
      </Heading>
      {/* Announced as a status; the list keeps its own role (a `ul` given role="status" is no list to a screen reader). */}
      <div role="status">
        <ul className="list-disc space-y-1 ps-5">
          {notices.map((n) => (
            <li key={n.key} data-testid={`limit-notice-${n.key}`} data-level={n.full ? 'full' : 'share'}>
              {n.text}
            </li>
          ))}
        </ul>
      </div>
      {full ? (
        <ul className="space-y-1 text-sm">
          <li>
            <a href={rg.selfExclusionScheme.url} target="_blank" rel="noopener noreferrer" className="text-primary underline">
              {g('schemeLink', { name: rg.selfExclusionScheme.name })}
            </a>
          </li>
          <li>
            <a href={rg.help.url} target="_blank" rel="noopener noreferrer" className="text-primary underline">
              {g('helpLink', { name: rg.help.name })}
            </a>
          </li>
        </ul>
      ) : null}
    </section>
  );
}
