/**
 * The reference merchant's webhook receiver as an attacker and a flaky network meet it: a forged or
 * replayed-late delivery changes nothing (400), a retry of a delivery (the same `webhook-id`) is
 * credited once, even when the copies arrive together, and a deposit names its player by
 * `data.cashier.externalUserId`, not by anything in the order id. No service is called: the
 * players here hold no cashier session, so no balance is sent.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { findPlayer, playerOf } from '../src/ledger.mjs';
import { receiveWebhook } from '../src/webhooks.mjs';

const SECRET = `whsec_${Buffer.from('the reference merchant test secret').toString('base64')}`;
let sequence = 0;

/** A signed delivery of a cashier deposit of `amount` EUR (fee `fee`) for `externalUserId`. */
function deposit(externalUserId: string, amount: number, fee = 0, id = `whd_${(sequence += 1)}`) {
  const body = JSON.stringify({
    id: `evt_${sequence}`,
    type: 'payin.status_changed',
    createdAt: new Date().toISOString(),
    data: {
      previousStatus: 'PENDING',
      cashier: { sessionId: 'cs_test', externalUserId },
      object: {
        id: `pi_${sequence}`,
        amount,
        initialAmount: amount,
        initialCurrency: 'EUR',
        currency: 'EUR',
        fee,
        status: 'SUCCESS',
        orderId: `cs_other-${sequence}`,
      },
    },
  });
  const headers = new Webhook(SECRET).sign(id, new Date(), body);
  return {
    body: Buffer.from(body),
    headers: { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': headers },
  };
}

describe('the reference merchant’s webhook receiver', () => {
  it('credits a deposit once, to the player the event names, less the fee', async () => {
    const player = playerOf('grace', 'Grace', 'Hopper');
    const delivery = deposit(player.id, 25.5, 0.5);
    const statuses = await Promise.all([1, 2, 3].map(() => receiveWebhook(delivery.body, delivery.headers, SECRET)));
    expect(statuses).toEqual([204, 204, 204]);
    expect(await receiveWebhook(delivery.body, delivery.headers, SECRET)).toBe(204);
    expect(findPlayer(player.id)?.balanceMinor).toBe(2500);
  });

  it('refuses a forged, altered or old delivery and changes nothing (400)', async () => {
    const player = playerOf('eve-target', 'Eve', 'Target');
    const forged = deposit(player.id, 1000);
    const wrongKey = `whsec_${Buffer.from('not the merchant secret').toString('base64')}`;
    expect(await receiveWebhook(forged.body, forged.headers, wrongKey)).toBe(400);
    const altered = deposit(player.id, 10);
    expect(
      await receiveWebhook(Buffer.from(altered.body.toString().replace('"amount":10', '"amount":10000')), altered.headers, SECRET),
    ).toBe(400);
    const old = deposit(player.id, 10);
    const oldTime = Math.floor(Date.now() / 1000) - 3600;
    const oldHeaders = {
      ...old.headers,
      'webhook-timestamp': String(oldTime),
      'webhook-signature': new Webhook(SECRET).sign(old.headers['webhook-id'], new Date(oldTime * 1000), old.body.toString()),
    };
    expect(await receiveWebhook(old.body, oldHeaders, SECRET)).toBe(400);
    expect(findPlayer(player.id)?.balanceMinor).toBe(0);
  });

  it('credits nobody for a player it never had', async () => {
    const delivery = deposit('player-unknown', 50);
    expect(await receiveWebhook(delivery.body, delivery.headers, SECRET)).toBe(204);
    expect(findPlayer('player-unknown')).toBeUndefined();
  });
});
