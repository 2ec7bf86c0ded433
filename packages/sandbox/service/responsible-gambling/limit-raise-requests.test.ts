/**
 * Germany's raise of the monthly deposit ceiling past EUR 1,000 (GlüStV 2021 §6c(1) S.3;
 * docs/design.md, section 8), through the sandbox's router with every answer checked against the
 * OpenAPI document: the customer asks in the cashier (with a document kept as its digest), the
 * merchant lists and approves or declines (409 on a second decision, idempotent with its key),
 * the ceiling rises only after the approval and a raise up to it still waits 7 days, uploads that
 * are too large or not their type are 4xx, and every step is an event.
 */
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contractCall as api, testBrowser } from '@sandbox/testing/sandbox-http';
import { cashierCalls, openCustomerSession } from '@sandbox/testing/cashier-calls';
import { receiveWebhooks } from '@sandbox/testing/webhook-receiver';
import { endCoolingOff } from '@sandbox/testing/sandbox-fixtures';
import { LimitRaiseEvent } from '@hosted-checkout/contract/events';
import { LIMIT_RAISE_MAX_BODY_BYTES } from '@hosted-checkout/contract/responsible-gambling/limit-raise';
import { SANDBOX_API_MAX_UPLOAD_BYTES, sandboxApiMaxBodyBytes } from '@hosted-checkout/runtime/net/body-limits';
import { sandboxDb } from '../core/store';
import { runSandboxWorkerOnce } from '../worker';

const browserOf = testBrowser();
const MERCHANT = 'sbx_regulated_merchant';
const received = receiveWebhooks(MERCHANT);
const { rg, setRg } = cashierCalls(browserOf);

