/**
 * Closed-loop withdrawals by APM (apm-closed-loop.ts, core/apm-sources.ts; docs/design.md, "Withdrawals
 * by other methods (closed loop)"), through the sandbox's router with answers checked against the
 * OpenAPI document: a cashier withdrawal by an APM goes only to an account the customer paid in from
 * by that method, at most what it paid in less what it already received, also when withdrawals race;
 * a refusal is 403 CLOSED_LOOP naming no account and leaves the payout waiting; a merchant's payout
 * outside a session to a customer who never paid in by that method goes anywhere.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { createTestSession, pagesContext, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from '../core/store';
import { decidePayinAtProvider } from '../payins/payin-decisions';
import { sourceIdentity } from '../core/apm-sources';

const browser = { javascriptEnabled: true };
type Session = Awaited<ReturnType<typeof createTestSession>>;

beforeAll(async () => {
  await sandboxDb();
});

/** A paid deposit of `amount` EUR in the session by the APM fields `additionalData` (approved at the provider page): its pay-in id. */
async function depositByApm({ sessionId, holding }: Session, amount: number, additionalData: Record<string, string>): Promise<string> {
  const created = await api('POST', `/public/cashier/session/${sessionId}/payin`, {
    body: { amount, method: 'apm' },
    ...holding,
    key: randomUUID(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const payinId = created.body.paymentId as string;
  const started = await api('POST', `/public/payin/${payinId}/process/direct-link`, {
    body: { browser, additionalData },
    ...holding,
    key: randomUUID(),
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const db = await sandboxDb();
  await db.transaction((tx) => decidePayinAtProvider(tx, payinId, 'approve', pagesContext()));
  expect((await api('GET', `/public/payin/${payinId}`)).body.status).toBe('SUCCESS');
  return payinId;
}

/** A withdrawal of `value` EUR by APM in the session, by the session's browser: its payout id. */
async function withdraw({ sessionId, holding }: Session, value: number): Promise<string> {
  const answer = await api('POST', `/public/cashier/session/${sessionId}/payout`, {
    body: { value, method: 'apm' },
    ...holding,
    key: randomUUID(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payoutId as string;
}

/** Gives payout `payoutId` the account `additionalData` by the session's browser: the raw answer. */
const give = ({ holding }: Session, payoutId: string, additionalData: Record<string, string>) =>
  api('POST', `/public/payout/${payoutId}/process/direct-link`, { body: { browser, additionalData }, ...holding, key: randomUUID() });

const walletA = { methodId: 'ewallet', email: 'ada@wallet.example' };
const walletB = { methodId: 'ewallet', email: 'thief@evil.example' };

describe('an account’s identity', () => {
  it('is normalised per method: IBAN electronic format, e-mail lower case, CPF digits, crypto exact', () => {
    expect(sourceIdentity('bank-transfer', { iban: 'de89 3704 0044 0532 0130 00' })).toBe(
      sourceIdentity('bank-transfer', { iban: 'DE89370400440532013000' }),
    );
    expect(sourceIdentity('ewallet', { email: ' Ada@Wallet.Example ' })).toBe(sourceIdentity('ewallet', { email: 'ada@wallet.example' }));
    expect(sourceIdentity('pix', { cpf: '123.456.789-01' })).toBe(sourceIdentity('pix', { cpf: '12345678901' }));
    const wallet = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect(sourceIdentity('crypto', { network: 'BTC', walletAddress: wallet })).not.toBe(
      sourceIdentity('crypto', { network: 'BTC', walletAddress: wallet.toUpperCase() }),
    );
    expect(sourceIdentity('crypto', { network: 'BTC', walletAddress: wallet })).not.toBe(
      sourceIdentity('crypto', { network: 'ETH', walletAddress: wallet }),
    );
    // The same e-mail by another method is another source; a method that names no account has none.
    expect(sourceIdentity('ewallet', { email: 'a@b.example' })).not.toBe(sourceIdentity('pix', { cpf: 'a@b.example' }));
    expect(sourceIdentity('bank', { bankId: 'x' })).toBeNull();
    expect(sourceIdentity('ewallet', {})).toBeNull();
  });
});

describe('a cashier withdrawal by APM', () => {
  it('€10 paid in by wallet A: B refused, €11 to A refused stating 10.00, €10 to A accepted', async () => {
    const session = await createTestSession(100);
    await depositByApm(session, 10, walletA);

    const toB = await withdraw(session, 10);
    const refusedB = await give(session, toB, walletB);
    expect(refusedB.status, JSON.stringify(refusedB.body)).toBe(403);
    expect(refusedB.body).toMatchObject({ errorKey: 'CLOSED_LOOP', errorCode: 4032 });
    expect(JSON.stringify(refusedB.body)).not.toMatch(/thief|evil/i);
    expect((await api('GET', `/public/payout/${toB}`)).body.status).toBe('CREATED');
    expect((await api('PUT', `/public/payout/${toB}/reject`)).status).toBe(204);

    const eleven = await withdraw(session, 11);
    const above = await give(session, eleven, { ...walletA, email: ' ADA@wallet.example' });
    expect(above.status, JSON.stringify(above.body)).toBe(403);
    expect(above.body.errorKey).toBe('CLOSED_LOOP');
    expect(above.body.errorMessage).toContain('at most 10.00 EUR');
    expect(JSON.stringify(above.body)).not.toMatch(/ada@/i);
    expect((await api('PUT', `/public/payout/${eleven}/reject`)).status).toBe(204);

    const ten = await withdraw(session, 10);
    const accepted = await give(session, ten, walletA);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // The share is spent: another euro to A is refused.
    const one = await withdraw(session, 1);
    expect((await give(session, one, walletA)).body.errorMessage).toContain('at most 0.00 EUR');
  });

  it('refuses a stranger’s IBAN, and crypto without a crypto deposit', async () => {
    const session = await createTestSession(100);
    await depositByApm(session, 20, { methodId: 'bank-transfer', accountHolder: 'Ada Lovelace', iban: 'GB29NWBK60161331926819' });
    const stranger = await give(session, await withdraw(session, 10), {
      methodId: 'bank-transfer',
      accountHolder: 'Mallory Thief',
      iban: 'DE89370400440532013000',
    });
    expect(stranger.status, JSON.stringify(stranger.body)).toBe(403);
    expect(stranger.body.errorKey).toBe('CLOSED_LOOP');
    expect(JSON.stringify(stranger.body)).not.toMatch(/DE89|Mallory/);
    const crypto = await give(session, await withdraw(session, 10), {
      methodId: 'crypto',
      network: 'BTC',
      walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(crypto.status).toBe(403);
    expect(crypto.body.errorKey).toBe('CLOSED_LOOP');
    // The deposit account: accepted.
    const own = await give(session, await withdraw(session, 10), {
      methodId: 'bank-transfer',
      accountHolder: 'Ada Lovelace',
      iban: 'GB29NWBK60161331926819',
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('with nothing paid in, no account at all', async () => {
    const session = await createTestSession(100);
    const answer = await give(session, await withdraw(session, 50), walletB);
    expect(answer.status).toBe(403);
    expect(answer.body.errorKey).toBe('CLOSED_LOOP');
  });

  it('parallel withdrawals to the same account never take more than its share together', async () => {
    const session = await createTestSession(100);
    await depositByApm(session, 10, walletA);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await withdraw(session, 4));
    const answers = await Promise.all(ids.map((id) => give(session, id, walletA)));
    // €4 + €4 fit in €10; a third €4 would make €12.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 403, 403]);
  });
});

describe('a merchant’s payout by APM outside a session', () => {
  const newPayout = async (customer: ReturnType<typeof testCustomer>) => {
    const answer = await api('POST', '/public/payout', {
      key: randomUUID(),
      body: { orderId: `apm-${randomUUID()}`, value: 15, currency: 'EUR', kycVerified: false, customer },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.payoutId as string;
  };
  const giveAsMerchant = (payoutId: string, additionalData: Record<string, string>) =>
    api('POST', `/public/payout/${payoutId}/process/direct-link`, { body: { browser, additionalData }, key: randomUUID() });

  it('goes to any account for a customer who never paid in by that method', async () => {
    const answer = await giveAsMerchant(await newPayout(testCustomer()), walletB);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('WAITING_FOR_CONFIRMATION');
  });

  it('goes only to a deposit account, within its share, once the customer paid in by that method', async () => {
    const session = await createTestSession(0);
    await depositByApm(session, 10, walletA);
    const { customer } = (await api('GET', `/public/cashier/session/${session.sessionId}`, session.holding)).body;
    const who = testCustomer(customer.externalUserId);
    const foreign = await giveAsMerchant(await newPayout(who), walletB);
    expect(foreign.status).toBe(403);
    expect(foreign.body.errorKey).toBe('CLOSED_LOOP');
    const above = await giveAsMerchant(await newPayout(who), walletA);
    expect(above.body.errorMessage).toContain('at most 10.00 EUR');
    // Another method the customer never paid in by: any account.
    const pix = await giveAsMerchant(await newPayout(who), {
      methodId: 'bank-transfer',
      accountHolder: 'Ada',
      iban: 'DE89370400440532013000',
    });
    expect(pix.status, JSON.stringify(pix.body)).toBe(200);
  });
});
