/**
 * The session-changes long poll: POST /public/cashier/session-changes through the sandbox's router, answers checked
 * against the OpenAPI document: the first watch answers every session at once; a later one
 * waits and answers only the sessions whose balance or withdrawals changed; other merchants'
 * sessions never appear; bounds are 400.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api, pagesHolding } from '@sandbox/testing/sandbox-http';
import { createTestSession } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from '../core/store';

const CHECKOUT = 'sbx_checkout';

async function newSession(balance: number, token = 'sbx_demo_merchant') {
  const { sessionId, holding } = await createTestSession(balance, token);
  holders.set(sessionId, holding);
  return sessionId;
}
/** The browser that opened each session: the pages' credential watches with its proof. */
const holders = new Map<string, Awaited<ReturnType<typeof pagesHolding>>>();
const unknownProof = '0'.repeat(64);
/** A watch; with the pages' credential, each session id goes with its holder's proof. */
const watch = (body: { sessionIds: string[]; after?: string; waitSeconds?: number }, token = CHECKOUT) =>
  api('POST', '/public/cashier/session-changes', {
    body:
      token === CHECKOUT && body.sessionIds.length > 0 && body.sessionIds.length <= 1000
        ? { ...body, holderProofs: body.sessionIds.map((id) => holders.get(id)?.proof ?? unknownProof) }
        : body,
    token,
  });

beforeAll(async () => {
  await sandboxDb();
});

describe('session changes', () => {
  it('without a cursor answers every watched session at once', async () => {
    const [a, b] = [await newSession(10), await newSession(20.5)];
    const answer = await watch({ sessionIds: [a, b, 'cs_unknown'] });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toEqual(
      expect.arrayContaining([
        { sessionId: a, balance: 10, reserved: 0, available: 10 },
        { sessionId: b, balance: 20.5, reserved: 0, available: 20.5 },
      ]),
    );
    expect(answer.body.changed).toHaveLength(2);
    expect(answer.body.cursor).toMatch(/^\d+\.\d+$/);
  });

  it('waits, and answers only the session that changed, as soon as it changes', async () => {
    const [a, b] = [await newSession(10), await newSession(20)];
    const { cursor } = (await watch({ sessionIds: [a, b] })).body;
    const started = Date.now();
    const pending = watch({ sessionIds: [a, b], after: cursor, waitSeconds: 10 });
    await new Promise((r) => setTimeout(r, 300));
    expect((await api('PUT', `/public/cashier/session/${b}/balance`, { body: { balance: 42 } })).status).toBe(204);
    const answer = await pending;
    expect(Date.now() - started).toBeLessThan(5_000);
    // The balance alone moved: the notice says so, and a watcher keeps its withdrawals list.
    expect(answer.body.changed).toEqual([{ sessionId: b, balance: 42, reserved: 0, available: 42, withdrawalsChanged: false }]);
    // Nothing more has changed: the next watch waits its time and answers nothing.
    const quiet = await watch({ sessionIds: [a, b], after: answer.body.cursor, waitSeconds: 1 });
    expect(quiet.body.changed).toEqual([]);
  });

  it('a withdrawal is a change: reserved and available follow it', async () => {
    const id = await newSession(100);
    const { cursor } = (await watch({ sessionIds: [id] })).body;
    expect(
      (await api('POST', `/public/cashier/session/${id}/payout`, { body: { value: 30 }, ...holders.get(id)!, key: randomUUID() })).status,
    ).toBe(200);
    const answer = await watch({ sessionIds: [id], after: cursor, waitSeconds: 5 });
    expect(answer.body.changed).toEqual([{ sessionId: id, balance: 100, reserved: 30, available: 70, withdrawalsChanged: true }]);
  });

  it("never answers another merchant's session", async () => {
    const mine = await newSession(5);
    const theirs = await newSession(7, 'sbx_other_merchant');
    const first = await watch({ sessionIds: [mine, theirs] }, 'sbx_demo_merchant');
    expect(first.body.changed.map((c: { sessionId: string }) => c.sessionId)).toEqual([mine]);
    await api('PUT', `/public/cashier/session/${theirs}/balance`, { body: { balance: 8 }, token: 'sbx_other_merchant' });
    const later = await watch({ sessionIds: [mine, theirs], after: first.body.cursor, waitSeconds: 1 }, 'sbx_demo_merchant');
    expect(later.body.changed).toEqual([]);
  });

  it('refuses too many ids, a bad cursor and a wait above 25 s with 400', async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => `cs_${i}`);
    expect((await watch({ sessionIds: ids })).status).toBe(400);
    expect((await watch({ sessionIds: ['cs_x'], after: 'x;drop' })).status).toBe(400);
    expect((await watch({ sessionIds: ['cs_x'], waitSeconds: 26 })).status).toBe(400);
    expect((await watch({ sessionIds: [] })).status).toBe(400);
  });
});
