/**
 * A third-party tag on the merchant's page (docs/design.md, E22): it copies the `src` of every
 * iframe put in the page, as it is inserted, and its own server posts what it found to
 * /api/launch with the Origin it likes. A launch address in the page is a bearer secret the tag
 * spends first; the merchant's own launch redirect (the typed client's `launchRedirect`, framed
 * by the embed script with `checkoutOrigin`) leaves it nothing to spend, and the merchant hears of
 * every spend (`launch.spent`, with the client's address and User-Agent).
 */
import { expect, test, type APIRequestContext } from './fixtures';
import { CHECKOUT_ORIGIN, createSession, MERCHANT_ORIGIN, NIGHT_TOKEN } from './support';
import { receivedWebhooks, sendWebhooksTo } from './support-webhooks';

const RECEIVER = '/webhooks/launch';
interface Received {
  path: string;
  verified: boolean | null;
  body: { type?: string; data?: { sessionId?: string; page?: string; client?: { ipAddress?: string; userAgent?: string } } };
}
const spentEvents = async (request: APIRequestContext, sessionId: string) =>
  (await receivedWebhooks<Received>(request, RECEIVER)).filter(
    (w) => w.body.type === 'launch.spent' && w.body.data?.sessionId === sessionId,
  );

/** The thief's server: posts a launch address it copied, with the checkout's own Origin (a server sets any). */
const spendFromElsewhere = (request: APIRequestContext, copied: string) => {
  const address = new URL(copied, MERCHANT_ORIGIN);
  return request.post(`${CHECKOUT_ORIGIN}/api/launch`, {
    headers: { Origin: CHECKOUT_ORIGIN },
    form: { path: address.pathname, launch: address.searchParams.get('launch') ?? '' },
    maxRedirects: 0,
  });
};

test('a launch address in the merchant’s page is spent first by a tag’s server: the page is then open elsewhere', async ({
  page,
  request,
}) => {
  const session = await createSession(request, { balance: 100, token: NIGHT_TOKEN });
  // The tag read the widget's src off the page and sent it home: its server posts it before the frame does.
  const stolen = await spendFromElsewhere(request, session.widgetUrl);
  expect(stolen.status()).toBe(303);
  expect(stolen.headers()['set-cookie']).toContain('checkout-binding=');
  await page.goto(`${MERCHANT_ORIGIN}/widget?src=${encodeURIComponent(session.widgetUrl)}`);
  await expect(page.frameLocator('iframe[title="Withdrawal widget"]').getByTestId('balance')).toHaveCount(0);
});

test('behind the merchant’s launch redirect the tag copies nothing it can spend; the customer holds the widget; the merchant hears of the spend', async ({
  page,
  request,
}) => {
  await sendWebhooksTo(page, RECEIVER);
  const session = await createSession(request, { balance: 100, token: NIGHT_TOKEN });
  await page.goto(`${MERCHANT_ORIGIN}/account?session=${session.sessionId}&token=${NIGHT_TOKEN}&page=widget&tag=thief`);
  const widget = page.frameLocator('iframe[title="Secure payment"]');
  await expect(widget.getByTestId('balance')).toHaveText(/100[.,]00/);

  const copied = await page.evaluate(() => (window as unknown as { stolen: string[] }).stolen);
  expect(copied).toEqual([`${MERCHANT_ORIGIN}/launch`]);
  // The tag's server follows the copied address: without the customer's login it gets nothing.
  const followed = await request.fetch(copied[0]!, { maxRedirects: 0, headers: { Cookie: '' } });
  expect(followed.status()).toBe(401);
  expect(followed.headers().location).toBeUndefined();
  expect((await spendFromElsewhere(request, copied[0]!)).status()).toBe(400);
  // The customer's frame holds on.
  await page.reload();
  await expect(page.frameLocator('iframe[title="Secure payment"]').getByTestId('balance')).toHaveText(/100[.,]00/);

  await expect.poll(async () => (await spentEvents(request, session.sessionId)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  const [event] = await spentEvents(request, session.sessionId);
  expect(event!.body.data).toMatchObject({ page: 'widget', client: { ipAddress: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) } });
  expect(event!.body.data!.client!.userAgent).toMatch(/Chrome/);
});
