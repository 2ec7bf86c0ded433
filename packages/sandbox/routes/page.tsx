import { notFound } from 'next/navigation';
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import { ConsoleView } from '@sandbox/components/console/console-view';
import { CspReportsPanel, type CspReportsSummary } from '@sandbox/components/console/csp-reports-panel';
import { checkoutUrl, sandboxEnabled, twinOrigin } from '@hosted-checkout/runtime/config';
import { consoleMerchant, consoleOverview } from '@sandbox/service/pages/console-data';
import { SEED_MERCHANTS } from '@sandbox/service/core/merchant-config';
import { verifiedNotice } from '@sandbox/service/pages/console-notice';
import { sandboxDb } from '@sandbox/service/core/store';
import type { SandboxPageProps } from '@sandbox/routes/page-props';

export async function generateMetadata() {
  return { title: (await getSandboxTranslations('console'))('title') };
}

/** What the console shows that is the checkout's, not the sandbox's: handed over by its mount (packages/sandbox/routes/page.tsx). */
export interface ConsoleSources {
  /** The CSP violation reports the checkout's pages sent this instance, read at each render. */
  cspReports: () => CspReportsSummary;
}

/**
 * /sandbox: the merchant console of the embedded sandbox (docs/design.md, section 6), as the page
 * component its mount exports, given what it shows of the checkout (`sources`).
 */
export function consolePage(sources: ConsoleSources) {
  return async function ConsolePage(props: SandboxPageProps) {
    if (!sandboxEnabled()) notFound();
    const query = await props.searchParams;
    const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');
    // The first seed merchant when the token names none: the seeds are a constant list, never empty.
    const merchant = consoleMerchant(one(query.token)) ?? SEED_MERCHANTS[0];
    if (!merchant) throw new Error('The sandbox has no seed merchant');
    // The deliveries' filter (the webhooks panel's GET form): a type the merchant has deliveries of, else all.
    const overview = await consoleOverview(await sandboxDb(), merchant.id, { eventType: one(query.eventType) });
    const origin = new URL(checkoutUrl()).origin;
    const embed = one(query.embed);
    // Only what this server signed is shown of a notice (packages/sandbox/service/pages/console-notice.ts).
    const notice = one(query.notice);
    return (
      <ConsoleView
        token={merchant.token}
        merchants={SEED_MERCHANTS.map((m) => ({ token: m.token, name: m.config.displayName }))}
        currencies={merchant.config.currencies}
        routers={merchant.config.routers.map((r) => r.id)}
        overview={overview}
        notice={notice}
        noticeValues={await verifiedNotice(notice, { created: one(query.created), detail: one(query.detail), sig: one(query.sig) })}
        embed={embed.startsWith(`${origin}/`) ? embed : ''}
        checkoutOrigin={origin}
        hostOrigin={twinOrigin(origin) ?? origin}
      >
        <CspReportsPanel summary={sources.cspReports()} />
      </ConsoleView>
    );
  };
}
