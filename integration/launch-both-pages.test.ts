/**
 * One browser opens a session's cashier and its widget at once (docs/design.md, E22): a
 * merchant's page frames the cashier behind its own launch redirect (the typed client's
 * `launchAddress`, a new launch address per load) and the widget by a launch address of its own,
 * in one browser (one cookie jar). Both frames spend their launch concurrently through
 * POST /api/launch against the sandbox served in process, and each page then loads the session
 * as its page does (`loadCashier`). Before, a launch of one page renewed the secrets of both, so
 * the widget's address, not yet spent when the cashier's redirect launched, was refused and its
 * frame said "open in another browser": 20 of 20 rounds failed here where both frames go through
 * a redirect, most where one does.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleSandboxRequest } from '@sandbox/service/http';
import { sandboxDb } from '@sandbox/service/core/store';
import { serveRoute, type RouteServer } from '@hosted-checkout/runtime/testing/route-server';
import { createPaymentsClient, launchAddress, type PaymentsClient } from '@/lib/payments-api/merchant-client';
import { testCustomer } from '@sandbox/testing/sandbox-fixtures';

/** The browser's cookie jar, shared by both frames (one merchant page, one partition). */
const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
  headers: async () => new Headers(),
}));

const ROUNDS = 20;
const CHECKOUT = 'https://checkout.test';
const env = { ...process.env };
let served: RouteServer;
let merchant: PaymentsClient;

beforeAll(async () => {
  await sandboxDb();
  served = await serveRoute(handleSandboxRequest);
  Object.assign(process.env, {
    CHECKOUT_URL: CHECKOUT,
    PAYMENTS_API_BASE_URL: `${served.origin}/sandbox/api`,
    PAYMENTS_API_TOKEN: 'sbx_checkout',
    LIMIT_LAUNCHES_PER_IP: '10000/60',
    SANDBOX: '1',
  });
  merchant = createPaymentsClient({ baseUrl: `${served.origin}/sandbox/api`, token: 'sbx_demo_merchant' });
}, 120_000);
afterAll(async () => {
  process.env = env;
  await served?.close();
});

async function newSession(): Promise<{ sessionId: string; checkoutUrl: string; widgetUrl: string }> {
  const { data, error } = await merchant.POST('/public/cashier/session', {
    body: {
      customer: { ...testCustomer(), externalUserId: `both-${randomUUID()}` },
      returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
      balance: 100,
    } as never,
  });
  if (!data) throw new Error(`creating a session: ${JSON.stringify(error)}`);
  return data as { sessionId: string; checkoutUrl: string; widgetUrl: string };
}

/**
 * One frame: takes its launch address, posts it to /api/launch from the checkout's own page (as
 * the launch page does), keeps the answer's cookie in the jar, and loads the page it is sent to.
 * Answers whether its own spend was taken and what its page shows.
 */
async function frame(sessionId: string, address: () => Promise<string>): Promise<{ taken: boolean; page: string }> {
  const { POST } = await import('@/app/api/launch/route');
  const { loadCashier } = await import('@/lib/checkout/cashier/load-cashier');
  const url = new URL(await address());
  const answer = await POST(
    new Request(`${CHECKOUT}/api/launch`, {
      method: 'POST',
      headers: { Origin: CHECKOUT, 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'vitest' },
      body: new URLSearchParams({ path: url.pathname, launch: url.searchParams.get('launch') ?? '' }).toString(),
    }),
  );
  expect(answer.status).toBe(303);
  const cookie = answer.headers.get('set-cookie')?.split(';')[0];
  if (cookie) jar.set(cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1));
  return { taken: Boolean(cookie), page: (await loadCashier(sessionId)).outcome };
}

/** ROUNDS merchant pages, each in a new browser: the rounds in which a frame was refused or its page did not show the session. */
async function failedRounds(cashier: 'redirect' | 'address', widget: 'redirect' | 'address'): Promise<string[]> {
  const failed: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    jar.clear();
    const created = await newSession();
    const addressOf = (page: 'cashier' | 'widget', how: 'redirect' | 'address') => () =>
      how === 'redirect'
        ? launchAddress(merchant, { sessionId: created.sessionId, page })
        : Promise.resolve(page === 'cashier' ? created.checkoutUrl : created.widgetUrl);
    const frames = await Promise.all([
      frame(created.sessionId, addressOf('cashier', cashier)),
      frame(created.sessionId, addressOf('widget', widget)),
    ]);
    if (frames.some((f) => !f.taken || f.page !== 'ok')) failed.push(`round ${round}: ${JSON.stringify(frames)}`);
  }
  return failed;
}

describe('one browser opens the cashier and the widget of a session at once', () => {
  it('the cashier behind the merchant’s launch redirect, the widget by its address: both pages show the session, every time', async () => {
    expect(await failedRounds('redirect', 'address')).toEqual([]);
  }, 120_000);

  it('both behind the merchant’s launch redirect: both pages show the session, every time', async () => {
    expect(await failedRounds('redirect', 'redirect')).toEqual([]);
  }, 120_000);

  it('both by the session’s own addresses: both pages show the session, every time', async () => {
    expect(await failedRounds('address', 'address')).toEqual([]);
  }, 120_000);
});
