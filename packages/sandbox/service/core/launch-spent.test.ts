/**
 * `launch.spent` (docs/design.md, E22): each spend of a launch address tells the merchant when it
 * was spent and by which client (its address and User-Agent, as the checkout saw them), in the
 * spend's own transaction, so the merchant can relaunch and flag a spend it did not expect; a
 * refused spend tells nothing. Answers are checked against the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchants, webhookDeliveries } from '@sandbox/db/schema';
import { sandboxDb } from './store';
import { contractCall as api, newHolderProof } from '@sandbox/testing/sandbox-http';
import { SAMPLE_BODIES } from '@sandbox/testing/operation-samples';
import { LAUNCH_SPENT } from './page-holders';

const launchOf = (url: string) => new URL(url).searchParams.get('launch')!;
const client = { ipAddress: '203.0.113.44', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156' };

beforeAll(async () => {
  const db = await sandboxDb();
  await db.update(merchants).set({ webhookUrl: 'https://merchant.example/webhooks' }).where(eq(merchants.id, 'merchant-demo'));
});

async function spentEvents(id: string) {
  const db = await sandboxDb();
  const rows = await db
    .select({ body: webhookDeliveries.body })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.transactionId, id), eq(webhookDeliveries.eventType, LAUNCH_SPENT)));
  return rows.map((row) => JSON.parse(row.body) as { type: string; data: Record<string, unknown> });
}

describe('launch.spent', () => {
  it('tells the merchant of each spend of the cashier and the widget, with the client, and of no refused one', async () => {
    const created = await api('POST', '/public/cashier/session', { body: SAMPLE_BODIES.createCashierSession!() as object });
    const session = created.body as { sessionId: string; checkoutUrl: string; widgetUrl: string };
    const bind = (url: string) =>
      api('PUT', `/public/cashier/session/${session.sessionId}/binding`, {
        token: 'sbx_checkout',
        body: { launchToken: launchOf(url), holderProof: newHolderProof(), client },
      });
    expect((await bind(session.widgetUrl)).status).toBe(204);
    expect((await bind(session.widgetUrl)).status).toBe(403);
    expect((await bind(session.checkoutUrl)).status).toBe(204);
    const events = await spentEvents(session.sessionId);
    expect(events.map((e) => e.data.page).sort()).toEqual(['cashier', 'widget']);
    for (const event of events) {
      expect(event.type).toBe('launch.spent');
      expect(event.data).toMatchObject({ sessionId: session.sessionId, client });
      expect(Date.now() - Date.parse(event.data.spentAt as string)).toBeLessThan(60_000);
    }
  });

  it('tells the merchant of a payout’s spend; a client too long is refused (400)', async () => {
    const created = await api('POST', '/public/payout', { body: SAMPLE_BODIES.createPayout!() as object, key: randomUUID() });
    const payout = created.body as { payoutId: string; iframeUrls: { card: string } };
    const body = (userAgent: string) => ({
      launchToken: launchOf(payout.iframeUrls.card),
      holderProof: newHolderProof(),
      client: { userAgent },
    });
    expect(
      (await api('PUT', `/public/payout/${payout.payoutId}/binding`, { token: 'sbx_checkout', body: body('x'.repeat(513)) })).status,
    ).toBe(400);
    expect((await api('PUT', `/public/payout/${payout.payoutId}/binding`, { token: 'sbx_checkout', body: body('curl/8') })).status).toBe(
      204,
    );
    const [event] = await spentEvents(payout.payoutId);
    expect(event?.data).toMatchObject({ page: 'payout', payoutId: payout.payoutId, client: { userAgent: 'curl/8' } });
  });

  it('passes the User-Agent on as untrusted text: at most 256 characters, no control characters', async () => {
    const created = await api('POST', '/public/payout', { body: SAMPLE_BODIES.createPayout!() as object, key: randomUUID() });
    const payout = created.body as { payoutId: string; iframeUrls: { card: string } };
    // What a browser (or a script posing as one) may write: markup, a line break, an escape, a bidi override, 512 characters.
    const written = `<img src=x onerror=alert(1)>\r\nX-Injected: 1\u001b[2J\u007f\u202eevil ${'A'.repeat(600)}`.slice(0, 512);
    const bound = await api('PUT', `/public/payout/${payout.payoutId}/binding`, {
      token: 'sbx_checkout',
      body: { launchToken: launchOf(payout.iframeUrls.card), holderProof: newHolderProof(), client: { userAgent: written } },
    });
    expect(bound.status).toBe(204);
    const [event] = await spentEvents(payout.payoutId);
    const userAgent = (event?.data.client as { userAgent: string }).userAgent;
    expect(userAgent.length).toBeLessThanOrEqual(256);
    expect(userAgent).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u);
    expect(userAgent.startsWith('<img src=x onerror=alert(1)>X-Injected: 1[2Jevil AAAA')).toBe(true);
  });
});
