/**
 * The site's icon: /favicon.ico is the icon of app/favicon.ico (an ICO, cached), and a page load
 * asks for nothing that answers 404 and breaks no CSP rule for it. Before, /favicon.ico answered
 * 404 on every page.
 */
import { expect, test } from './fixtures';

test('/favicon.ico is served, and a page load finds its icon', async ({ page, request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = await icon.body();
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);

  const missing: string[] = [];
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/');
  await expect.poll(async () => (await page.request.get('/favicon.ico')).status()).toBe(200);
  expect(missing.filter((url) => url.includes('favicon'))).toEqual([]);
  expect(refused.filter((text) => text.includes('favicon'))).toEqual([]);
});
