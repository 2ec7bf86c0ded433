/**
 * The live-balance hub against the sandbox in process (the session-changes long poll and the
 * fallback polling): many viewers of many sessions cost one watch call per round; a balance
 * change reaches every viewer of that session only; a service without session-changes is polled
 * once per session per interval, whatever the number of viewers.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationId } from '@hosted-checkout/contract/operations';
import { fillPath } from '@hosted-checkout/contract/operation-paths';
import { callOperation, PaymentsApiError } from '@/lib/payments-api/client';
import { createTestSession } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from '@sandbox/service/core/store';
import { call } from '@sandbox/testing/sandbox-http';
import { LiveBalanceHub } from '@/lib/checkout/cashier/live-balance/live-balance-hub';
import type { WidgetSnapshot } from '@/lib/checkout/cashier/live-balance/widget-snapshot';

/** callOperation, served by the sandbox's router in process with the hosted pages' credential. */
function upstream(options: { withoutE18?: boolean; idsPerWatch?: number } = {}) {
  const counts = new Map<string, number>();
  const fake = (async (
    id: OperationId,
    input: { params?: Record<string, string>; body?: unknown; signal?: AbortSignal; holderProof?: string | null },
  ) => {
    counts.set(id, (counts.get(id) ?? 0) + 1);
    if (options.withoutE18 && id === 'watchSessionChanges') throw new PaymentsApiError('http', id, 404, 'NOT_FOUND');
    const op = OPERATIONS[id];
    const answer = await call(op.method, fillPath(op.path, input.params ?? {}), {
      token: 'sbx_checkout',
      body: input.body,
      signal: input.signal,
      headers: input.holderProof ? { 'Holder-Proof': input.holderProof } : {},
    }).catch(() => {
      throw new PaymentsApiError('timeout', id);
    });
    if (answer.status >= 400) throw new PaymentsApiError('http', id, answer.status, answer.body?.errorKey);
    return answer.body;
  }) as unknown as typeof callOperation;
  const load = async (sessionId: string, holderProof: string | null = null) => {
    const session = (await fake('getCashierSession', { params: { sessionId }, holderProof })) as {
      balance?: number;
      available?: number;
      reserved?: number;
      currency: string;
      status: string;
      expiresAt: string;
    };
    return {
      balance: session.balance ?? null,
      available: session.available ?? null,
      reserved: session.reserved ?? 0,
      currency: session.currency,
      status: session.status,
      pending: [],
      expiresAt: session.expiresAt,
    };
  };
  const pendingCalls: string[] = [];
  const pendingOf = async (sessionId: string) => {
    pendingCalls.push(sessionId);
    return [];
  };
  return { counts, pendingCalls, hub: new LiveBalanceHub({ call: fake, loadSnapshot: load, pendingOf, idsPerWatch: options.idsPerWatch }) };
}

async function newSession(balance: number) {
  // The browser that opened the session (spent its launch secret): the hub reads and watches with its proof.
  const { sessionId, holding } = await createTestSession(balance);
  proofs.set(sessionId, holding.proof);
  return sessionId;
}
const proofs = new Map<string, string>();
const setBalance = (id: string, balance: number) => call('PUT', `/public/cashier/session/${id}/balance`, { body: { balance } });

function viewer(seen: WidgetSnapshot[]) {
  return (snapshot: WidgetSnapshot) => seen.push(snapshot);
}
const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

const unsubscribes: (() => void)[] = [];
afterEach(() => unsubscribes.splice(0).forEach((u) => u()));
beforeAll(async () => {
  await sandboxDb();
});

