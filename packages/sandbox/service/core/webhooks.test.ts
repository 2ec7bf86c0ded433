/**
 * Webhooks through a local HTTP listener: the legacy host-to-host webhook with every field of
 * the reference's table, the public API's events, their signature, and the retry after a 500.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, webhookDeliveries } from '@sandbox/db/schema';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { h2hCreateBody } from '@sandbox/testing/sandbox-fixtures';
import { completeChallenge } from '../payins/payin-decisions';
import { sandboxDb } from './store';
import { runSandboxWorkerOnce } from '../worker';
import { RETRY_DELAYS_S, signature, standardWebhookHeaders } from './webhooks';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, verifyXSignature } from '@hosted-checkout/client';
import { PaymentEvent } from '@hosted-checkout/contract/events';
import { loopbackOnly } from '@hosted-checkout/runtime/testing/loopback-only';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a webhook's JSON body as received; the tests read its fields freely
  body: any;
}
const received: Received[] = [];
/** Paths answered 500 the first time they are called. */
const failOnce = new Set<string>();
let listener: http.Server;
let base = '';

beforeAll(async () => {
  listener = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, raw, body: JSON.parse(raw) });
      if (failOnce.delete(path)) {
        response.writeHead(500).end();
        return;
      }
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  await sandboxDb();
});

afterAll(() => new Promise((resolve) => listener.close(resolve)));

async function secretOf(merchantId: string) {
  const db = await sandboxDb();
  const [row] = await db.select({ secret: merchants.webhookSecret }).from(merchants).where(eq(merchants.id, merchantId));
  return row!.secret;
}

/**
 * Both signatures: the brief's X-Signature (keyed with the whole `whsec_…` text), and Standard
 * Webhooks checked by the `standardwebhooks` verifier; and both accepted by the merchant's client
 * package's verifiers, which document those keys (packages/client/README.md).
 */
const expectSigned = async (hit: Received, secret: string) => {
  expect(hit.headers['x-signature']).toBe(`sha256=${createHmac('sha256', secret).update(hit.raw).digest('hex')}`);
  expect(hit.headers['webhook-id']).toBe(hit.headers['x-webhook-id']);
  expect(new Webhook(secret).verify(hit.raw, hit.headers as Record<string, string>)).toEqual(JSON.parse(hit.raw));
  expect(verifyWebhook(hit.raw, hit.headers, secret)).toEqual(JSON.parse(hit.raw));
  expect(await verifyXSignature(hit.raw, hit.headers, secret)).toEqual(JSON.parse(hit.raw));
};

/** A host-to-host create of EUR 49.99 whose webhooks go to `hookPath` of the test's listener. */
const h2hBody = (hookPath: string, cardNumber: string) =>
  h2hCreateBody({
    cardNumber,
    hookUrl: `${base}${hookPath}`,
    amount: 49.99,
    externalUserId: 'h2h-customer',
    kycVerified: false,
    previousPaymentCount: 2,
  });

const WEBHOOK_FIELDS = [
  'id',
  'status',
  'amount',
  'currency',
  'createdAt',
  'psp',
  'cardMask',
  'cardholder',
  'expirationDate',
  'country',
  'cardBrand',
  'customerId',
  'paymentResult',
  'initialAmount',
  'initialCurrency',
  'isApm',
  'paymentLog',
  'billingData',
  'paymentTransactionRequests',
  'paymentSystemLog',
  'orderId',
  '3dsRedirectUrl',
];

