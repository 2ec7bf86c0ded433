/**
 * Card testing through a cashier session: a script posting declined cards (no browser) is
 * stopped once the session's failed attempts are spent (LIMIT_CARD_FAILURES_PER_SESSION,
 * default 6 an hour), with a clear, translated message and an `error` message RATE_LIMITED to
 * the merchant's page; a real customer's decline-then-success in another session still pays.
 */
import { expect, test, type APIRequestContext } from './fixtures';
import { postCardForm } from '../scripts/forms/card-form-post.mjs';
import { createSession, expectNoAxeViolations, fetchPayin, fillCard, MERCHANT_ORIGIN, openEmbedded, parentMessages } from './support';
import { merchantDeposit } from './support-cashier';

const declined = { cardNumber: '4000000000000002', expiry: '12/34', cvv: '123', cardHolderName: 'Card Tester' };

/** The merchant's deposit of EUR 10 in a session no browser holds yet (docs/design.md, E22). */
const depositIn = (request: APIRequestContext, sessionId: string) => merchantDeposit(request, sessionId, 10);

test('a script posting declined cards through one cashier session is stopped after the configured failures', async ({ page, request }) => {
  const session = await createSession(request, { balance: 100 });
  let failures = 0;
  for (let n = 0; n < 2; n += 1) {
    const payin = await depositIn(request, session.sessionId);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await postCardForm(payin.iframeUrls.card, declined);
      expect(answer.status).toBeLessThan(500);
      failures += 1;
    }
    expect((await fetchPayin(request, payin.paymentId)).status).toBe('DECLINED');
  }
  expect(failures).toBe(6);

  // The seventh, on a fresh pay-in of the same session: refused before any charge.
  const next = await depositIn(request, session.sessionId);
  const refused = await postCardForm(next.iframeUrls.card, declined);
  expect(refused.status).toBe(200);
  expect(refused.html).toContain('Too many attempts. Nothing was charged.');
  expect((await fetchPayin(request, next.paymentId)).status).toBe('CREATED');

  // In a browser: the banner is announced, axe finds nothing, the merchant's page hears RATE_LIMITED.
  const frame = await openEmbedded(page, next.iframeUrls.card);
  await fillCard(frame, { number: '4000000000000002' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect(frame.getByRole('alert').filter({ hasText: 'Too many attempts' })).toBeVisible();
  await expect.poll(async () => (await parentMessages(page)).find((m) => m.type === 'error')?.errorKey).toBe('RATE_LIMITED');
  await expectNoAxeViolations(page, 'card page refused by a velocity limit');
  expect((await fetchPayin(request, next.paymentId)).status).toBe('CREATED');
});

test('a real customer’s single decline, then success, still pays', async ({ page, request }) => {
  const session = await createSession(request, { balance: 100 });
  const payin = await depositIn(request, session.sessionId);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4000000000000002' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect(frame.getByRole('alert').filter({ hasText: /declined/i })).toBeVisible();
  await fillCard(frame, { number: '4242424242424242' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
});
