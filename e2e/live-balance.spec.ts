/**
 * The withdrawal widget's live balance (issue "Several instances…", item 4): server-sent events
 * from the checkout, fed by one upstream watch (the session-changes long poll); polling when the stream is refused; both
 * paused while the page is hidden.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { createSession, DEMO_TOKEN, expectNoAxeViolations, visit } from './support';

const auth = { Authorization: `Bearer ${DEMO_TOKEN}` };
const setBalance = (page: Page, sessionId: string, balance: number) =>
  page.request.put(`/sandbox/api/public/cashier/session/${sessionId}/balance`, { headers: auth, data: { balance } });

/** Counts the widget's polls of /api/cashier/{id} (not the event stream). */
function countPolls(page: Page, sessionId: string) {
  const polls: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/cashier/${sessionId}`) polls.push(Date.now());
  });
  return polls;
}

test('the widget streams its balance: a change arrives without polling', async ({ page }) => {
  const session = await createSession(page.request, { balance: 100, externalUserId: `live-${randomUUID()}` });
  const polls = countPolls(page, session.sessionId);
  const stream = page.waitForRequest((r) => r.url().endsWith(`/api/cashier/${session.sessionId}/events`));
  await visit(page, `${session.widgetUrl}`);
  await stream;
  await expect(page.getByTestId('balance')).toHaveText('€100.00');
  expect((await setBalance(page, session.sessionId, 61.25)).status()).toBe(204);
  await expect(page.getByTestId('balance')).toHaveText('€61.25', { timeout: 2_000 });
  await page.waitForTimeout(1_500);
  expect(polls).toEqual([]);
  await expectNoAxeViolations(page, 'streamed widget');
});

test('refused the stream, the widget polls every second; hidden, it stops; shown again, it catches up', async ({ page }) => {
  const session = await createSession(page.request, { balance: 10, externalUserId: `live-${randomUUID()}` });
  await page.route(`**/api/cashier/${session.sessionId}/events`, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ errorKey: 'UNAVAILABLE', errorMessage: 'poll', errorCode: 5031 }),
    }),
  );
  const polls = countPolls(page, session.sessionId);
  await visit(page, `${session.widgetUrl}`);
  expect((await setBalance(page, session.sessionId, 12)).status()).toBe(204);
  await expect(page.getByTestId('balance')).toHaveText('€12.00', { timeout: 3_000 });
  expect(polls.length).toBeGreaterThan(0);

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(500);
  const hiddenAt = polls.length;
  await setBalance(page, session.sessionId, 13);
  await page.waitForTimeout(2_500);
  expect(polls.length).toBe(hiddenAt);
  await expect(page.getByTestId('balance')).toHaveText('€12.00');

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
  await expect(page.getByTestId('balance')).toHaveText('€13.00', { timeout: 3_000 });
});

test('the event stream refuses an unknown session and a malformed id with 404, never 500', async ({ request }) => {
  expect((await request.get('/api/cashier/cs_00000000000000000000000000000000/events')).status()).toBe(404);
  expect((await request.get('/api/cashier/..%2F..%2Fetc/events')).status()).toBe(404);
  expect((await request.get(`/api/cashier/${'x'.repeat(5000)}/events`)).status()).toBeLessThan(500);
});