describe('legacy host-to-host webhook', () => {
  it('Pending3DS at once with the ACS URL, signed, every field; then Approved after 3DS, and the client goes to callback', async () => {
    const created = await api('POST', '/transaction/h2h/create', { body: h2hBody('/hook-3ds', '4000000000003220') });
    expect(created.body).toMatchObject({ status: 'Pending3DS' });
    const db = await sandboxDb();
    await runSandboxWorkerOnce(db);
    const first = received.find((r) => r.path === '/hook-3ds');
    expect(first).toBeDefined();
    await expectSigned(first!, await secretOf('merchant-demo'));
    expect(Object.keys(first!.body).sort()).toEqual([...WEBHOOK_FIELDS].sort());
    expect(first!.body).toMatchObject({
      id: created.body.id,
      status: 'Pending3DS',
      amount: 49.99,
      currency: 'EUR',
      psp: 'Card EU',
      cardMask: '400000******3220',
      cardholder: 'Ada Lovelace',
      expirationDate: '12/2031',
      country: 'United Kingdom',
      cardBrand: 'Visa',
      initialAmount: 49.99,
      initialCurrency: 'EUR',
      isApm: false,
      orderId: created.body.orderId,
      '3dsRedirectUrl': `http://checkout.test/sandbox/3ds/${created.body.id}`,
      billingData: { firstName: 'Ada', country: 'GB', email: 'ada@example.com' },
    });
    expect(first!.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first!.body.paymentLog[0]).toMatchObject({
      paymentId: created.body.id,
      hookUrl: `${base}/hook-3ds`,
      lang: 'en',
      initialTransaction: true,
    });
    expect(first!.body.paymentSystemLog[0]).toMatchObject({
      paymentId: created.body.id,
      logData: { result: 'Pending3DS', pspName: 'Card EU' },
    });
    expect(first!.raw).not.toContain('4000000000003220');

    const next = await db.transaction((tx) => completeChallenge(tx, created.body.id, true, { checkoutUrl: 'http://checkout.test' }));
    expect(next).toBe('https://shop.example/ok');
    await runSandboxWorkerOnce(db);
    const final = received.filter((r) => r.path === '/hook-3ds');
    expect(final.map((r) => r.body.status)).toEqual(['Pending3DS', 'Approved']);
    expect(final[1]!.body['3dsRedirectUrl']).toBe('');
  });

  it('a decline is one final webhook; a failed 3DS sends the client to callbackFail', async () => {
    await api('POST', '/transaction/h2h/create', { body: h2hBody('/hook-declined', '4000000000000002') });
    const created = await api('POST', '/transaction/h2h/create', { body: h2hBody('/hook-failed-3ds', '4000000000003220') });
    const db = await sandboxDb();
    expect(await db.transaction((tx) => completeChallenge(tx, created.body.id, false, { checkoutUrl: 'http://checkout.test' }))).toBe(
      'https://shop.example/ko',
    );
    await runSandboxWorkerOnce(db);
    expect(received.filter((r) => r.path === '/hook-declined').map((r) => r.body.status)).toEqual(['Declined']);
    expect(received.filter((r) => r.path === '/hook-failed-3ds').map((r) => r.body.status)).toEqual(['Pending3DS', 'Declined']);
  });

  it('retries after a 500, and logs every attempt', async () => {
    failOnce.add('/hook-retry');
    const created = await api('POST', '/transaction/h2h/create', { body: h2hBody('/hook-retry', '4242424242424242') });
    expect(created.body.status).toBe('Approved');
    const db = await sandboxDb();
    await runSandboxWorkerOnce(db);
    expect(received.filter((r) => r.path === '/hook-retry')).toHaveLength(1);
    await runSandboxWorkerOnce(db);
    expect(received.filter((r) => r.path === '/hook-retry')).toHaveLength(1); // not due yet
    await runSandboxWorkerOnce(db, new Date(Date.now() + RETRY_DELAYS_S[0]! * 1000 + 100));
    const hits = received.filter((r) => r.path === '/hook-retry');
    expect(hits).toHaveLength(2);
    expect(hits[1]!.headers['x-webhook-attempt']).toBe('2');
    expect(hits[1]!.raw).toBe(hits[0]!.raw);
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.transactionId, created.body.id));
    expect(delivery).toMatchObject({ attempts: 2, nextAttemptAt: null });
    expect(delivery!.deliveredAt).not.toBeNull();
    expect((delivery!.log as { status: number }[]).map((a) => a.status)).toEqual([500, 200]);
  });

  it('validates the body (400) and needs a merchant token (401, 403)', async () => {
    expect(
      (await api('POST', '/transaction/h2h/create', { body: { ...h2hBody('/x', '4242424242424242'), hookUrl: 'ftp://x' } })).status,
    ).toBe(400);
    expect((await api('POST', '/transaction/h2h/create', { body: h2hBody('/x', '4242424242424242'), token: null })).status).toBe(401);
    expect((await api('POST', '/transaction/h2h/create', { body: h2hBody('/x', '4242424242424242'), token: 'sbx_checkout' })).status).toBe(
      403,
    );
  });
});