/** A session of a new DE customer (GGL) at the regulated merchant, their month limit set to the EUR 1,000 ceiling. */
async function germanAtCeiling() {
  const opened = await openCustomerSession(browserOf, {
    token: MERCHANT,
    externalUserId: `lr-${randomUUID()}`,
    country: 'DE',
    balance: 100,
  });
  expect((await setRg(opened.id, { depositLimits: { month: 1000 } })).status).toBe(200);
  return opened;
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const pdfDocument = (bytes = PDF) => ({
  fileName: 'Einkommensteuerbescheid.pdf',
  contentType: 'application/pdf',
  content: bytes.toString('base64'),
});
const ask = (sessionId: string, body: object) =>
  api('POST', `/public/cashier/session/${sessionId}/limit-raise-request`, { ...browserOf.pages, body });
const pending = async () => (await api('GET', '/public/limit-raise-requests', { token: MERCHANT })).body.requests as { id: string }[];
const decide = (requestId: string, body: object, key?: string) =>
  api('POST', `/public/limit-raise-requests/${requestId}/decision`, { token: MERCHANT, body, ...(key ? { key } : {}) });

describe('a request for a higher monthly ceiling (GGL)', () => {
  it('is pending until the merchant approves; the ceiling rises only then, and a raise up to it waits 7 days', async () => {
    const { id, customerId } = await germanAtCeiling();
    const asked = await ask(id, { requestedCeiling: 5000, netMonthlyIncome: 6500, document: pdfDocument() });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      customerId,
      status: 'pending',
      currency: 'EUR',
      ceilingInForce: 1000,
      requestedCeiling: 5000,
      netMonthlyIncome: 6500,
      document: { contentType: 'application/pdf', size: PDF.byteLength, sha256: createHash('sha256').update(PDF).digest('hex') },
    });
    expect(JSON.stringify(asked.body)).not.toContain(PDF.toString('base64'));
    // Pending: the ceiling is still EUR 1,000, for the customer and for the merchant alike.
    expect(await rg(id)).toMatchObject({ monthlyCeiling: 1000, limitRaise: { status: 'pending', requestedCeiling: 5000 } });
    expect((await setRg(id, { depositLimits: { month: 1500 } })).body.errorMessage).toMatch(/1000 EUR/);
    expect(
      (await api('PUT', `/public/customer/${customerId}/limits`, { token: MERCHANT, body: { deposit: { EUR: { month: 1500 } } } })).status,
    ).toBe(400);
    expect((await ask(id, { requestedCeiling: 2000, netMonthlyIncome: 6500 })).body.errorKey).toBe('INVALID_STATE');
    expect((await pending()).map((r) => r.id)).toContain(asked.body.id);

    const approved = await decide(asked.body.id, { status: 'approved', ceiling: 4000 });
    expect(approved.body).toMatchObject({ status: 'approved', approvedCeiling: 4000, decidedAt: expect.any(String) });
    expect((await pending()).map((r) => r.id)).not.toContain(asked.body.id);
    expect(await rg(id)).toMatchObject({
      monthlyCeiling: 4000,
      limitRaise: { status: 'approved', approvedCeiling: 4000 },
      limits: { month: 1000 },
    });
    // The limit itself rises as any raise: after 7 days, and never past the approved ceiling.
    expect((await setRg(id, { depositLimits: { month: 4001 } })).body.errorMessage).toMatch(/4000 EUR/);
    const raised = await setRg(id, { depositLimits: { month: 4000 } });
    expect(raised.body.limits).toEqual({ month: 1000 });
    expect(new Date(raised.body.pending[0].effectiveAt).getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    await endCoolingOff(await sandboxDb(), customerId);
    expect((await rg(id)).limits).toEqual({ month: 4000 });
  });

  it('declined: the reason reaches the customer and the ceiling stays; a second decision is 409, a retry with its key answers as before', async () => {
    const { id } = await germanAtCeiling();
    const asked = await ask(id, { requestedCeiling: 3000, netMonthlyIncome: 2000 });
    expect(asked.body.document).toBeUndefined();
    const key = randomUUID();
    const declined = await decide(asked.body.id, { status: 'declined', reason: 'Bitte reichen Sie einen Einkommensnachweis ein.' }, key);
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: 'Bitte reichen Sie einen Einkommensnachweis ein.' });
    expect(
      (await decide(asked.body.id, { status: 'declined', reason: 'Bitte reichen Sie einen Einkommensnachweis ein.' }, key)).body,
    ).toEqual(declined.body);
    expect((await decide(asked.body.id, { status: 'approved', ceiling: 3000 })).status).toBe(409);
    expect(await rg(id)).toMatchObject({ monthlyCeiling: 1000, limitRaise: { status: 'declined', declineReason: expect.any(String) } });
    // Decided, the customer may ask again.
    expect((await ask(id, { requestedCeiling: 2000, netMonthlyIncome: 2500 })).status).toBe(200);
  });

  it('every step is an event, in the OpenAPI document’s shape', async () => {
    const { id, customerId } = await germanAtCeiling();
    const asked = await ask(id, { requestedCeiling: 2500, netMonthlyIncome: 4000 });
    await decide(asked.body.id, { status: 'approved', ceiling: 2500 });
    await runSandboxWorkerOnce(await sandboxDb());
    const events = received
      .map((r) => JSON.parse(r.raw) as { type: string; data: { customerId?: string } })
      .filter((e) => e.type.startsWith('customer.limit_raise_') && e.data.customerId === customerId)
      .map((e) => LimitRaiseEvent.parse(e));
    expect(events.map((e) => [e.type, e.data.status])).toEqual([
      ['customer.limit_raise_requested', 'pending'],
      ['customer.limit_raise_approved', 'approved'],
    ]);
  });

  it('refuses what cannot be a request: no ceiling in the rules, not above it, a ceiling past EUR 30,000, a decision not above EUR 1,000', async () => {
    const uk = await openCustomerSession(browserOf, { token: MERCHANT, country: 'GB', balance: 10 });
    expect((await ask(uk.id, { requestedCeiling: 2000, netMonthlyIncome: 5000 })).status).toBe(400);
    const { id } = await germanAtCeiling();
    expect((await ask(id, { requestedCeiling: 1000, netMonthlyIncome: 5000 })).status).toBe(400);
    expect((await ask(id, { requestedCeiling: 30_000.01, netMonthlyIncome: 5000 })).status).toBe(400);
    const asked = await ask(id, { requestedCeiling: 2000, netMonthlyIncome: 5000 });
    expect((await decide(asked.body.id, { status: 'approved', ceiling: 1000 })).status).toBe(400);
    expect((await decide(asked.body.id, { status: 'approved', ceiling: 30_001 })).status).toBe(400);
    expect((await decide(asked.body.id, { status: 'declined', reason: '' })).status).toBe(400);
    expect((await decide('lrr_unknown', { status: 'declined', reason: 'x' })).status).toBe(404);
    // The customer's browser may not decide, nor list.
    expect((await api('GET', '/public/limit-raise-requests', { ...browserOf.pages })).status).toBe(403);
    expect(
      (
        await api('POST', `/public/limit-raise-requests/${asked.body.id}/decision`, {
          ...browserOf.pages,
          body: { status: 'declined', reason: 'x' },
        })
      ).status,
    ).toBe(403);
    // Another merchant's request is unknown to this one.
    expect(
      (
        await api('POST', `/public/limit-raise-requests/${asked.body.id}/decision`, {
          token: 'sbx_demo_merchant',
          body: { status: 'declined', reason: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a document that is too large, empty, not its type or not base64 (4xx), and keeps nothing of it', async () => {
    const { id } = await germanAtCeiling();
    const body = (document: object) => ({ requestedCeiling: 2000, netMonthlyIncome: 5000, document });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
    expect((await ask(id, body({ ...pdfDocument(png) }))).body.errorMessage).toMatch(/not a application\/pdf/);
    expect((await ask(id, body({ ...pdfDocument(), contentType: 'application/zip' }))).status).toBe(400);
    expect((await ask(id, body({ ...pdfDocument(), content: '%%%%' }))).status).toBe(400);
    expect((await ask(id, body({ ...pdfDocument(), content: 'QUJD' + 'A' }))).status).toBe(400);
    const over = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await ask(id, body(pdfDocument(over)));
    expect(tooLarge.status).toBe(400);
    expect((await rg(id)).limitRaise).toBeUndefined();
    // A PNG named as one is kept (as its digest).
    expect((await ask(id, body({ fileName: 'kontoauszug.png', contentType: 'image/png', content: png.toString('base64') }))).status).toBe(
      200,
    );
  });

  it('takes the upload past the API’s 64 KiB at its own path only, and the guard and the router agree on the bound', () => {
    expect(SANDBOX_API_MAX_UPLOAD_BYTES).toBe(LIMIT_RAISE_MAX_BODY_BYTES);
    expect(sandboxApiMaxBodyBytes('/sandbox/api/public/cashier/session/cs_1/limit-raise-request')).toBe(LIMIT_RAISE_MAX_BODY_BYTES);
    expect(sandboxApiMaxBodyBytes('/sandbox/api/public/cashier/session/cs_1/payin')).toBe(64 * 1024);
  });
});
