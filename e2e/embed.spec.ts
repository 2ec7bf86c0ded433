/**
 * The embed script as a package (issue "What merchants integrate with", item 3): served at a
 * versioned path with CORS, pinned by the merchant page with its Subresource Integrity hash
 * from /embed/manifest.json; a script that does not match the pinned hash is refused.
 */
import { createHash } from 'node:crypto';
import { expect, test } from './fixtures';
import { createSession, MERCHANT_ORIGIN, visit } from './support';

test('every release of the embed script (v1, v1.1), its ES module, declarations and manifest are served for any origin, and match the manifest', async ({
  request,
}) => {
  const manifest = (await (await request.get('/embed/manifest.json')).json()) as {
    files: Record<string, { integrity: string; bytes: number }>;
  };
  for (const [path, entry] of Object.entries(manifest.files)) {
    const answer = await request.get(path, { headers: { Origin: MERCHANT_ORIGIN } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['access-control-allow-origin']).toBe('*');
    const body = await answer.body();
    expect(`sha384-${createHash('sha384').update(body).digest('base64')}`, path).toBe(entry.integrity);
    expect(body.length).toBe(entry.bytes);
  }
  expect((await request.get('/embed/v1.js')).headers()['content-type']).toMatch(/javascript/);
  expect((await request.get('/embed/v1.mjs')).headers()['content-type']).toMatch(/javascript/);
  expect((await request.get('/embed/v1.1.js')).headers()['content-type']).toMatch(/javascript/);
  expect(Object.keys(manifest.files)).toEqual(expect.arrayContaining(['/embed/v1.js', '/embed/v1.1.js']));
});

test('a merchant page pinning another hash gets no script: the browser refuses it', async ({ page, request }) => {
  const session = await createSession(request, { balance: 10 });
  const refused: string[] = [];
  page.on('console', (message) => message.type() === 'error' && refused.push(message.text()));
  await visit(page, `${MERCHANT_ORIGIN}/widget?integrity=wrong&src=${encodeURIComponent(`${session.widgetUrl}`)}`);
  await expect.poll(() => refused.some((text) => /integrity/i.test(text))).toBe(true);
  expect(await page.evaluate(() => typeof (window as unknown as { CheckoutEmbed?: unknown }).CheckoutEmbed)).toBe('undefined');
  await expect(page.locator('iframe')).toHaveCount(0);
});
