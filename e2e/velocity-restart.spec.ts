/**
 * From outside: velocity limits hold on a freshly started server whatever
 * route first made the limiters (before, a refusal thrown by another bundle's copy of
 * rate-limiter-flexible was taken for an outage and let through: 24/24 past a per-session limit
 * of 20, 36/36 past a per-IP limit). Here the first use is the sandbox API's (a session deposit),
 * then the card page's server action (per IP) and the service's processing (per session).
 */
import { expect, test } from './fixtures';
import { postCardForm } from '../scripts/forms/card-form-post.mjs';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { DEMO_TOKEN, merchantApi, must } from './support';
import { payinAt, payinStatusAt, serveSecondServer } from './second-server';

const origin = 'http://localhost:3143';
const merchant = merchantApi(DEMO_TOKEN, origin);
const card = { cardNumber: '4242424242424242', expiry: '12/34', cvv: '123', cardHolderName: 'Ada Lovelace' };
const returnUrls = { success: 'https://example.com/ok', failure: 'https://example.com/ko' };

async function sessionDeposit(sessionId: string) {
  // The merchant's deposit in a session no browser holds (docs/design.md, E22).
  const answer = await merchant.POST('/public/cashier/session/{sessionId}/payin', {
    params: { path: { sessionId } },
    body: { amount: 10 } as never,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  return must(answer, 'session deposit') as { paymentId: string; iframeUrls: { card: string } };
}
const newSession = async () =>
  must(
    await merchant.POST('/public/cashier/session', {
      body: {
        customer: { ...sampleCustomer, externalUserId: `v-${crypto.randomUUID()}` },
        returnUrls,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        balance: 100,
      } as never,
    }),
    'session',
  ) as { sessionId: string };
const newPayin = () => payinAt(origin);
const refused = (html: string) => html.includes('Too many attempts. Nothing was charged.');

serveSecondServer(origin, {
  SANDBOX_DATA_DIR: '.data/e2e-velocity/db',
  LIMIT_CARD_ATTEMPTS_PER_IP: '6/3600',
  LIMIT_CARD_ATTEMPTS_PER_SESSION: '3/3600',
  POW_AFTER_FAILURES: '1000',
});

test('after a fresh start whose first limit is the sandbox API’s, the per-session and per-IP limits both hold', async () => {
  test.setTimeout(120_000);
  // The first use of the limiters: the service counting a session's transactions.
  const session = await newSession();
  const deposits = [
    await sessionDeposit(session.sessionId),
    await sessionDeposit(session.sessionId),
    await sessionDeposit(session.sessionId),
    await sessionDeposit(session.sessionId),
  ];

  // Per session (the service, 3 card attempts): the 4th deposit's attempt is refused, nothing charged.
  const perSession: boolean[] = [];
  for (const deposit of deposits) perSession.push(refused((await postCardForm(deposit.iframeUrls.card, card)).html));
  expect(perSession).toEqual([false, false, false, true]);
  expect(await payinStatusAt(origin, deposits[3]!.paymentId)).toBe('CREATED');

  // Per IP (the checkout's server action, 6 attempts an hour; 4 spent above): 2 more pass, then refused.
  const perIp: boolean[] = [];
  for (let i = 0; i < 4; i += 1) perIp.push(refused((await postCardForm((await newPayin()).iframeUrls.card, card)).html));
  expect(perIp).toEqual([false, false, true, true]);
});
