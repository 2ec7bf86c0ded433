/**
 * The transitions table against the docs/design.md's text (section 3, "States"): every pair of
 * states, written out here independently of transitions.ts; terminal states; reachability; the
 * actions read off the table; and the table enforced on the real paths (HTTP and records.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payouts } from '@sandbox/db/schema';
import { PAYIN_STATUSES, PAYOUT_STATUSES, type PayinStatus, type PayoutStatus } from '@hosted-checkout/contract/enums';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { SandboxApiError } from './api-error';
import { changePayout } from './records';
import { sandboxDb } from './store';
import {
  PAYIN_TRANSITIONS,
  PAYOUT_TRANSITIONS,
  assertTransition,
  canTransition,
  isTerminal,
  payinActions,
  payoutActions,
} from './transitions';

/** The brief's pay-in edges, as `FROM>TO`. */
const PAYIN_EDGES = new Set([
  // CREATED → PENDING | PENDING_3DS, and card outcomes at once.
  'CREATED>PENDING',
  'CREATED>PENDING_3DS',
  'CREATED>SUCCESS',
  'CREATED>DECLINED',
  'CREATED>FAILED',
  'PENDING>SUCCESS',
  'PENDING>DECLINED',
  'PENDING>FAILED',
  'PENDING>TIMEOUT',
  'PENDING_3DS>SUCCESS',
  'PENDING_3DS>DECLINED',
  'PENDING_3DS>FAILED',
  'PENDING_3DS>TIMEOUT',
  // A DECLINED pay-in processed again with another card.
  'DECLINED>PENDING',
  'DECLINED>PENDING_3DS',
  'DECLINED>SUCCESS',
  'DECLINED>DECLINED',
  'DECLINED>FAILED',
  'SUCCESS>REFUND_PENDING',
  'PARTIALLY_REFUNDED>REFUND_PENDING',
  'REFUND_PENDING>REFUNDED',
  'REFUND_PENDING>PARTIALLY_REFUNDED',
  'REFUND_PENDING>REFUND_FAILED',
]);

/** The brief's payout edges. */
const PAYOUT_EDGES = new Set([
  'CREATED>WAITING_FOR_CONFIRMATION',
  'CREATED>PENDING', // payoutAutoConfirm
  'CREATED>REJECTED',
  'WAITING_FOR_CONFIRMATION>PENDING',
  'WAITING_FOR_CONFIRMATION>REJECTED',
  'PENDING>PROCESSED',
  'PENDING>FAILED',
  'PENDING>TIMEOUT',
]);

function thrown(run: () => void): SandboxApiError | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof SandboxApiError) return error;
    throw error;
  }
}

