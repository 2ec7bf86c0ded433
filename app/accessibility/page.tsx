import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccessibilityStatement, type StatementMerchant } from '@/components/published/accessibility-statement';
import { accessibilityStatement } from '@/lib/published/accessibility-statement';
import { runningBuildId } from '@/lib/published/published-file';
import { paymentsApi } from '@/lib/payments-api/client';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('accessibilityStatement'))('title') };
}

/** The merchant `?merchant=` names (an id as the service spells them), or null: unknown, malformed or the service unavailable. */
async function merchantOf(id: string | undefined): Promise<StatementMerchant | null> {
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  try {
    const settings = await paymentsApi.getCheckoutSettings(id);
    return { displayName: settings.displayName, contact: settings.accessibilityContact ?? null };
  } catch {
    return null;
  }
}

/**
 * /accessibility: the accessibility statement of the payment pages, made from the browser tests'
 * results (published/accessibility.json; components/published/accessibility-statement.tsx).
 * `?merchant={merchantId}` adds where that merchant takes reports of barriers.
 */
export default async function AccessibilityPage({ searchParams }: { searchParams: Promise<{ merchant?: string | string[] }> }) {
  const { merchant } = await searchParams;
  return (
    <AccessibilityStatement
      statement={accessibilityStatement()}
      runningBuild={runningBuildId()}
      merchant={await merchantOf(typeof merchant === 'string' ? merchant : undefined)}
    />
  );
}
