/**
 * 3-D Secure outcomes through the sandbox's API (HTTP in, HTTP out): a merchant's request
 * refused where it cannot apply (400, the reason named), each outcome in the pay-in and its
 * webhook, the issuer's low-value counters (the sixth challenged), an exemption the issuer
 * refuses (challenged within the same pay-in, one charge), the trusted list, MOTO and one-leg.
 * docs/design.md, section 3, "3-D Secure outcomes".
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshCard } from '@sandbox/testing/fresh-card';
import { handleSandboxRequest } from '../http';
import { merchants, webhookDeliveries } from '@sandbox/db/schema';
import { answerChallengeAtAcs } from './payin-decisions';
import { sandboxDb } from '../core/store';
import sampleCustomer from '@sandbox/service/sample-customer.json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer's JSON as the service sent it
type Json = Record<string, any>;
const ctx = { checkoutUrl: 'http://checkout.test', sandboxUrl: 'http://checkout.test' };

async function call(path: string, body: unknown, token = 'sbx_demo_merchant', key?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers['Idempotency-Key'] = key;
  const response = await handleSandboxRequest(
    new Request(`http://localhost/sandbox/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Json };
}

const create = (amount: number, authentication?: unknown, currency = 'EUR') =>
  call('/public/payin', {
    orderId: `order-${randomUUID()}`,
    amount,
    currency,
    kycVerified: false,
    previousTransactionCount: 1,
    customer: sampleCustomer,
    returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
    ...(authentication ? { authentication } : {}),
  });

const pay = (id: string, cardNumber: string) =>
  call(
    `/public/payin/${id}/process/card`,
    {
      browser: { userAgent: 'Mozilla/5.0 test', customerIp: '203.0.113.9', javascriptEnabled: true },
      cardData: { cardNumber, cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2030', cvv: '123' },
      saveCard: false,
    },
    'sbx_checkout',
    randomUUID(),
  );

/** Creates a pay-in with `authentication`, pays it with `cardNumber`, answers the challenge if one is asked; the pay-in as read after. */
async function payThrough(
  amount: number,
  authentication: unknown,
  cardNumber: string,
  challenge: { pass: boolean; trust?: boolean } = { pass: true },
) {
  const created = await create(amount, authentication);
  expect(created.status).toBe(200);
  const id = created.body.paymentId as string;
  const answer = await pay(id, cardNumber);
  expect(answer.status).toBe(200);
  if (answer.body.status === 'PENDING_3DS') {
    const db = await sandboxDb();
    await db.transaction((tx) => answerChallengeAtAcs(tx, id, challenge.pass, false, ctx, challenge.trust ?? false));
  }
  return { id, processing: answer.body, payin: (await call(`/public/payin/${id}`, undefined)).body };
}

beforeAll(async () => {
  const db = await sandboxDb();
  await db.update(merchants).set({ webhookUrl: 'https://hooks.example/three-ds' }).where(eq(merchants.id, 'merchant-demo'));
});

describe('a merchant’s 3-D Secure request', () => {
  it('is refused with its reason where it cannot apply, before anything is created', async () => {
    const cases: [number, unknown, RegExp][] = [
      [30.01, { request: 'LOW_VALUE' }, /EUR 30.*Art\. 16/],
      [250.01, { request: 'TRA' }, /EUR 250.*Art\. 18/],
      [300, { request: 'DATA_ONLY' }, /DATA_ONLY/],
      [10, { channel: 'MOTO', request: 'TRA' }, /MOTO/],
      [10, { request: 'NOPE' }, /authentication/],
      [10, { request: 'TRA', extra: 1 }, /authentication/],
    ];
    for (const [amount, authentication, message] of cases) {
      const answer = await create(amount, authentication);
      expect(answer.status, JSON.stringify(authentication)).toBe(400);
      expect(answer.body.errorMessage).toMatch(message);
    }
    // Converted first: USD 35 is EUR 32.20 at the sandbox's rates (above EUR 30); USD 30 is EUR 27.60.
    expect((await create(35, { request: 'LOW_VALUE' }, 'USD')).status).toBe(400);
    expect((await create(30, { request: 'LOW_VALUE' }, 'USD')).status).toBe(200);
  });
});

