import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PerformanceTable } from '@/components/published/performance-table';
import { performanceTable } from '@/lib/published/performance-table';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('performanceTable'))('title') };
}

/**
 * /performance: how fast each payment page loads against its static twin, as last measured and
 * published (published/performance.json; components/published/performance-table.tsx).
 */
export default function PerformancePage() {
  return <PerformanceTable table={performanceTable()} />;
}
