/**
 * Wallets at the sandbox's PSP, through the router against the OpenAPI document: the
 * sandbox wallet's token pays its pay-in once and no other; Google Pay (ECv2, PAN_ONLY or
 * CRYPTOGRAM_3DS) and Apple Pay (EC_v1) tokens pay, with the test-card outcomes; a wallet the
 * merchant does not offer, a token of another merchant, amount or pay-in, an expired, forged or
 * malformed token is 400; Apple Pay's merchant validation takes Apple's URLs only.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { createTestPayin } from '@sandbox/testing/sandbox-fixtures';
import { applePayToken, googlePayToken } from '@sandbox/testing/wallet-tokens';
import { payins } from '@sandbox/db/schema';
import type { Db } from '@sandbox/db/client';
import { sandboxDb } from '../core/store';
import { issueSandboxWalletToken, WALLET_CARDS } from './sandbox-wallet-token';

const CHECKOUT = 'sbx_checkout';
const WALLET_MERCHANT = 'sbx_wallet_merchant';
let db: Db;

const payin = (token = WALLET_MERCHANT, amount = 10) => createTestPayin({ token, amount, prefix: 'wallet', key: true });
const payWith = (id: string, type: string, token: string) =>
  api('POST', `/public/payin/${id}/process/wallet`, {
    token: CHECKOUT,
    key: randomUUID(),
    body: { browser: { javascriptEnabled: true }, wallet: { type, token } },
  });
const rowOf = async (id: string) => (await db.select().from(payins).where(eq(payins.id, id)).limit(1))[0]!;
const sandboxToken = async (id: string, card = 0, now?: number) => issueSandboxWalletToken(db, await rowOf(id), card, now);

beforeAll(async () => {
  db = await sandboxDb();
});

describe('the sandbox wallet', () => {
  it('pays its pay-in with the chosen card, once', async () => {
    const id = await payin();
    const token = await sandboxToken(id, 0);
    expect(token).not.toContain(WALLET_CARDS[0].pan);
    const answer = await payWith(id, 'SANDBOX_WALLET', token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ paymentId: id, status: 'SUCCESS' });
    expect((await rowOf(id)).card).toMatchObject({ mask: '424242******4242', wallet: { type: 'SANDBOX_WALLET' } });
    expect((await payWith(id, 'SANDBOX_WALLET', token)).status).toBe(409);
  });

  it('a declined card may be paid again with another token, not the same one', async () => {
    const id = await payin();
    const token = await sandboxToken(id, 2);
    expect((await payWith(id, 'SANDBOX_WALLET', token)).body).toMatchObject({ status: 'DECLINED' });
    const again = await payWith(id, 'SANDBOX_WALLET', token);
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).not.toContain('4000000000000002');
    expect((await payWith(id, 'SANDBOX_WALLET', await sandboxToken(id, 0))).body).toMatchObject({ status: 'SUCCESS' });
  });

  it('the challenge card goes through 3-D Secure, as a card does', async () => {
    const id = await payin();
    const answer = await payWith(id, 'SANDBOX_WALLET', await sandboxToken(id, 1));
    expect(answer.body).toMatchObject({ status: 'PENDING_3DS' });
    expect(answer.body.redirectUrl).toContain(`/sandbox/3ds/${id}`);
  });

  it('refuses a token of another pay-in or amount, an expired, forged or malformed one', async () => {
    const id = await payin();
    const other = await payin(WALLET_MERCHANT, 11);
    expect((await payWith(id, 'SANDBOX_WALLET', await sandboxToken(other))).status).toBe(400);
    expect((await payWith(id, 'SANDBOX_WALLET', await sandboxToken(id, 0, Date.now() - 10 * 60_000))).status).toBe(400);
    const [v, body, mac] = (await sandboxToken(id)).split('.');
    const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), a: 1 })).toString('base64url');
    expect((await payWith(id, 'SANDBOX_WALLET', `${v}.${tampered}.${mac}`)).status).toBe(400);
    for (const bad of ['x', 'sbw1..', `sbw1.${body}.${'0'.repeat(64)}`, `sbw1.${body}.zz`])
      expect((await payWith(id, 'SANDBOX_WALLET', bad)).status).toBe(400);
    expect((await rowOf(id)).status).toBe('CREATED');
  });

  it('is refused where the merchant does not offer it', async () => {
    const id = await payin('sbx_demo_merchant');
    const answer = await payWith(id, 'SANDBOX_WALLET', await sandboxToken(id));
    expect(answer.status).toBe(400);
    expect(answer.body.errorKey).toBe('VALIDATION_ERROR');
  });
});

describe('Google Pay (PAYMENT_GATEWAY, ECv2)', () => {
  it('pays with a PAN_ONLY card, and a challenge card asks for 3-D Secure', async () => {
    const id = await payin();
    expect(
      (await payWith(id, 'GOOGLE_PAY', googlePayToken({ gatewayMerchantId: 'merchant-wallets', pan: '4111111111111111' }))).body,
    ).toMatchObject({ status: 'SUCCESS' });
    const challenged = await payin();
    expect(
      (await payWith(challenged, 'GOOGLE_PAY', googlePayToken({ gatewayMerchantId: 'merchant-wallets', pan: '4000000000003220' }))).body,
    ).toMatchObject({ status: 'PENDING_3DS' });
  });

  it('a device cryptogram (CRYPTOGRAM_3DS) has authenticated the cardholder: no challenge', async () => {
    const id = await payin();
    const answer = await payWith(
      id,
      'GOOGLE_PAY',
      googlePayToken({ gatewayMerchantId: 'merchant-wallets', pan: '4000000000003220', authMethod: 'CRYPTOGRAM_3DS' }),
    );
    expect(answer.body).toMatchObject({ status: 'SUCCESS' });
    expect(answer.body.redirectUrl).toBeUndefined();
  });

  it('a token pays once: the same message on another pay-in is 400', async () => {
    const token = googlePayToken({ gatewayMerchantId: 'merchant-wallets', pan: '4111111111111111', messageId: `AH2Ejt-${randomUUID()}` });
    expect((await payWith(await payin(), 'GOOGLE_PAY', token)).body).toMatchObject({ status: 'SUCCESS' });
    const other = await payin();
    expect((await payWith(other, 'GOOGLE_PAY', token)).status).toBe(400);
    expect((await rowOf(other)).status).toBe('CREATED');
  });

  it('crafted fields (objects where numbers belong, no message id) are 400, never 500', async () => {
    const id = await payin();
    const craft = (details: Record<string, unknown>, top: Record<string, unknown> = {}) => {
      const payload = {
        gatewayMerchantId: 'merchant-wallets',
        messageExpiration: String(Date.now() + 60_000),
        messageId: 'm',
        paymentMethod: 'CARD',
        paymentMethodDetails: { pan: '4111111111111111', expirationMonth: 12, expirationYear: 2031, authMethod: 'PAN_ONLY', ...details },
        ...top,
      };
      return JSON.stringify({
        protocolVersion: 'ECv2',
        signature: 's',
        intermediateSigningKey: { signedKey: 'k', signatures: [] },
        signedMessage: JSON.stringify({
          encryptedMessage: Buffer.from(JSON.stringify(payload)).toString('base64'),
          ephemeralPublicKey: 'e',
          tag: 't',
        }),
      });
    };
    for (const token of [
      craft({ expirationMonth: { toString: 1 } }),
      craft({ expirationYear: { toString: 1 } }),
      craft({}, { messageExpiration: { toString: 1 } }),
      craft({}, { messageId: '' }),
    ]) {
      expect((await payWith(id, 'GOOGLE_PAY', token)).status).toBe(400);
    }
    const apple = JSON.parse(applePayToken({ pan: '4111111111111111', amountMinor: 1000, currencyNumeric: '978' })) as { data: string };
    apple.data = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(apple.data, 'base64').toString()), transactionAmount: { toString: 1 } }),
    ).toString('base64');
    expect((await payWith(id, 'APPLE_PAY', JSON.stringify(apple))).status).toBe(400);
  });

  it('refuses another gateway merchant, an expired message, a malformed envelope', async () => {
    const id = await payin();
    for (const token of [
      googlePayToken({ gatewayMerchantId: 'merchant-demo', pan: '4111111111111111' }),
      googlePayToken({ gatewayMerchantId: 'merchant-wallets', pan: '4111111111111111', expiresInMs: -1000 }),
      googlePayToken({ gatewayMerchantId: 'merchant-wallets', pan: '4111111111111112' }),
      JSON.stringify({ protocolVersion: 'ECv1' }),
      'null',
      '[]',
      '{"protocolVersion":"ECv2","signature":"x","intermediateSigningKey":{"signedKey":"k","signatures":[]},"signedMessage":"{}"}',
    ]) {
      const answer = await payWith(id, 'GOOGLE_PAY', token);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).not.toMatch(/411111111111111/);
    }
  });
});

describe('Apple Pay (EC_v1)', () => {
  it("pays a 3DSecure token of the pay-in's amount, and refuses another amount or currency", async () => {
    const id = await payin();
    expect(
      (await payWith(id, 'APPLE_PAY', applePayToken({ pan: '4111111111111111', amountMinor: 999, currencyNumeric: '978' }))).status,
    ).toBe(400);
    expect(
      (await payWith(id, 'APPLE_PAY', applePayToken({ pan: '4111111111111111', amountMinor: 1000, currencyNumeric: '840' }))).status,
    ).toBe(400);
    expect((await payWith(id, 'APPLE_PAY', '{"version":"EC_v1"}')).status).toBe(400);
    expect(
      (await payWith(id, 'APPLE_PAY', applePayToken({ pan: '4000000000003220', amountMinor: 1000, currencyNumeric: '978' }))).body,
    ).toMatchObject({ status: 'SUCCESS' });
  });

  it("validates the merchant through the service, for Apple's URLs only", async () => {
    const id = await payin();
    const session = (validationUrl: string, token = CHECKOUT, payinId = id) =>
      api('POST', `/public/payin/${payinId}/wallet/apple-pay/session`, { token, body: { validationUrl, domain: 'checkout.example' } });
    const ok = await session('https://apple-pay-gateway.apple.com/paymentservices/startSession');
    expect(ok.status).toBe(200);
    expect(ok.body.merchantSession).toMatchObject({ domainName: 'checkout.example', displayName: 'Wallet Café' });
    expect((await session('https://cn-apple-pay-gateway-cert.apple.com/paymentservices/paymentSession')).status).toBe(200);
    for (const url of [
      'http://apple-pay-gateway.apple.com/x',
      'https://apple.com.evil.example/x',
      'https://127.0.0.1/x',
      'https://apple-pay-gateway.apple.com:8443/x',
      'https://user@apple.com/x',
      'not a url',
      'https://www.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com/other',
    ])
      expect((await session(url)).status).toBe(400);
    expect(
      (await session('https://apple-pay-gateway.apple.com/paymentservices/startSession', CHECKOUT, await payin('sbx_demo_merchant')))
        .status,
    ).toBe(400);
  });
});

describe("the sandbox wallet's page issues tokens", () => {
  it('for the total the pay-in has, where the merchant offers the wallet; none otherwise', async () => {
    const { issueWalletToken } = await import('../pages/wallet-actions');
    const id = await payin();
    expect(await issueWalletToken(id, 0, { currency: 'EUR', value: '10.00' })).toMatch(/^sbw1\./);
    // Another amount than the pay-in's: no token (the window showed what the page asked).
    expect(await issueWalletToken(id, 0, { currency: 'EUR', value: '1.00' })).toBeNull();
    expect(await issueWalletToken(id, 0, { currency: 'USD', value: '10.00' })).toBeNull();
    expect(await issueWalletToken(id, 0, undefined)).toBeNull();
    expect(await issueWalletToken(await payin('sbx_demo_merchant'), 0, { currency: 'EUR', value: '10.00' })).toBeNull();
    expect(await issueWalletToken('pi_unknown', 0, { currency: 'EUR', value: '10.00' })).toBeNull();
    expect(await issueWalletToken(id, 99, { currency: 'EUR', value: '10.00' })).toBeNull();
  });
});