describe('the outcome in the pay-in and its webhook', () => {
  it('says each outcome: frictionless, challenged, exempted, data only, attempted, out of scope', async () => {
    const rows: [string, unknown, string, Json][] = [
      [
        '4242424242424242',
        undefined,
        'SUCCESS',
        { outcome: 'FRICTIONLESS', transStatus: 'Y', eci: '05', liabilityShift: true, challenged: false },
      ],
      [
        '4000000000003220',
        undefined,
        'SUCCESS',
        { outcome: 'AUTHENTICATED', transStatus: 'Y', eci: '05', liabilityShift: true, challenged: true },
      ],
      [
        freshCard(),
        { request: 'LOW_VALUE' },
        'SUCCESS',
        { outcome: 'EXEMPTED', exemption: 'LOW_VALUE', transStatus: 'I', eci: '07', liabilityShift: false },
      ],
      [freshCard(), { request: 'TRA' }, 'SUCCESS', { outcome: 'EXEMPTED', exemption: 'TRA', liabilityShift: false }],
      [freshCard(), { request: 'DATA_ONLY' }, 'SUCCESS', { outcome: 'DATA_ONLY', transStatus: 'I', eci: '07', liabilityShift: false }],
      ['4000000000003063', undefined, 'SUCCESS', { outcome: 'ATTEMPTED', transStatus: 'A', eci: '06', liabilityShift: true }],
      [
        '4000000000003220',
        { channel: 'MOTO' },
        'SUCCESS',
        { version: null, outcome: 'OUT_OF_SCOPE', outOfScope: 'MOTO', eci: null, challenged: false },
      ],
      ['4111111111111111', undefined, 'SUCCESS', { version: null, outcome: 'OUT_OF_SCOPE', outOfScope: 'ONE_LEG_OUT', eci: '07' }],
    ];
    const db = await sandboxDb();
    for (const [cardNumber, authentication, status, threeDs] of rows) {
      const { id, payin } = await payThrough(20, authentication, cardNumber);
      expect(payin.status, cardNumber).toBe(status);
      expect(payin.threeDs, cardNumber).toMatchObject(threeDs);
      if (authentication) expect(payin.authentication).toEqual(authentication);
      const hooks = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.transactionId, id));
      const success = hooks.map((h) => JSON.parse(h.body).data.object).find((o: Json) => o.status === 'SUCCESS');
      expect(success?.threeDs, `webhook of ${cardNumber}`).toEqual(payin.threeDs);
    }
  });

  it('says a failed challenge is not authenticated (N, no liability shift) and keeps nothing while it runs', async () => {
    const created = await create(20);
    const id = created.body.paymentId as string;
    const answer = await pay(id, '4000000000003220');
    expect(answer.body.status).toBe('PENDING_3DS');
    expect((await call(`/public/payin/${id}`, undefined)).body.threeDs).toBeUndefined();
    const db = await sandboxDb();
    await db.transaction((tx) => answerChallengeAtAcs(tx, id, false, false, ctx));
    const payin = (await call(`/public/payin/${id}`, undefined)).body;
    expect(payin.status).toBe('DECLINED');
    expect(payin.threeDs).toMatchObject({ outcome: 'NOT_AUTHENTICATED', transStatus: 'N', transStatusReason: '01', liabilityShift: false });
  });
});

describe('the issuer', () => {
  it('counts low-value payments: five exempted, the sixth challenged, then exempted again after it', async () => {
    const card = freshCard();
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const { payin } = await payThrough(10, { request: 'LOW_VALUE' }, card);
      outcomes.push(`${payin.status}:${payin.threeDs.outcome}${payin.threeDs.refusedByIssuer ? `:${payin.threeDs.refusedByIssuer}` : ''}`);
    }
    expect(outcomes).toEqual([
      'SUCCESS:EXEMPTED',
      'SUCCESS:EXEMPTED',
      'SUCCESS:EXEMPTED',
      'SUCCESS:EXEMPTED',
      'SUCCESS:EXEMPTED',
      'SUCCESS:AUTHENTICATED:FREQUENCY_LIMIT',
      'SUCCESS:EXEMPTED',
    ]);
  });

  it('refusing an exemption challenges the cardholder within the same pay-in, charged once', async () => {
    const { id, processing, payin } = await payThrough(20, { request: 'TRA' }, '4000000000003089');
    expect(processing.status).toBe('PENDING_3DS');
    expect(payin.status).toBe('SUCCESS');
    expect(payin.threeDs).toMatchObject({
      outcome: 'AUTHENTICATED',
      requested: 'TRA',
      refusedByIssuer: 'SOFT_DECLINE',
      liabilityShift: true,
    });
    const db = await sandboxDb();
    const hooks = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.transactionId, id));
    expect(hooks.map((h) => JSON.parse(h.body).data.object.status).filter((s: string) => s === 'SUCCESS')).toHaveLength(1);
    expect(payin.attemptsRemaining).toBeGreaterThanOrEqual(0);
  });

  it('exempts a trusted beneficiary after the cardholder trusted the merchant, and only that merchant', async () => {
    const card = freshCard();
    const first = await payThrough(80, { request: 'TRUSTED_BENEFICIARY' }, card, { pass: true, trust: true });
    expect(first.payin.threeDs).toMatchObject({ outcome: 'AUTHENTICATED', refusedByIssuer: 'NOT_TRUSTED' });
    const second = await payThrough(80, { request: 'TRUSTED_BENEFICIARY' }, card);
    expect(second.processing.status).toBe('SUCCESS');
    expect(second.payin.threeDs).toMatchObject({ outcome: 'EXEMPTED', exemption: 'TRUSTED_BENEFICIARY' });
    // A challenge passed without the box ticked trusts nobody.
    const other = freshCard();
    await payThrough(80, { request: 'TRUSTED_BENEFICIARY' }, other, { pass: true, trust: false });
    expect((await payThrough(80, { request: 'TRUSTED_BENEFICIARY' }, other)).processing.status).toBe('PENDING_3DS');
  });
});
