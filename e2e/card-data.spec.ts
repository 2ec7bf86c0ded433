/**
 * Card data never reaches a log or a file (docs/design.md, section 4): unique card numbers
 * go through the whole flow, then the server's output and every file under .data/ and
 * .next/ are searched for them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { createPayin, fetchPayin, fillCard, FUTURE_EXPIRY, MERCHANT_ORIGIN, openEmbedded, uniqueVisa } from './support';

function* filesUnder(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    const stat = statSync(full);
    if (stat.isDirectory()) yield* filesUnder(full);
    else if (stat.isFile()) yield full;
  }
}

test('unique card numbers appear in no log and no file', async ({ page, request }) => {
  const secrets: string[] = [];
  for (const flow of ['success', 'saved', 'invalid-then-success'] as const) {
    const number = uniqueVisa();
    const cvv = String(100 + Math.floor(Math.random() * 900));
    secrets.push(number);
    const payin = await createPayin(request);
    const frame = await openEmbedded(page, payin.iframeUrls.card);
    if (flow === 'invalid-then-success') {
      // A wrong expiry first: the server sees the number in a failed attempt too.
      await fillCard(frame, { number, cvv, expiry: '0120' });
      await frame.getByRole('button', { name: /^Pay / }).click();
      await expect(frame.getByLabel('Expiry date')).toHaveAttribute('aria-invalid', 'true');
      await frame.getByLabel('Expiry date').fill(FUTURE_EXPIRY);
    } else {
      await fillCard(frame, { number, cvv });
    }
    if (flow === 'saved') await frame.getByLabel('Save this card for my next payments').check();
    await frame.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
    const fetched = await fetchPayin(request, payin.paymentId);
    expect(fetched.status).toBe('SUCCESS');
    expect(fetched.cardMask).toBe(`${number.slice(0, 6)}******${number.slice(-4)}`);
  }

  const needles = secrets.flatMap((pan) => [pan, pan.replace(/(\d{4})(?=\d)/g, '$1 ')]);
  const files = [...filesUnder('.data'), ...filesUnder('.next')];
  expect(files.length).toBeGreaterThan(10);
  expect(files.some((f) => f.endsWith('server.log'))).toBe(true);
  const hits: string[] = [];
  for (const file of files) {
    const content = readFileSync(file).toString('latin1');
    for (const needle of needles) if (content.includes(needle)) hits.push(`${file} contains a test PAN`);
  }
  expect(hits).toEqual([]);
});
