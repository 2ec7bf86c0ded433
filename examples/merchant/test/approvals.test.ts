/**
 * The reference merchant approves a withdrawal only while its own ledger covers it and the
 * withdrawals it approved and has not yet debited: between the service's PROCESSED and the
 * merchant's handling of that event, the session may show a balance that still counts a paid
 * withdrawal, and a second withdrawal asked in that moment must not be paid from it. The service's
 * API is a stand-in `fetch` that records the calls.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(input, init);
  calls.push(`${request.method} ${new URL(request.url).pathname}`);
  return new Response(null, { status: 204 });
});
const { book, findPlayer, playerOf } = await import('../src/ledger.mjs');
const { receiveWebhook } = await import('../src/webhooks.mjs');

const SECRET = `whsec_${Buffer.from('the reference merchant approvals secret').toString('base64')}`;
let sequence = 0;

/** A signed `payout.status_changed` of `payoutId` to `status`, for `externalUserId` in a session (or a prize: none). */
function payoutEvent(payoutId: string, status: string, value: number, externalUserId?: string) {
  sequence += 1;
  const body = JSON.stringify({
    id: `evt_a${sequence}`,
    type: 'payout.status_changed',
    createdAt: new Date().toISOString(),
    data: {
      previousStatus: 'CREATED',
      ...(externalUserId ? { cashier: { sessionId: 'cs_test', externalUserId } } : {}),
      object: { id: payoutId, value, initialAmount: value, initialCurrency: 'EUR', currency: 'EUR', status, orderId: `x-${sequence}` },
    },
  });
  const id = `whd_a${sequence}`;
  const headers = {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
    'webhook-signature': new Webhook(SECRET).sign(id, new Date(), body),
  };
  return receiveWebhook(Buffer.from(body), headers, SECRET);
}

describe('the reference merchant’s approvals', () => {
  it('approves what its ledger covers, rejects a second withdrawal of the same money, debits when sent', async () => {
    const player = playerOf('linus', 'Linus', 'Pauling');
    book(player, 'deposit', 5000, 'pi_seed');
    expect(await payoutEvent('po_first', 'WAITING_FOR_CONFIRMATION', 50, player.id)).toBe(204);
    expect(calls.at(-1)).toBe('PUT /sandbox/api/public/payout/po_first/confirm');
    // Sent by the service; a second €50 asked before the merchant hears of it is not paid from the same €50.
    expect(await payoutEvent('po_second', 'WAITING_FOR_CONFIRMATION', 50, player.id)).toBe(204);
    expect(calls.at(-1)).toBe('PUT /sandbox/api/public/payout/po_second/reject');
    expect(await payoutEvent('po_first', 'PROCESSED', 50, player.id)).toBe(204);
    expect(findPlayer(player.id)?.balanceMinor).toBe(0);
    expect(player.approved.size).toBe(0);
  });

  it('gives the amount of a failed approved withdrawal back to what it may approve', async () => {
    const player = playerOf('ada-failed', 'Ada', 'Failed');
    book(player, 'deposit', 3000, 'pi_seed2');
    await payoutEvent('po_fails', 'WAITING_FOR_CONFIRMATION', 30, player.id);
    await payoutEvent('po_fails', 'FAILED', 30, player.id);
    await payoutEvent('po_again', 'WAITING_FOR_CONFIRMATION', 30, player.id);
    expect(calls.at(-1)).toBe('PUT /sandbox/api/public/payout/po_again/confirm');
    expect(player.balanceMinor).toBe(3000);
  });

  it('approves a prize (outside the cashier) up to its limit, from the site’s own money', async () => {
    await payoutEvent('po_prize', 'WAITING_FOR_CONFIRMATION', 5);
    expect(calls.at(-1)).toBe('PUT /sandbox/api/public/payout/po_prize/confirm');
    const before = calls.length;
    await payoutEvent('po_big_prize', 'WAITING_FOR_CONFIRMATION', 5000);
    expect(calls.length).toBe(before);
  });
});