/** Every state reachable from CREATED through `table`. */
function reachable(table: Readonly<Record<string, readonly string[]>>): Set<string> {
  const seen = new Set(['CREATED']);
  const queue = ['CREATED'];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const next of table[state] ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/**
 * The tests both tables take: their size (statuses, and edges as the brief counts them), and every
 * pair of statuses allowed exactly when it is an edge (else 409 INVALID_STATE).
 */
function edgeTests(
  kind: 'payin' | 'payout',
  statuses: readonly string[],
  edges: Set<string>,
  transitions: Record<string, readonly string[]>,
  brief: { statuses: number; edges: number },
) {
  // The checks' overloads per kind, as one signature for either table's statuses.
  const can = canTransition as (type: typeof kind, from: string, to: string) => boolean;
  const check = assertTransition as (type: typeof kind, from: string, to: string) => void;
  it(`has the ${brief.statuses} statuses and the ${brief.edges} edges of the brief`, () => {
    expect(statuses).toHaveLength(brief.statuses);
    expect(edges.size).toBe(brief.edges);
    expect(Object.keys(transitions).sort()).toEqual([...statuses].sort());
  });

  it.each(statuses.flatMap((from) => statuses.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    const allowed = edges.has(`${from}>${to}`);
    expect(can(kind, from, to)).toBe(allowed);
    const error = thrown(() => check(kind, from, to));
    if (allowed) expect(error).toBeNull();
    else expect(error && { key: error.key, status: error.status }).toEqual({ key: 'INVALID_STATE', status: 409 });
  });
}

describe('the pay-in table', () => {
  edgeTests('payin', PAYIN_STATUSES, PAYIN_EDGES, PAYIN_TRANSITIONS, { statuses: 11, edges: 23 });

  it('FAILED, TIMEOUT, REFUNDED and REFUND_FAILED have no exits; every other status has one', () => {
    const terminal: PayinStatus[] = ['FAILED', 'TIMEOUT', 'REFUNDED', 'REFUND_FAILED'];
    for (const status of PAYIN_STATUSES) {
      expect(isTerminal('payin', status), status).toBe(terminal.includes(status));
      if (terminal.includes(status)) expect(PAYIN_TRANSITIONS[status]).toEqual([]);
    }
  });

  it('every status is reachable from CREATED', () => {
    expect([...reachable(PAYIN_TRANSITIONS)].sort()).toEqual([...PAYIN_STATUSES].sort());
  });

  it('actions: processing from CREATED and DECLINED, refunds from SUCCESS and PARTIALLY_REFUNDED', () => {
    for (const status of PAYIN_STATUSES) {
      expect(payinActions(status), status).toEqual({
        process: status === 'CREATED' || status === 'DECLINED',
        refund: status === 'SUCCESS' || status === 'PARTIALLY_REFUNDED',
      });
    }
  });
});

describe('the payout table', () => {
  edgeTests('payout', PAYOUT_STATUSES, PAYOUT_EDGES, PAYOUT_TRANSITIONS, { statuses: 7, edges: 8 });

  it('PROCESSED, REJECTED, FAILED and TIMEOUT have no exits', () => {
    const terminal: PayoutStatus[] = ['PROCESSED', 'REJECTED', 'FAILED', 'TIMEOUT'];
    for (const status of PAYOUT_STATUSES) expect(isTerminal('payout', status), status).toBe(terminal.includes(status));
  });

  it('every status is reachable from CREATED', () => {
    expect([...reachable(PAYOUT_TRANSITIONS)].sort()).toEqual([...PAYOUT_STATUSES].sort());
  });

  it('actions: a destination for CREATED, confirm from WAITING_FOR_CONFIRMATION only, reject from both', () => {
    for (const status of PAYOUT_STATUSES) {
      expect(payoutActions(status), status).toEqual({
        giveDestination: status === 'CREATED',
        confirm: status === 'WAITING_FOR_CONFIRMATION',
        reject: status === 'CREATED' || status === 'WAITING_FOR_CONFIRMATION',
      });
    }
  });

  it('names the action in the message when given one', () => {
    expect(thrown(() => assertTransition('payout', 'PROCESSED', 'REJECTED', 'rejected'))?.message).toBe(
      'A payout in status PROCESSED cannot be rejected',
    );
    expect(thrown(() => assertTransition('payin', 'REFUNDED', 'REFUND_PENDING'))?.message).toBe(
      'A pay-in in status REFUNDED cannot become REFUND_PENDING',
    );
  });
});

describe('the table on the real paths', () => {
  const browser = { userAgent: 'Mozilla/5.0', customerIp: '203.0.113.9', javascriptEnabled: true };
  const destination = {
    browser,
    cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031' },
  };

  async function newPayout() {
    const answer = await api('POST', '/public/payout', {
      body: {
        orderId: `o-${randomUUID()}`,
        value: 15,
        currency: 'EUR',
        kycVerified: false,
        customer: { ...sampleCustomer, externalUserId: `c-${randomUUID()}` },
      },
    });
    expect(answer.status).toBe(200);
    return answer.body.payoutId as string;
  }

  beforeAll(async () => {
    await sandboxDb();
  });
  afterEach(() => vi.useRealTimers());

  it('confirming a CREATED payout is 409 INVALID_STATE (CREATED → PENDING is auto-confirmation only)', async () => {
    const id = await newPayout();
    const answer = await api('PUT', `/public/payout/${id}/confirm`);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ errorKey: 'INVALID_STATE', errorMessage: 'A payout in status CREATED cannot be confirmed' });
    expect((await api('GET', `/public/payout/${id}`)).body.status).toBe('CREATED');
  });

  it('rejecting a PROCESSED payout is 409 INVALID_STATE, and so is a second destination', async () => {
    const id = await newPayout();
    expect((await api('POST', `/public/payout/${id}/process/card`, { body: destination })).status).toBe(200);
    expect((await api('POST', `/public/payout/${id}/process/card`, { body: destination })).body).toMatchObject({
      errorKey: 'INVALID_STATE',
    });
    expect((await api('PUT', `/public/payout/${id}/confirm`)).status).toBe(204);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2_500);
    expect((await api('GET', `/public/payout/${id}`)).body.status).toBe('PROCESSED');
    const answer = await api('PUT', `/public/payout/${id}/reject`);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ errorKey: 'INVALID_STATE', errorCode: 4092 });
  });

  it('records.ts refuses a status write off the table and writes nothing', async () => {
    const id = await newPayout();
    await api('PUT', `/public/payout/${id}/reject`);
    const db = await sandboxDb();
    const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
    const attempt = db.transaction((tx) => changePayout(tx, row!, { status: 'PENDING' }));
    await expect(attempt).rejects.toMatchObject({ key: 'INVALID_STATE', message: 'A payout in status REJECTED cannot become PENDING' });
    expect((await db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, id)))[0]?.status).toBe('REJECTED');
  });
});
