/**
 * The methods of a pay-in and direct-link processing through the sandbox's router (route handlers
 * in process): the methods offered per currency and direct route, the fields checked against the
 * method's descriptors, the provider page's decision, an unavailable method refused. Every answer validated against the generated OpenAPI document by a standard validator
 * (packages/sandbox/testing/sandbox-http.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { createTestPayin } from '@sandbox/testing/sandbox-fixtures';
import { decidePayinAtProvider } from '../payins/payin-decisions';
import { sandboxDb } from './store';

const CHECKOUT = 'sbx_checkout';
const ctx = { checkoutUrl: 'http://checkout.test' };
const browser = { userAgent: 'Mozilla/5.0', customerIp: '203.0.113.9', javascriptEnabled: true };
const newPayin = (overrides: Record<string, unknown> = {}) => createTestPayin({ overrides });

beforeAll(async () => {
  await sandboxDb();
});

describe('methods and direct-link pay-ins', () => {
  it('EUR offers the card, the APMs of psp-apm and Pay by Bank; BRL only APMs; a direct route only its method', async () => {
    const eur = await api('GET', `/public/payin/${await newPayin()}/methods`, { token: CHECKOUT });
    expect(eur.body.methods.map((m: { id: string }) => m.id)).toEqual(['card', 'bank-transfer', 'ewallet', 'pix', 'crypto', 'bank']);
    const brl = await api('GET', `/public/payin/${await newPayin({ currency: 'BRL' })}/methods`, { token: CHECKOUT });
    expect(brl.body.methods.map((m: { id: string }) => m.id)).toEqual(['bank-transfer', 'ewallet', 'pix', 'crypto']);
    const pix = await api('GET', `/public/payin/${await newPayin({ currency: 'BRL', directRouteId: 'route-pix' })}/methods`, {
      token: CHECKOUT,
    });
    expect(pix.body.methods).toEqual([expect.objectContaining({ id: 'pix', type: 'BANK', directRouteId: 'route-pix' })]);
    expect((await api('GET', '/public/payin/pi_nope/methods', { token: CHECKOUT })).status).toBe(404);
  });

  it('checks the fields against the descriptors, goes PENDING with the provider page, and the provider decides', async () => {
    const id = await newPayin();
    const bad = await api('POST', `/public/payin/${id}/process/direct-link`, {
      body: { browser, additionalData: { methodId: 'bank-transfer', accountHolder: 'Ada', iban: 'not-an-iban' } },
      token: CHECKOUT,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toContain('iban');
    const ok = await api('POST', `/public/payin/${id}/process/direct-link`, {
      body: { browser, additionalData: { methodId: 'bank-transfer', accountHolder: 'Ada Lovelace', iban: 'DE89370400440532013000' } },
      token: CHECKOUT,
      headers: { 'X-User-Agent': 'Mozilla/5.0 (iPhone) Mobile', 'X-IP-Address': '198.51.100.4' },
    });
    expect(ok.body).toEqual({
      paymentId: id,
      status: 'PENDING',
      redirectUrl: `http://checkout.test/sandbox/provider/payin/${id}`,
      attemptsRemaining: 0,
    });
    const pending = (await api('GET', `/public/payin/${id}`)).body;
    expect(pending).toMatchObject({
      transactionType: 'BANK',
      additionalData: { methodId: 'bank-transfer', iban: 'DE89370400440532013000' },
      metadata: { ipAddress: '198.51.100.4', deviceType: 'MOBILE' },
    });
    const db = await sandboxDb();
    await db.transaction((tx) => decidePayinAtProvider(tx, id, 'approve', ctx));
    expect((await api('GET', `/public/payin/${id}`)).body.status).toBe('SUCCESS');
  });

  it('an unavailable method is 400', async () => {
    const id = await newPayin({ currency: 'GBP' });
    expect(
      (
        await api('POST', `/public/payin/${id}/process/direct-link`, {
          body: { browser, additionalData: { methodId: 'pix' } },
          token: CHECKOUT,
        })
      ).status,
    ).toBe(400);
  });
});
