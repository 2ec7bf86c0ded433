/**
 * Sweden's ban on gambling on credit at processing (docs/design.md, section 8, "funding on
 * credit"), through the router against the OpenAPI document, the clock set either side of
 * 1 May 2026 00:00 in Stockholm: a Spelinspektionen customer's credit card (new, saved or in a
 * wallet) and a method the merchant marks as credit-funded are taken on 30 April at 23:59 and
 * refused (400, naming the rule, before any charge) from 1 May at 00:00; the pay-in says what the
 * rules refuse and its methods leave the credit-funded one out; a customer of another country is
 * not concerned; the merchant's own refusal is named as the merchant's.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { merchants, payins } from '@sandbox/db/schema';
import type { Db } from '@sandbox/db/client';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { cardRequest, createTestPayin, h2hCreateBody, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import { freshMerchant } from '@sandbox/testing/pay-n-play-fixtures';
import { googlePayToken } from '@sandbox/testing/wallet-tokens';
import { sandboxDb } from '../core/store';

const CHECKOUT = 'sbx_checkout';
const CREDIT = '4111111111111111';
const DEBIT = '4242424242424242';
// 30 April 2026 23:59 and 1 May 2026 00:00 in Stockholm (CEST, UTC+2).
const BEFORE = new Date('2026-04-30T21:59:00Z');
const FROM = new Date('2026-04-30T22:00:00Z');
const SWEDEN = { address: 'Drottninggatan 1', city: 'Stockholm', state: 'Stockholm', countryCode: 'SE', postalCode: '111 51' };

let db: Db;
/** A merchant holding the regulated merchant's licences (Spelinspektionen among them) that refuses no funding itself, marks the e-wallet as credit-funded and offers Google Pay. */
let merchant: { id: string; token: string };

/** A 10 EUR pay-in of `merchant` for customer `externalUserId` billed in `billing` (Sweden by default). */
const payin = (externalUserId = `se-${randomUUID()}`, billing: Record<string, string> = SWEDEN, token = merchant.token) =>
  createTestPayin({
    token,
    amount: 10,
    prefix: 'credit',
    key: true,
    overrides: { customer: { ...testCustomer(externalUserId), billing } },
  });
const process = (id: string, by: string, body: unknown) =>
  api('POST', `/public/payin/${id}/process/${by}`, { token: CHECKOUT, key: randomUUID(), body });
const statusOf = async (id: string) => (await db.select().from(payins).where(eq(payins.id, id)).limit(1))[0]?.status;
const at = (when: Date) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(when);
};

