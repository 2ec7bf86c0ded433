/**
 * The client package's webhook verifiers and message guard, from its source: each scheme's key as
 * the README states it (Standard Webhooks: the decoded part after `whsec_`; X-Signature: the whole
 * `whsec_…` text), and every refusal a WebhookVerificationError.
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isCheckoutMessage, verifyWebhook, verifyXSignature, WebhookVerificationError, type WebhookEvent } from '@hosted-checkout/client';

const SECRET = `whsec_${Buffer.from('a merchant webhook secret of 32 b').toString('base64')}`;
const BODY = JSON.stringify({ id: 'evt_1', type: 'launch.spent', createdAt: '2026-01-01T00:00:00Z', data: { page: 'widget' } });
const hex = (key: string | Buffer, body: string) => createHmac('sha256', key).update(body).digest('hex');

/** The headers of a delivery of `body`, signed both ways with `secret` as the service signs them. */
function signed(body: string, secret = SECRET, at = new Date()): Record<string, string> {
  return {
    'webhook-id': 'whd_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign('whd_1', at, body),
    'x-signature': `sha256=${hex(secret, body)}`,
  };
}

describe('verifyWebhook (Standard Webhooks)', () => {
  it('answers the typed event for headers as a plain object or a fetch Headers, in any case, and a body as bytes', () => {
    const event: WebhookEvent = verifyWebhook(BODY, signed(BODY), SECRET);
    expect(event.type).toBe('launch.spent');
    const upper = Object.fromEntries(Object.entries(signed(BODY)).map(([name, value]) => [name.toUpperCase(), value]));
    expect(verifyWebhook(Buffer.from(BODY), new Headers(upper), SECRET)).toEqual(JSON.parse(BODY));
  });

  it('refuses a tampered body, another secret, a timestamp over 5 minutes old, a missing header', () => {
    const headers = signed(BODY);
    expect(() => verifyWebhook(BODY.replace('widget', 'cashier'), headers, SECRET)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(BODY, headers, `whsec_${Buffer.from('another').toString('base64')}`)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(BODY, signed(BODY, SECRET, new Date(Date.now() - 6 * 60_000)), SECRET)).toThrow(/too old/);
    const { 'webhook-id': _id, ...withoutId } = headers;
    expect(() => verifyWebhook(BODY, withoutId, SECRET)).toThrow(WebhookVerificationError);
  });

  it('keys with the decoded part after whsec_, not the whole text', () => {
    const at = new Date();
    const wholeText = createHmac('sha256', SECRET)
      .update(`whd_1.${Math.floor(at.getTime() / 1000)}.${BODY}`)
      .digest('base64');
    const headers = { ...signed(BODY, SECRET, at), 'webhook-signature': `v1,${wholeText}` };
    expect(() => verifyWebhook(BODY, headers, SECRET)).toThrow(WebhookVerificationError);
  });
});

describe('verifyXSignature (legacy)', () => {
  it('answers the event when the HMAC is keyed with the whole whsec_ text (hex in either case)', async () => {
    expect(await verifyXSignature(BODY, signed(BODY), SECRET)).toEqual(JSON.parse(BODY));
    const upper = { 'X-Signature': `sha256=${hex(SECRET, BODY).toUpperCase()}` };
    expect(await verifyXSignature(new TextEncoder().encode(BODY), upper, SECRET)).toEqual(JSON.parse(BODY));
  });

  it('refuses the decoded key, a tampered body, a malformed or missing header, and an empty secret', async () => {
    const decoded = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    await expect(verifyXSignature(BODY, { 'x-signature': `sha256=${hex(decoded, BODY)}` }, SECRET)).rejects.toThrow(
      WebhookVerificationError,
    );
    await expect(verifyXSignature(`${BODY} `, signed(BODY), SECRET)).rejects.toThrow('does not match');
    await expect(verifyXSignature(BODY, { 'x-signature': hex(SECRET, BODY) }, SECRET)).rejects.toThrow('malformed');
    await expect(verifyXSignature(BODY, {}, SECRET)).rejects.toThrow(WebhookVerificationError);
    await expect(verifyXSignature(BODY, signed(BODY), '')).rejects.toThrow('empty');
  });
});

describe('isCheckoutMessage', () => {
  it('takes the pages’ messages of protocol version 1 only', () => {
    expect(isCheckoutMessage({ source: 'checkout', version: 1, type: 'resize', height: 320 })).toBe(true);
    expect(isCheckoutMessage({ source: 'checkout', version: 2, type: 'resize' })).toBe(false);
    expect(isCheckoutMessage({ source: 'other', version: 1, type: 'resize' })).toBe(false);
    expect(isCheckoutMessage('checkout')).toBe(false);
    expect(isCheckoutMessage(null)).toBe(false);
  });
});
