/**
 * The cashier's history in the browser tests: the page comes without it, and its link ("Show
 * history") opens it, in place with JavaScript, as the page's `?history=1` without.
 */
import { expect, type Locator, type Page } from './fixtures';

/** Opens the cashier's history by its link and answers its region once the list has replaced the link. */
export async function openHistory(page: Page): Promise<Locator> {
  const region = page.getByRole('region', { name: 'History' });
  const show = region.getByRole('link', { name: 'Show history' });
  await show.click();
  await expect(show).toHaveCount(0);
  return region;
}
