/**
 * The first minute of a newcomer: the home page of `npm run demo` leads to the console and, one
 * press each, to a test pay-in's card page, a cashier and the withdrawal widget on a merchant's
 * page (the demo shop on the twin origin, which frames its own launch redirect as
 * docs/integration.md tells merchants to, never a launch address); the test card it names pays.
 * Axe at 0 on the home page.
 */
import { expect, test } from './fixtures';
import { CHECKOUT_ORIGIN, expectNoAxeViolations, fillCard } from './support';

test('one press pays a test pay-in with the card the home page names', async ({ page }) => {
  await page.goto('/');
  await expectNoAxeViolations(page, 'home page');
  await expect(page.getByRole('link', { name: 'Open the merchant console' })).toHaveAttribute('href', '/sandbox');
  await expect(page.getByText(/4242 4242 4242 4242/)).toBeVisible();
  await page.getByRole('button', { name: 'Pay a test pay-in' }).click();
  await expect(page).toHaveURL(/\/payments\/payin\/[^/]+\/card$/);
  await fillCard(page, { number: '4242 4242 4242 4242' });
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/returned\?result=success/);
});

test('one press opens a cashier with a balance, another the withdrawal widget on a merchant’s page', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open a cashier' }).click();
  await page.waitForURL((address) => /\/cashier\/[^/]+$/.test(address.pathname) && !address.searchParams.has('launch'));
  await expect(page.getByText('€100.00').first()).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: 'Open the withdrawal widget' }).click();
  // The demo shop, on another origin than the checkout's, frames its own launch redirect.
  await page.waitForURL((address) => address.pathname === '/sandbox/shop' && address.search === '');
  expect(new URL(page.url()).origin).not.toBe(CHECKOUT_ORIGIN);
  const frame = page.locator('iframe[title="Secure payment"]');
  await expect(frame).toHaveAttribute('src', '/sandbox/shop/launch');
  await expect(page.frameLocator('iframe[title="Secure payment"]').getByTestId('balance')).toHaveText('€100.00');
  // No launch secret anywhere in the shop's page, and the frame holds the widget without one in its address.
  expect(await page.content()).not.toContain('launch=');
  const widget = page.frames().find((f) => f.parentFrame() === page.mainFrame());
  expect(widget?.url()).toMatch(new RegExp(`^${CHECKOUT_ORIGIN}/cashier/[^/?]+/widget$`));
  // Without the shop's login (another client, no cookie) the redirect answers nothing to spend.
  const stranger = await request.get(new URL('/sandbox/shop/launch', page.url()).href, { maxRedirects: 0 });
  expect(stranger.status()).toBe(401);
  expect(stranger.headers().location).toBeUndefined();
});

test('a post from another origin starts nothing', async ({ request }) => {
  const answer = await request.post('/sandbox/try/payin', { headers: { Origin: 'https://attacker.example' }, maxRedirects: 0 });
  expect(answer.status()).toBe(403);
  expect((await request.post('/sandbox/try/refund', { headers: { Origin: CHECKOUT_ORIGIN }, maxRedirects: 0 })).status()).toBe(404);
});
