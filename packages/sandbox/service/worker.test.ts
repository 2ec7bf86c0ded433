/**
 * The sandbox's worker: a pay-in's timed outcome is settled when it falls due, without anyone
 * fetching the pay-in. Through the router (route handlers in process), every answer validated against the generated OpenAPI document by a standard validator
 * (packages/sandbox/testing/sandbox-http.ts).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { cardRequest, createTestPayin } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from './core/store';
import { runSandboxWorkerOnce } from './worker';

const CHECKOUT = 'sbx_checkout';
const browser = { userAgent: 'Mozilla/5.0', customerIp: '203.0.113.9', javascriptEnabled: true };
const card = (cardNumber: string) => cardRequest(cardNumber, { holder: 'Ada Lovelace', expiryYear: '2031', browser });
const newPayin = () => createTestPayin();

beforeAll(async () => {
  await sandboxDb();
});

describe('the worker', () => {
  it('settles timed outcomes without anyone fetching', async () => {
    const id = await newPayin();
    await api('POST', `/public/payin/${id}/process/card`, { body: card('4000000000000077'), token: CHECKOUT });
    const db = await sandboxDb();
    await runSandboxWorkerOnce(db, new Date(Date.now() + 6_000));
    const { payins } = await import('@sandbox/db/schema');
    const [row] = await db.select({ status: payins.status }).from(payins).where(eq(payins.id, id));
    expect(row?.status).toBe('SUCCESS');
  });
});
