/**
 * One merchant page frames a session's cashier (behind the merchant's launch redirect) and its
 * withdrawal widget (by the session's widget address), in one browser (docs/design.md, E22).
 * Both frames spend their launch at once; both show the session every time. Before, the
 * redirect's launch renewed the widget's secret too, and the widget frame, spending the old one,
 * said "This page is open in another browser" (13 to 15 loads of 20 in a scripted run); it would
 * now say that the link is no longer valid (nobody holds the widget).
 */
import { expect, test } from './fixtures';
import enCatalogue from '@/messages/en.json';
import { createSession, MERCHANT_ORIGIN, NIGHT_TOKEN } from './support';

const LOADS = 10;

test('a merchant page framing the cashier and the widget opens both, every time', async ({ page, request }) => {
  test.setTimeout(LOADS * 20_000);
  for (let load = 0; load < LOADS; load++) {
    await page.context().clearCookies();
    const session = await createSession(request, { balance: 100, token: NIGHT_TOKEN });
    const both = new URLSearchParams({ session: session.sessionId, token: NIGHT_TOKEN, widget: session.widgetUrl });
    await page.goto(`${MERCHANT_ORIGIN}/both?${both}`);
    const cashier = page.frameLocator('iframe[title="Cashier"]');
    const widget = page.frameLocator('iframe[title="Withdrawal widget"]');
    await expect(cashier.getByTestId('balance'), `load ${load}: the cashier`).toHaveText(/100[.,]00/);
    await expect(widget.getByTestId('balance'), `load ${load}: the widget`).toHaveText(/100[.,]00/);
    // Neither "open in another browser" nor "this link is no longer valid" (a frame spending a replaced secret, nobody holding it).
    for (const frame of [cashier, widget])
      for (const heading of [enCatalogue.binding.heading, enCatalogue.binding.invalidHeading])
        await expect(frame.getByRole('heading', { name: heading }), `load ${load}`).toHaveCount(0);
  }
});