describe('events of the public API', () => {
  it('one signed event per status change, to the merchant webhook URL', async () => {
    const db = await sandboxDb();
    await db
      .update(merchants)
      .set({ webhookUrl: `${base}/events` })
      .where(eq(merchants.id, 'merchant-other'));
    const created = await api('POST', '/public/payin', {
      token: 'sbx_other_merchant',
      body: {
        orderId: `o-${randomUUID()}`,
        amount: 10,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        customer: sampleCustomer,
        returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
      },
    });
    const id = created.body.paymentId;
    await api('POST', `/public/payin/${id}/process/card`, {
      token: 'sbx_checkout',
      body: {
        browser: {},
        cardData: { cardNumber: '4000000000000077', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
        saveCard: false,
      },
    });
    await runSandboxWorkerOnce(db, new Date(Date.now() + 6_000));
    await runSandboxWorkerOnce(db);
    const events = received.filter((r) => r.path === '/events' && r.body.data.object.id === id);
    expect(events.map((e) => [e.body.type, e.body.data.previousStatus, e.body.data.object.status])).toEqual([
      ['payin.status_changed', 'CREATED', 'PENDING'],
      ['payin.status_changed', 'PENDING', 'SUCCESS'],
    ]);
    for (const event of events) {
      await expectSigned(event, await secretOf('merchant-other'));
      // The body is the document's PaymentEvent (OpenAPI `webhooks`).
      expect(PaymentEvent.parse(event.body)).toEqual(event.body);
    }
    expect(events[0]!.body.id).toMatch(/^evt_/);
  });
});

describe('Standard Webhooks signature', () => {
  it('is refused by the verifier when replayed after 5 minutes, tampered, or signed with another secret', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = JSON.stringify({ id: 'evt_1', type: 'payin.succeeded' });
    const fresh = standardWebhookHeaders(secret, 'whd_1', body);
    expect(new Webhook(secret).verify(body, fresh)).toEqual(JSON.parse(body));
    const old = standardWebhookHeaders(secret, 'whd_1', body, new Date(Date.now() - 6 * 60_000));
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/timestamp/i);
    expect(() => new Webhook(secret).verify(body.replace('succeeded', 'refunded'), fresh)).toThrow();
    expect(() => new Webhook('whsec_' + Buffer.from('another secret').toString('base64')).verify(body, fresh)).toThrow();
  });

  it('keys X-Signature with the whole whsec_ text and webhook-signature with the decoded part, as the client package documents', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = JSON.stringify({ id: 'evt_1', type: 'payin.status_changed' });
    const headers = { 'X-Signature': signature(secret, body), ...standardWebhookHeaders(secret, 'whd_1', body) };
    const decoded = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(headers['X-Signature']).toBe(`sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`);
    expect(headers['X-Signature']).not.toBe(`sha256=${createHmac('sha256', decoded).update(body).digest('hex')}`);
    expect(await verifyXSignature(body, headers, secret)).toEqual(JSON.parse(body));
    expect(verifyWebhook(body, headers, secret)).toEqual(JSON.parse(body));
  });
});

describe('webhooks never reach private networks', () => {
  // Checked for refusal only; and should the guard break, the test guard stops any connection
  // to anything but loopback before a packet leaves.
  let guard: ReturnType<typeof loopbackOnly>;
  beforeAll(() => {
    guard = loopbackOnly();
  });
  afterAll(() => guard.restore());

  it('refuses a hookUrl on a private, link-local or metadata address when the transaction is created (400)', async () => {
    for (const hookUrl of ['http://10.0.0.5/hook', 'http://169.254.169.254/latest/meta-data', 'http://[fd00:ec2::254]/']) {
      const answer = await api('POST', '/transaction/h2h/create', { body: { ...h2hBody('/x', '4242424242424242'), hookUrl } });
      expect(answer.status, hookUrl).toBe(400);
      expect(answer.body.errorMessage).toMatch(/^hookUrl: /);
    }
    expect(guard.stopped).toEqual([]);
  });

  it('a queued delivery to a forbidden address is refused when sent, without a socket, and logged as "refused" only', async () => {
    const db = await sandboxDb();
    const id = `whd_${randomUUID()}`;
    await db.insert(webhookDeliveries).values({
      id,
      merchantId: 'merchant-demo',
      channel: 'event',
      eventType: 'payin.status_changed',
      transactionId: 'pi_x',
      url: 'http://169.254.169.254/hook',
      body: '{}',
      nextAttemptAt: new Date(Date.now() - 1000),
    });
    await runSandboxWorkerOnce(db);
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(row!.log).toEqual([expect.objectContaining({ error: 'refused' })]);
    expect(guard.stopped).toEqual([]);
  });
});

describe('two workers on one database', () => {
  it('deliver each webhook once (counted by its id at a receiver answering 2xx)', async () => {
    const db = await sandboxDb();
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const id = `whd_${randomUUID()}`;
      ids.push(id);
      await db.insert(webhookDeliveries).values({
        id,
        merchantId: 'merchant-demo',
        channel: 'event',
        eventType: 'payin.status_changed',
        transactionId: `pi_${i}`,
        url: `${base}/hook-once`,
        body: `{"n":${i}}`,
        nextAttemptAt: new Date(Date.now() - 1000),
      });
    }
    await Promise.all([runSandboxWorkerOnce(db), runSandboxWorkerOnce(db), runSandboxWorkerOnce(db)]);
    await Promise.all([runSandboxWorkerOnce(db), runSandboxWorkerOnce(db)]);
    const seen = received.filter((r) => r.path === '/hook-once').map((r) => String(r.headers['x-webhook-id']));
    expect(seen.sort()).toEqual([...ids].sort());
  });
});
