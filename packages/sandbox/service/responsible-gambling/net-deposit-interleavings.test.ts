/**
 * A property of net deposits (net-deposits.ts; docs/design.md, section 8): over random
 * interleavings (seeded, 200 runs of 12 moves) of deposits asked, paid and declined, and withdrawals asked,
 * given a destination, confirmed, cancelled, failed and paid out, a customer's net deposit or loss
 * limit never admits more net deposits (deposits paid less withdrawals PROCESSED) than itself in
 * its window, and every deposit is decided exactly as the rule says (a withdrawal frees room only
 * once paid out). Driven on the real writes (changePayin, whose payment guard reads the limits:
 * registered here as the sandbox's entry points register it, status-listeners.ts; changePayout, which stamps a payout paid out) over PGlite; rows made directly, as the router's
 * cases are elsewhere (withdrawal-cycles.test.ts). Amounts in EUR minor units.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, it } from 'vitest';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import type { Db } from '@sandbox/db/client';
import { customers, payins, payouts } from '@sandbox/db/schema';
import type { PayinStatus, PayoutStatus } from '@hosted-checkout/contract/enums';
import { picker, random } from '@hosted-checkout/runtime/testing/random';
import { changePayin, changePayout } from '../core/records';
import { netDepositsMinor } from './net-deposits';
import { newId, sandboxDb } from '../core/store';
import { listenToStatusChanges } from './status-listeners';

listenToStatusChanges();

const MERCHANT_ID = 'merchant-regulated';
const RUNS = 200;
const STEPS = 12;
const RATES = { EUR: 1 };

interface Deposit {
  id: string;
  minor: number;
  status: PayinStatus;
}
interface Withdrawal {
  id: string;
  minor: number;
  status: PayoutStatus;
}

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
});

/** A new customer billed in Malta (MGA) at the regulated merchant with one limit of `kind`: `limitMinor` a day. */
async function limitedCustomer(kind: 'loss' | 'netDeposit', limitMinor: number): Promise<string> {
  const id = newId('cus');
  const externalUserId = `nd-${randomUUID()}`;
  await db.insert(customers).values({
    id,
    merchantId: MERCHANT_ID,
    externalUserId,
    data: { ...sampleCustomer, externalUserId, billing: { ...sampleCustomer.billing, countryCode: 'MT' } },
    gambling: { limitsAnsweredAt: new Date().toISOString(), otherLimits: { [kind]: { EUR: { day: limitMinor } } } },
  });
  return id;
}

/** The columns a test pay-in (`prefix` 'pi') and payout ('po') of the customer share: a new id as its order id, in EUR, by card. */
const transactionRow = (prefix: 'pi' | 'po', customerId: string) => {
  const id = newId(prefix);
  return {
    id,
    merchantId: MERCHANT_ID,
    customerId,
    orderId: id,
    currency: 'EUR',
    initialCurrency: 'EUR',
    eligiblePspIds: ['psp-card-eu'],
    kycVerified: true,
  };
};

/** A cashier deposit of the customer, its payment attempt made (PENDING: on its way). */
async function openDeposit(customerId: string, minor: number): Promise<Deposit> {
  const row = transactionRow('pi', customerId);
  await db.insert(payins).values({
    ...row,
    amountMinor: minor,
    initialAmountMinor: minor,
    status: 'PENDING',
    returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
    previousTransactionCount: 0,
    sessionId: `cs_${customerId}`,
    processedAt: new Date(),
  });
  return { id: row.id, minor, status: 'PENDING' };
}

/** A withdrawal asked by the customer (CREATED). */
async function askWithdrawal(customerId: string, minor: number): Promise<Withdrawal> {
  const row = transactionRow('po', customerId);
  await db.insert(payouts).values({ ...row, valueMinor: minor, initialValueMinor: minor, status: 'CREATED' });
  return { id: row.id, minor, status: 'CREATED' };
}

/** Moves a pay-in to `status` through changePayin (SUCCESS passes the payment check); answers the status it took. */
const movePayin = (id: string, status: PayinStatus) =>
  db.transaction(async (tx) => {
    const [row] = await tx.select().from(payins).where(eq(payins.id, id)).for('update');
    return (await changePayin(tx, row!, { status })).status;
  });

/** Moves a payout to `status` through changePayout. */
const movePayout = (id: string, status: PayoutStatus) =>
  db.transaction(async (tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    return (await changePayout(tx, row!, { status })).status;
  });

