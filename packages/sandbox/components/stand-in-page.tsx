/**
 * The frame of the sandbox's stand-ins for third-party pages (the issuer's ACS challenge, an APM
 * provider's page), in the texts of `namespace`: a heading, the sandbox note, and while the payment
 * `waiting`, its intro (merchant, amount in the request's locale, and `detail`) above `children`
 * (the answers); else the done status. Laid out for the narrowest challenge window (the full width
 * of a 320 px phone, inside the cashier): no fixed width, words that wrap anywhere, so the page fits
 * its frame's 400 px without scrolling inside it.
 */
import type { ReactNode } from 'react';
import { getLocale } from 'next-intl/server';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { formatMinor } from '@hosted-checkout/contract/money';
import type { sandboxPageSummary } from '@sandbox/service/pages/page-summary';

export async function StandInPage(props: {
  namespace: 'acs' | 'provider';
  summary: NonNullable<Awaited<ReturnType<typeof sandboxPageSummary>>>;
  waiting: boolean;
  detail: { card: string } | { method: string };
  children: ReactNode;
}) {
  const t = await getSandboxTranslations(props.namespace);
  const { summary } = props;
  const amount = formatMinor(summary.amountMinor, summary.currency, await getLocale());
  return (
    <main className="mx-auto w-full max-w-md min-w-0 px-4 py-4 wrap-break-word sm:py-6">
      <h1 className="mb-3 text-lg font-semibold sm:text-xl">{t('heading')}</h1>
      <p className="mb-2 text-sm text-fg-muted">{t('sandboxNote')}</p>
      {props.waiting ? (
        <>
          <p className="mb-4">{t('intro', { merchant: summary.merchantName, amount, ...props.detail })}</p>
          {props.children}
        </>
      ) : (
        <p role="status">{t('done')}</p>
      )}
    </main>
  );
}
