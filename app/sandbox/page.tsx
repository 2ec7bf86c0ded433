import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ConsoleView } from '@sandbox/components/console/console-view';
import { CspReportsPanel } from '@sandbox/components/console/csp-reports-panel';
import { checkoutUrl, sandboxEnabled, twinOrigin } from '@/lib/config';
import { consoleMerchant, consoleOverview } from '@sandbox/service/pages/console-data';
import { SEED_MERCHANTS } from '@sandbox/service/core/merchant-config';
import { verifiedNotice } from '@sandbox/service/pages/console-notice';
import { sandboxDb } from '@sandbox/service/core/store';

export async function generateMetadata() {
  return { title: (await getTranslations('console'))('title') };
}

/** /sandbox: the merchant console of the embedded sandbox (docs/design.md, section 6). */
export default async function ConsolePage(props: PageProps<'/sandbox'>) {
  if (!sandboxEnabled()) notFound();
  const query = await props.searchParams;
  const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');
  const merchant = consoleMerchant(one(query.token)) ?? SEED_MERCHANTS[0]!;
  const overview = await consoleOverview(await sandboxDb(), merchant.id);
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
      <CspReportsPanel />
    </ConsoleView>
  );
}