beforeAll(async () => {
  db = await sandboxDb();
  merchant = await freshMerchant('sbx_regulated_merchant');
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchant.id));
  const config = row!.config as SandboxMerchantConfig;
  const { refusedFundingTypes: _own, ...settings } = config.settings;
  await db
    .update(merchants)
    .set({ config: { ...config, settings: { ...settings, creditFundedMethods: ['ewallet'], wallets: ['GOOGLE_PAY'] } } })
    .where(eq(merchants.id, merchant.id));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("Sweden's ban on gambling on credit at processing", () => {
  it('takes a credit card on 30 April at 23:59 in Stockholm', async () => {
    at(BEFORE);
    const id = await payin();
    expect((await api('GET', `/public/payin/${id}`, { token: merchant.token })).body.refusedFunding).toBeUndefined();
    expect((await process(id, 'card', cardRequest(CREDIT))).body.status).toBe('SUCCESS');
  });

  it('refuses a credit card from 1 May at 00:00, naming the rule, before any charge; a debit card pays', async () => {
    at(FROM);
    const id = await payin();
    const read = await api('GET', `/public/payin/${id}`, { token: merchant.token });
    expect(read.body.refusedFunding).toEqual({ regulator: 'SPELINSPEKTIONEN', fundingTypes: ['CREDIT'], methods: ['ewallet'] });
    const refused = await process(id, 'card', cardRequest(CREDIT));
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toContain("Sweden's ban on gambling on credit");
    expect(JSON.stringify(refused.body)).not.toContain(CREDIT);
    expect(await statusOf(id)).toBe('CREATED');
    expect((await process(id, 'card', cardRequest(DEBIT))).body.status).toBe('SUCCESS');
  });

  it('refuses a credit card saved before the date, and one in a wallet', async () => {
    const customer = `se-saved-${randomUUID()}`;
    at(BEFORE);
    const first = await payin(customer);
    expect((await process(first, 'card', cardRequest(CREDIT, { saveCard: true }))).body.status).toBe('SUCCESS');
    const cardId = (await api('GET', `/public/payin/${first}`, { token: merchant.token })).body.cardId as string;
    expect(cardId).toBeTruthy();
    at(FROM);
    const second = await payin(customer);
    const saved = await process(second, 'saved-card', { browser: { javascriptEnabled: true }, savedCardData: { cardId, cvv: '123' } });
    expect(saved.status).toBe(400);
    expect(saved.body.errorMessage).toContain("Sweden's ban on gambling on credit");
    const wallet = await process(second, 'wallet', {
      browser: { javascriptEnabled: true },
      wallet: { type: 'GOOGLE_PAY', token: googlePayToken({ gatewayMerchantId: merchant.id, pan: CREDIT }) },
    });
    expect(wallet.status).toBe(400);
    expect(wallet.body.errorMessage).toContain("Sweden's ban on gambling on credit");
    expect(await statusOf(second)).toBe('CREATED');
  });

  it('leaves a credit-funded method out of the methods from 1 May, and refuses it if forced', async () => {
    const byEwallet = (id: string) =>
      process(id, 'direct-link', {
        browser: { javascriptEnabled: true },
        additionalData: { methodId: 'ewallet', email: 'ada@example.com' },
      });
    const methodIds = async (id: string) =>
      ((await api('GET', `/public/payin/${id}/methods`, { token: CHECKOUT })).body.methods as { id: string }[]).map((m) => m.id);
    at(BEFORE);
    const before = await payin();
    expect(await methodIds(before)).toContain('ewallet');
    at(FROM);
    const after = await payin();
    expect(await methodIds(after)).not.toContain('ewallet');
    expect(await methodIds(after)).toContain('bank-transfer');
    const forced = await byEwallet(after);
    expect(forced.status).toBe(400);
    expect(forced.body.errorMessage).toContain("Sweden's ban on gambling on credit");
    expect(await statusOf(after)).toBe('CREATED');
  });

  it('does not concern a customer of another country; the merchant’s own refusal is named as the merchant’s', async () => {
    at(FROM);
    const british = await payin(`gb-${randomUUID()}`, { ...SWEDEN, countryCode: 'GB', city: 'London', state: 'London' });
    expect((await process(british, 'card', cardRequest(CREDIT))).body.status).toBe('SUCCESS');
    const seeded = await payin(`gb-${randomUUID()}`, { ...SWEDEN, countryCode: 'GB' }, 'sbx_regulated_merchant');
    const own = await process(seeded, 'card', cardRequest(CREDIT));
    expect(own.status).toBe(400);
    expect(own.body.errorMessage).toContain('This merchant does not accept credit cards');
  });
});

describe("Sweden's ban on gambling on credit in the legacy host-to-host transaction", () => {
  const h2h = (cardNumber: string, country: string) => {
    const body = h2hCreateBody({
      cardNumber,
      hookUrl: 'http://127.0.0.1:9/hook',
      amount: 10,
      externalUserId: `h2h-${randomUUID()}`,
      kycVerified: true,
      previousPaymentCount: 0,
    });
    return api('POST', '/transaction/h2h/create', { token: merchant.token, body: { ...body, billing: { ...body.billing, country } } });
  };

  it('refuses a Swedish customer’s credit card from 1 May before any pay-in is written, and takes it the day before', async () => {
    at(FROM);
    const before = await db.select({ id: payins.id }).from(payins).where(eq(payins.merchantId, merchant.id));
    const refused = await h2h(CREDIT, 'SE');
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toContain("Sweden's ban on gambling on credit");
    expect(JSON.stringify(refused.body)).not.toContain(CREDIT);
    expect(await db.select({ id: payins.id }).from(payins).where(eq(payins.merchantId, merchant.id))).toHaveLength(before.length);
    expect((await h2h(DEBIT, 'SE')).status).toBe(200);
    at(BEFORE);
    expect((await h2h(CREDIT, 'SE')).status).toBe(200);
  });
});
