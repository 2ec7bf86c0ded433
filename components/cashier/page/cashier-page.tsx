/**
 * The start of the cashier page and of the widget page (app/cashier/[sessionId]/): their title,
 * and the session opened from the page's own props (cashier-view.tsx).
 */
import { getTranslations } from 'next-intl/server';
import { openCashierView, type SearchParams } from './cashier-view';

/**
 * What the cashier page and the widget page do first (openCashierView on the page's own props):
 * answers the page's query, the view (or the page to show instead) and the `cashier` catalogue's
 * translator.
 */
export async function openCashierPage(
  props: { params: Promise<{ sessionId: string }>; searchParams: Promise<SearchParams> },
  name: 'cashier' | 'widget',
) {
  const { sessionId } = await props.params;
  const query = await props.searchParams;
  const view = await openCashierView(sessionId, query, name);
  return { query, view, t: await getTranslations('cashier') };
}

/** The page title of `key` ('cashierTitle', 'widgetTitle') from the `meta` catalogue: the pages' generateMetadata. */
export const cashierPageTitle = async (key: 'cashierTitle' | 'widgetTitle') => ({ title: (await getTranslations('meta'))(key) });
