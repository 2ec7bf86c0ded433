/**
 * A script instead of a browser, posting the card form with bad input (the attack of the issue
 * "One table of operations…"): a 100 KB expiry gets the form back with a clear field error and
 * charges nothing; a post over the body limit is 413, one without a length 411, a forged payment
 * id a clear form error: never a 500.
 */
import { expect, test } from './fixtures';
import { postCardForm } from '../scripts/forms/card-form-post.mjs';
import { createPayin, fetchPayin, fillCard } from './support';

const card = { cardNumber: '4242424242424242', cvv: '123', cardHolderName: 'Ada Lovelace' };

test('a 100 KB expiry is refused with the field’s error, quickly, and nothing is charged', async ({ request }) => {
  const payin = await createPayin(request);
  const attack = `1${' '.repeat(100_000)}x`;
  const answer = await postCardForm(payin.iframeUrls.card, { ...card, expiry: attack });
  expect(answer.status).toBe(200);
  expect(answer.html).toContain('Enter the expiry date as MM / YY.');
  expect(answer.ms).toBeLessThan(2_000);
  expect((await fetchPayin(request, payin.paymentId)).status).toBe('CREATED');
});

test('a post over the body limit is 413, not 500; one of unknown length is 411; one without an Origin 403', async ({ request }) => {
  const payin = await createPayin(request);
  const answer = await postCardForm(payin.iframeUrls.card, { ...card, expiry: 'x'.repeat(150_000) });
  expect(answer.status).toBe(413);
  expect(answer.html).toContain('The form is too large');
  const chunked = await fetch(payin.iframeUrls.card, {
    method: 'POST',
    body: new ReadableStream({
      start: (c) => {
        c.enqueue(new TextEncoder().encode('x=1'));
        c.close();
      },
    }),
    // @ts-expect-error Node's fetch needs duplex for a streamed body
    duplex: 'half',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(payin.iframeUrls.card).origin },
  });
  expect(chunked.status).toBe(411);
  const noOrigin = await fetch(payin.iframeUrls.card, { method: 'POST', body: new URLSearchParams({ paymentId: payin.paymentId }) });
  expect(noOrigin.status).toBe(403);
});

test('a forged payment id or a missing field is a clear form error, never a 500', async ({ request }) => {
  const payin = await createPayin(request);
  const forged = await postCardForm(payin.iframeUrls.card, { ...card, expiry: '12/34', paymentId: '../../etc/passwd' });
  expect(forged.status).toBe(200);
  expect(forged.html).toContain('This payment no longer exists.');
  const noNumber = await postCardForm(payin.iframeUrls.card, { cvv: '123', cardHolderName: 'Ada', expiry: '12/34' });
  expect(noNumber.status).toBe(200);
  expect(noNumber.html).toContain('Enter your card number.');
  expect((await fetchPayin(request, payin.paymentId)).status).toBe('CREATED');
});

test.describe('a client that writes its own X-Forwarded-For', () => {
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '6.6.6.6' } });

  test('is known by its socket address, for 3DS and risk as at create (TRUSTED_PROXY_HOPS=0)', async ({ page, request }) => {
    const payin = await createPayin(request);
    const created = await fetchPayin(request, payin.paymentId);
    expect(created.metadata?.ipAddress).toMatch(/^(127\.0\.0\.1|::1)$/);
    await page.goto(payin.iframeUrls.card);
    await fillCard(page, { number: '4242424242424242' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(async () => (await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
    expect((await fetchPayin(request, payin.paymentId)).metadata?.ipAddress).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
