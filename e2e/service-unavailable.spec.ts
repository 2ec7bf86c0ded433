/**
 * When the payments service cannot be reached, the pages say so and offer to try again (a
 * clear message, never a 500 or a stack trace): a second production server whose
 * PAYMENTS_API_BASE_URL points at a closed port.
 */
import type { ChildProcess } from 'node:child_process';
import { expect, test } from './fixtures';
import { startSecondServer } from './second-server';
import { expectNoAxeViolations } from './support';

const port = Number(process.env.UNAVAILABLE_PORT ?? 3102);
const origin = `http://localhost:${port}`;
let server: ChildProcess | null = null;

test.beforeAll(async () => {
  server = await startSecondServer(origin, {
    // Port 9 (discard) is closed here: every call to the service is refused at once.
    PAYMENTS_API_BASE_URL: 'http://127.0.0.1:9',
    PAYMENTS_API_TOKEN: 'unused',
    SANDBOX_WORKER: 'off',
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('readiness says the payments service does not answer (503); health still answers', async () => {
  expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  const ready = await fetch(`${origin}/api/ready`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({
    status: 'not ready',
    checks: {
      paymentsService: { status: 'failing', durationMs: expect.any(Number) },
      rateLimitStore: { status: 'ok', store: 'in-process' },
    },
  });
});

for (const [name, path, retry] of [
  ['card page', '/payments/payin/pi_0123456789abcdef/card', '/payments/payin/pi_0123456789abcdef/card'],
  ['APM page', '/payments/payout/po_0123456789abcdef/apm', '/payments/payout/po_0123456789abcdef/apm'],
  // The retry keeps the query: the tab (and the locale) the customer was on.
  ['cashier', '/cashier/cs_0123456789abcdef?tab=withdraw', '/cashier/cs_0123456789abcdef\\?tab=withdraw$'],
  ['widget', '/cashier/cs_0123456789abcdef/widget', '/cashier/cs_0123456789abcdef/widget'],
] as const) {
  test(`${name}: the service is unreachable, the page says so and offers to try again`, async ({ page }) => {
    const response = await page.goto(`${origin}${path}`);
    expect(response?.status()).toBeLessThan(500);
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was charged' })).toBeVisible();
    const again = page.getByRole('link', { name: 'Try again' });
    await expect(again).toHaveAttribute('href', new RegExp(`^${retry}`));
    await expect(page.locator('body')).not.toContainText(/Error:|at .*\.js|ECONNREFUSED/);
    // A real service's credential (not sbx_): live mode, no Test mode badge.
    await expect(page.getByTestId('test-mode')).toHaveCount(0);
    await expectNoAxeViolations(page, `${name} with the service unreachable`);
    await again.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was charged' })).toBeVisible();
  });
}
