/**
 * A merchant sets its checkout settings and webhook URL by the API (PUT
 * /public/merchant/{merchantId}/checkout-settings), as it does in the console: the whole settings
 * (GET, change, PUT), checked like the console's form; the pages' credential and other merchants
 * cannot. Answers are checked against the OpenAPI document.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxDb } from '../core/store';
import { contractCall as api } from '@sandbox/testing/sandbox-http';

const path = '/public/merchant/merchant-other/checkout-settings';
const merchant = { token: 'sbx_other_merchant' };

beforeAll(async () => {
  await sandboxDb();
});

describe('PUT …/checkout-settings', () => {
  it('stores the settings and the webhook URL, which the GET then answers', async () => {
    const before = (await api('GET', path, merchant)).body;
    const changed = { ...before, theme: { ...before.theme, primaryColor: '#0f766e' }, bankWithdrawalOtherAccounts: true };
    const put = await api('PUT', path, { ...merchant, body: { ...changed, webhookUrl: 'https://shop.example/hooks' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      theme: { primaryColor: '#0f766e' },
      bankWithdrawalOtherAccounts: true,
      webhookUrl: 'https://shop.example/hooks',
    });
    expect((await api('GET', path, merchant)).body).toEqual(changed);
    // Left out, the webhook URL stays; null removes it.
    expect((await api('PUT', path, { ...merchant, body: changed })).body.webhookUrl).toBe('https://shop.example/hooks');
    expect((await api('PUT', path, { ...merchant, body: { ...changed, webhookUrl: null } })).body.webhookUrl).toBeNull();
  });

  it('refuses what the console refuses (400), the pages’ credential (403) and another merchant (404)', async () => {
    const settings = (await api('GET', path, merchant)).body;
    const refused = (body: object) => api('PUT', path, { ...merchant, body });
    expect((await refused({ ...settings, theme: { ...settings.theme, primaryColor: 'teal' } })).status).toBe(400);
    expect((await refused({ ...settings, logoUrl: 'http://shop.example/logo.png' })).status).toBe(400);
    // A private address is refused without a request sent to it (the outbound policy reads the literal).
    const privateHook = await refused({ ...settings, webhookUrl: 'http://10.0.0.7/hooks' });
    expect(privateHook.status).toBe(400);
    expect(privateHook.body.errorMessage).toMatch(/webhookUrl/);
    expect((await api('PUT', path, { token: 'sbx_checkout', body: settings })).status).toBe(403);
    expect((await api('PUT', '/public/merchant/merchant-demo/checkout-settings', { ...merchant, body: settings })).status).toBe(404);
  });
});

describe('POST …/webhook-secret', () => {
  const secretPath = '/public/merchant/merchant-other/webhook-secret';
  const storedSecret = async () => {
    const { merchants } = await import('@sandbox/db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await (
      await sandboxDb()
    )
      .select({ secret: merchants.webhookSecret })
      .from(merchants)
      .where(eq(merchants.id, 'merchant-other'));
    return row?.secret;
  };

  it('answers a new secret once, which is the one deliveries sign with from then on', async () => {
    const before = await storedSecret();
    const rolled = await api('POST', secretPath, merchant);
    expect(rolled.status).toBe(200);
    expect(rolled.body.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(rolled.body.webhookSecret).not.toBe(before);
    expect(await storedSecret()).toBe(rolled.body.webhookSecret);
    // The secret is never in the settings' answers.
    expect(JSON.stringify((await api('GET', path, merchant)).body)).not.toContain('whsec_');
  });

  it('refuses the pages’ credential (403) and another merchant (404)', async () => {
    expect((await api('POST', secretPath, { token: 'sbx_checkout' })).status).toBe(403);
    expect((await api('POST', '/public/merchant/merchant-demo/webhook-secret', merchant)).status).toBe(404);
  });
});
