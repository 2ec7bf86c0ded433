/**
 * The console's webhook deliveries: filtered by event type (the panel's GET form, `eventType`),
 * so a merchant's few payment events are not lost among its `launch.spent`; and the Attempts
 * column shows how many times each delivery was sent, with what each attempt got.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTranslator } from 'next-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '@sandbox/db/schema';
import type { SandboxMessages } from '@sandbox/i18n/translations';
import { DeliveriesTable, DeliveryFilterForm } from '@sandbox/components/console/console-deliveries';
import type { DeliveryAttempt } from '@sandbox/db/stored-shapes';
import { sandboxDb } from '../core/store';
import { consoleOverview } from './console-data';

const MERCHANT = 'merchant-night';
const en = JSON.parse(readFileSync('packages/sandbox/messages/en.json', 'utf8')) as SandboxMessages;
const t = createTranslator({ locale: 'en', messages: en, namespace: 'console' });

const attempt = (outcome: number | 'timeout'): DeliveryAttempt => ({
  at: new Date().toISOString(),
  durationMs: 5,
  ...(typeof outcome === 'number' ? { status: outcome } : { error: outcome }),
});

beforeAll(async () => {
  const db = await sandboxDb();
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  const row = (id: string, eventType: string, s: number, log: DeliveryAttempt[], delivered: boolean) => ({
    id,
    merchantId: MERCHANT,
    channel: 'event',
    eventType,
    transactionId: `tx_${id}`,
    url: 'https://merchant.example/hooks',
    body: JSON.stringify({ id: `evt_${id}`, type: eventType }),
    attempts: log.length,
    log,
    deliveredAt: delivered ? at(s) : null,
    createdAt: at(s),
  });
  await db
    .insert(webhookDeliveries)
    .values([
      row('whd_paid', 'payin.status_changed', 1, [attempt(500), attempt('timeout'), attempt(200)], true),
      ...Array.from({ length: 20 }, (_, i) => row(`whd_spent${i}`, 'launch.spent', 10 + i, [attempt(200)], true)),
      row('whd_queued', 'payout.status_changed', 40, [], false),
    ]);
});

describe('console webhook deliveries', () => {
  it('lists one event type when the filter names it, and every type with its count for the select', async () => {
    const db = await sandboxDb();
    const all = await consoleOverview(db, MERCHANT);
    expect(all.deliveryTypes).toEqual([
      { eventType: 'launch.spent', count: 20 },
      { eventType: 'payin.status_changed', count: 1 },
      { eventType: 'payout.status_changed', count: 1 },
    ]);
    // Unfiltered, the pay-in's delivery is pushed off the list by the launch.spent after it.
    expect(all.deliveries.map((d) => d.id)).not.toContain('whd_paid');
    const paid = await consoleOverview(db, MERCHANT, { eventType: 'payin.status_changed' });
    expect(paid.deliveryFilter).toBe('payin.status_changed');
    expect(paid.deliveries.map((d) => [d.id, d.attempts, d.outcomes])).toEqual([['whd_paid', 3, ['500', 'timeout', '200']]]);
    // A type the merchant has no delivery of filters nothing (and the select shows "All").
    const unknown = await consoleOverview(db, MERCHANT, { eventType: "x' OR 1=1" });
    expect(unknown.deliveryFilter).toBe('');
    expect(unknown.deliveries).toHaveLength(all.deliveries.length);
  });

  it('renders the filter as a GET form and the attempt count in the Attempts column', async () => {
    const db = await sandboxDb();
    const overview = await consoleOverview(db, MERCHANT, { eventType: 'payin.status_changed' });
    const form = renderToStaticMarkup(createElement(DeliveryFilterForm, { token: 'sbx_night_merchant', overview, t }));
    expect(form).toContain('method="get"');
    expect(form).toContain('name="eventType"');
    expect(form).toContain('<input type="hidden" name="token" value="sbx_night_merchant"/>');
    expect(form).toMatch(/<option value="payin.status_changed" selected="">payin.status_changed \(1 delivery\)<\/option>/);
    expect(form).toContain('launch.spent (20 deliveries)');
    const table = renderToStaticMarkup(createElement(DeliveriesTable, { token: 'sbx_night_merchant', overview, t }));
    expect(table).toMatch(/<td data-attempts="3">3<span[^>]*>Answers: 500, timeout, 200<\/span><\/td>/);
    const queued = await consoleOverview(db, MERCHANT, { eventType: 'payout.status_changed' });
    const queuedTable = renderToStaticMarkup(createElement(DeliveriesTable, { token: 'sbx_night_merchant', overview: queued, t }));
    expect(queuedTable).toContain('<td data-attempts="0">0</td>');
  });
});
