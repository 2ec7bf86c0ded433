/**
 * E22 through the router, checked against the OpenAPI document: the first browser to claim a
 * cashier session or a payout's destination page holds it; two claims at once, one wins; a
 * cashier payout is held through its session; only the hosted pages' credential may claim.
 */
import { randomUUID } from 'node:crypto';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxDb } from '../core/store';
import { contractCall as api } from '@/lib/testing/sandbox-http';
import { SAMPLE_BODIES } from '@/lib/testing/operation-samples';

const hash = () => createHash('sha256').update(randomUUID()).digest('hex');
const pages = { token: 'sbx_checkout' };

beforeAll(async () => {
  await sandboxDb();
});

async function session() {
  const created = await api('POST', '/public/cashier/session', { body: { ...(SAMPLE_BODIES.createCashierSession!() as object), balance: 100 } });
  return created.body.sessionId as string;
}

describe('E22 bindings', () => {
  it('the first claim of a session wins; the same hash again is 204, another 409 ALREADY_BOUND', async () => {
    const id = await session();
    const mine = hash();
    expect((await api('PUT', `/public/cashier/session/${id}/binding`, { ...pages, body: { bindingHash: mine } })).status).toBe(204);
    expect((await api('PUT', `/public/cashier/session/${id}/binding`, { ...pages, body: { bindingHash: mine } })).status).toBe(204);
    const other = await api('PUT', `/public/cashier/session/${id}/binding`, { ...pages, body: { bindingHash: hash() } });
    expect(other.status).toBe(409);
    expect(other.body.errorKey).toBe('ALREADY_BOUND');
  });

  it('of two claims at once, exactly one wins', async () => {
    const id = await session();
    const answers = await Promise.all([hash(), hash(), hash()].map((bindingHash) => api('PUT', `/public/cashier/session/${id}/binding`, { ...pages, body: { bindingHash } })));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409, 409]);
  });

  it('a cashier payout is held through its session; a merchant’s payout by its own first claim', async () => {
    const id = await session();
    const mine = hash();
    await api('PUT', `/public/cashier/session/${id}/binding`, { ...pages, body: { bindingHash: mine } });
    const withdrawal = await api('POST', `/public/cashier/session/${id}/payout`, { ...pages, body: { value: 10 }, key: randomUUID() });
    expect(withdrawal.status).toBe(200);
    const payoutId = withdrawal.body.payoutId as string;
    expect((await api('PUT', `/public/payout/${payoutId}/binding`, { ...pages, body: { bindingHash: hash() } })).status).toBe(409);
    expect((await api('PUT', `/public/payout/${payoutId}/binding`, { ...pages, body: { bindingHash: mine } })).status).toBe(204);

    const payout = await api('POST', '/public/payout', { body: SAMPLE_BODIES.createPayout!() });
    const first = hash();
    expect((await api('PUT', `/public/payout/${payout.body.payoutId}/binding`, { ...pages, body: { bindingHash: first } })).status).toBe(204);
    expect((await api('PUT', `/public/payout/${payout.body.payoutId}/binding`, { ...pages, body: { bindingHash: hash() } })).status).toBe(409);
  });

  it('refuses a merchant’s token (403), an unknown id (404) and a malformed hash (400)', async () => {
    const id = await session();
    expect((await api('PUT', `/public/cashier/session/${id}/binding`, { body: { bindingHash: hash() } })).status).toBe(403);
    expect((await api('PUT', '/public/cashier/session/cs_unknown/binding', { ...pages, body: { bindingHash: hash() } })).status).toBe(404);
    expect((await api('PUT', `/public/cashier/session/${id}/binding`, { ...pages, body: { bindingHash: 'secret' } })).status).toBe(400);
  });
});