describe('live balance hub', () => {
  it('a notice of the balance alone costs no second call; a withdrawal’s refreshes the list', async () => {
    const { hub, pendingCalls } = upstream();
    const id = await newSession(50);
    const seen: WidgetSnapshot[] = [];
    const { unsubscribe } = await hub.subscribe(id, viewer(seen), proofs.get(id));
    unsubscribes.push(unsubscribe);
    await new Promise((r) => setTimeout(r, 400));
    await setBalance(id, 60);
    await until(() => seen.at(-1)?.balance === 60);
    // Before: every notice fetched the pending withdrawals again.
    expect(pendingCalls).toEqual([]);
    expect(
      (
        await call('POST', `/public/cashier/session/${id}/payout`, {
          token: 'sbx_checkout',
          headers: { 'Holder-Proof': proofs.get(id)! },
          body: { value: 10 },
          key: randomUUID(),
        })
      ).status,
    ).toBe(200);
    await until(() => seen.at(-1)?.reserved === 10);
    expect(pendingCalls).toEqual([id]);
  });

  it('pushes a change to every viewer of that session, with one watch for all sessions', async () => {
    const { hub, counts } = upstream();
    const ids = [await newSession(10), await newSession(20), await newSession(30)];
    const seen = new Map<string, WidgetSnapshot[]>();
    for (const id of ids) {
      for (let v = 0; v < 20; v += 1) {
        const list: WidgetSnapshot[] = [];
        seen.set(`${id}#${v}`, list);
        const { snapshot, unsubscribe } = await hub.subscribe(id, viewer(list), proofs.get(id));
        expect(snapshot.balance).toBe(ids.indexOf(id) * 10 + 10);
        unsubscribes.push(unsubscribe);
      }
    }
    expect(hub.size).toEqual({ sessions: 3, subscribers: 60 });
    await new Promise((r) => setTimeout(r, 400));
    const watchesBefore = counts.get('watchSessionChanges') ?? 0;
    await setBalance(ids[1]!, 25.5);
    await until(() => [...seen].filter(([k]) => k.startsWith(ids[1]!)).every(([, list]) => list.at(-1)?.balance === 25.5));
    for (const [k, list] of seen) if (!k.startsWith(ids[1]!)) expect(list).toEqual([]);
    // One watch answered the change and one more waits: not one call per viewer or per session.
    expect((counts.get('watchSessionChanges') ?? 0) - watchesBefore).toBeLessThanOrEqual(2);
    expect(counts.get('getCashierSession')).toBe(3);
  });

  it('without session-changes polls each watched session once per interval, whatever the number of viewers', async () => {
    const { hub, counts } = upstream({ withoutE18: true });
    const id = await newSession(5);
    const list: WidgetSnapshot[] = [];
    for (let v = 0; v < 50; v += 1)
      unsubscribes.push((await hub.subscribe(id, v === 0 ? viewer(list) : () => undefined, proofs.get(id))).unsubscribe);
    await new Promise((r) => setTimeout(r, 300));
    const before = counts.get('getCashierSession') ?? 0;
    await new Promise((r) => setTimeout(r, 3_000));
    const polls = (counts.get('getCashierSession') ?? 0) - before;
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(polls).toBeLessThanOrEqual(4);
    await setBalance(id, 6);
    await until(() => list.at(-1)?.balance === 6, 3_000);
  });

  it('watches more sessions than one call may name with parallel long polls, and misses no change', async () => {
    const { hub, counts } = upstream({ idsPerWatch: 2 });
    const ids = await Promise.all(Array.from({ length: 5 }, (_, i) => newSession(i)));
    const last = new Map<string, number | null>();
    for (const id of ids) unsubscribes.push((await hub.subscribe(id, (s) => last.set(id, s.balance), proofs.get(id))).unsubscribe);
    await new Promise((r) => setTimeout(r, 400));
    for (let round = 1; round <= 4; round += 1) {
      for (const id of ids) await setBalance(id, 100 + round);
      await until(() => ids.every((id) => last.get(id) === 100 + round), 5_000);
    }
    expect(counts.get('watchSessionChanges')).toBeLessThan(100);
  });

  it('stops watching a session when its last viewer leaves', async () => {
    const { hub } = upstream();
    const id = await newSession(1);
    const a = await hub.subscribe(id, () => undefined, proofs.get(id));
    const b = await hub.subscribe(id, () => undefined, proofs.get(id));
    a.unsubscribe();
    expect(hub.current(id)?.balance).toBe(1);
    b.unsubscribe();
    expect(hub.current(id)).toBeNull();
    expect(hub.size.sessions).toBe(0);
  });
});