const sum = <T extends { minor: number; status: string }>(list: readonly T[], statuses: readonly string[]) =>
  list.filter((x) => statuses.includes(x.status)).reduce((total, x) => total + x.minor, 0);

/** One run: `steps` random moves for a new customer; throws with the seed and the moves on a breach. */
async function run(seed: number, steps: number): Promise<void> {
  const next = random(seed);
  const pick = picker(next);
  const kind = pick(['loss', 'netDeposit'] as const);
  const limit = pick([50_00, 100_00, 200_00]);
  const amount = () => pick([10_00, 20_00, 30_00, 50_00, 80_00, 100_00]);
  const customerId = await limitedCustomer(kind, limit);
  const deposits: Deposit[] = [];
  const withdrawals: Withdrawal[] = [];
  const log: string[] = [];
  const fail = (what: string) => {
    throw new Error(`seed ${seed} (${kind} limit ${limit}): ${what}\n  ${log.join('\n  ')}`);
  };
  for (let step = 0; step < steps; step++) {
    const open = deposits.filter((d) => d.status === 'PENDING');
    const inStatus = (...statuses: PayoutStatus[]) => withdrawals.filter((w) => statuses.includes(w.status));
    const moves: (() => Promise<void>)[] = [
      async () => {
        const d = await openDeposit(customerId, amount());
        deposits.push(d);
        log.push(`deposit ${d.minor} asked`);
      },
      async () => {
        const w = await askWithdrawal(customerId, amount());
        withdrawals.push(w);
        log.push(`withdrawal ${w.minor} asked`);
      },
    ];
    if (open.length) {
      moves.push(async () => {
        const d = pick(open);
        // The rule: deposits paid and on their way (this one left out) less withdrawals paid out, never below 0.
        const used = Math.max(0, sum(deposits, ['SUCCESS', 'PENDING']) - d.minor - sum(withdrawals, ['PROCESSED']));
        const expected = d.minor <= limit - used ? 'SUCCESS' : 'DECLINED';
        d.status = await movePayin(d.id, 'SUCCESS');
        log.push(`deposit ${d.minor} paid → ${d.status}`);
        if (d.status !== expected) fail(`a deposit of ${d.minor} with ${used} used was ${d.status}, not ${expected}`);
      });
      moves.push(async () => {
        const d = pick(open);
        d.status = await movePayin(d.id, 'DECLINED');
        log.push(`deposit ${d.minor} declined by the bank`);
      });
    }
    const asked = inStatus('CREATED');
    const waiting = inStatus('CREATED', 'WAITING_FOR_CONFIRMATION');
    const pending = inStatus('PENDING');
    const movePicked = (from: readonly Withdrawal[], to: () => PayoutStatus) => async () => {
      const w = pick(from);
      const was = w.status;
      w.status = await movePayout(w.id, to());
      log.push(`withdrawal ${w.minor} ${was} → ${w.status}`);
    };
    if (asked.length) moves.push(movePicked(asked, () => 'WAITING_FOR_CONFIRMATION'));
    if (waiting.length)
      moves.push(
        movePicked(waiting, () => 'PENDING'),
        movePicked(waiting, () => 'REJECTED'),
      );
    if (pending.length)
      moves.push(
        movePicked(pending, () => pick(['FAILED', 'TIMEOUT'] as const)),
        movePicked(pending, () => 'PROCESSED'),
      );
    await pick(moves)();
    const net = sum(deposits, ['SUCCESS']) - sum(withdrawals, ['PROCESSED']);
    if (net > limit) fail(`net deposits ${net} above the limit`);
  }
  // The one reading agrees with the model: deposits paid less withdrawals paid out.
  const now = new Date();
  const read = await netDepositsMinor(db, customerId, new Date(now.getTime() - 24 * 3600_000), now, { currency: 'EUR', rates: RATES });
  if (read !== sum(deposits, ['SUCCESS']) - sum(withdrawals, ['PROCESSED'])) fail(`net deposits read ${read}`);
}

describe('net deposits over random interleavings', () => {
  it(`never admit more than a loss or net deposit limit, each deposit decided by the rule (${RUNS} runs)`, async () => {
    for (let seed = 1; seed <= RUNS; seed++) await run(seed, STEPS);
  }, 60_000);
});
