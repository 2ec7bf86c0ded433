/**
 * From outside: a card tester's oracles. A script posting declined cards
 * reads the specific reason of a pay-in's first decline only (later ones say "declined"); the
 * merchant's page never hears the reason (e2e/card-payin.spec.ts); BIN lookups are limited per
 * pay-in and per client address (429, the page goes on without them).
 */
import { expect, test } from './fixtures';
import { postCardForm } from '../scripts/forms/card-form-post.mjs';
import { payinAt, serveSecondServer } from './second-server';

const origin = 'http://localhost:3145';
const newPayin = () => payinAt(origin);
const bin = (paymentId: string) =>
  fetch(`${origin}/api/payments/payin/${paymentId}/bin`, {
    method: 'POST',
    body: JSON.stringify({ bin: '42424242' }),
    headers: { 'Content-Type': 'application/json' },
  });

serveSecondServer(origin, {
  SANDBOX_DATA_DIR: '.data/e2e-oracles/db',
  LIMIT_BIN_LOOKUPS_PER_IP: '30/3600',
  POW_AFTER_FAILURES: '1000',
});

test('a script learns the reason of a pay-in’s first decline only', async () => {
  const payin = await newPayin();
  const first = await postCardForm(payin.iframeUrls.card, {
    cardNumber: '4000000000009995',
    expiry: '12/34',
    cvv: '123',
    cardHolderName: 'Card Tester',
  });
  // The banner (every reason's text is in the page's catalogue: the banner is what names one).
  expect(first.html).toContain('Your payment was declined: the card has insufficient funds.');
  const second = await postCardForm(payin.iframeUrls.card, {
    cardNumber: '4000000000000127',
    expiry: '12/34',
    cvv: '123',
    cardHolderName: 'Card Tester',
  });
  // Before: "the security code is not valid" (a live card with a wrong CVV, told to the tester).
  expect(second.html).toContain('Your payment was declined: the card issuer declined the payment.');
  expect(second.html).not.toContain('Your payment was declined: the security code');
});

test('BIN lookups: 20 per pay-in, 30 per client address, then 429', async () => {
  const a = await newPayin();
  const statuses: number[] = [];
  for (let i = 0; i < 21; i += 1) statuses.push((await bin(a.paymentId)).status);
  // Before: every lookup answered.
  expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
  expect(statuses[20]).toBe(429);
  const b = await newPayin();
  const more: number[] = [];
  for (let i = 0; i < 11; i += 1) more.push((await bin(b.paymentId)).status);
  // The address has spent 30 (its 21st on a was refused by the pay-in's limit, after counting).
  expect(more.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
  expect(more.at(-1)).toBe(429);
});
