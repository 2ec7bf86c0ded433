/**
 * Brazil's payment step at the regulated merchant (docs/design.md, section 8, "funding" and
 * "own-name account"; Portaria SPA/MF 615/2024): a malformed CPF refused at creation, only Pix and
 * TED among APMs, a Pix key CPF the customer's own, a transfer from another person's account
 * returned to its payer (DECLINED, never credited), credit and unknown-funding cards refused
 * before any charge. Customers of other countries at the same merchant are not touched.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { RETURN_URLS, cardRequest, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import { decidePayinAtProvider } from './payin-decisions';
import { loadPayinForUpdate } from './payin-loading';
import { changePayin } from '../core/records';
import { sandboxDb } from '../core/store';

const REGULATED = 'sbx_regulated_merchant';
const CHECKOUT = 'sbx_checkout';
const ctx = { checkoutUrl: 'http://checkout.test' };
const browser = { userAgent: 'Mozilla/5.0', customerIp: '203.0.113.9', javascriptEnabled: true };
const CPF = '529.982.247-25';
const OTHER_CPF = '11144477735';
const BR_BILLING = { address: 'Rua Augusta 100', city: 'São Paulo', state: 'SP', countryCode: 'BR', postalCode: '01305-000' };

const brCustomer = (kyc: Record<string, string> = { idType: 'CPF', idNumber: CPF, idCountry: 'BR' }) => ({
  ...testCustomer(),
  billing: BR_BILLING,
  kyc,
});

async function payin(customer: Record<string, unknown>, currency = 'BRL') {
  const created = await api('POST', '/public/payin', {
    token: REGULATED,
    body: {
      orderId: `br-${randomUUID()}`,
      amount: 100,
      currency,
      kycVerified: true,
      previousTransactionCount: 1,
      customer,
      returnUrls: RETURN_URLS,
    },
  });
  return created;
}

async function newPayin(customer: Record<string, unknown> = brCustomer(), currency = 'BRL'): Promise<string> {
  const created = await payin(customer, currency);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.paymentId as string;
}

const directLink = (id: string, additionalData: Record<string, string>) =>
  api('POST', `/public/payin/${id}/process/direct-link`, { body: { browser, additionalData }, token: CHECKOUT });

const decide = async (id: string, decision: 'approve' | 'approve-other') => {
  const db = await sandboxDb();
  await db.transaction((tx) => decidePayinAtProvider(tx, id, decision, ctx));
  return (await api('GET', `/public/payin/${id}`, { token: REGULATED })).body;
};

beforeAll(async () => {
  await sandboxDb();
});

describe("Brazil's payment step (SPA/MF)", () => {
  it('refuses a malformed CPF in the customer at creation, 400, without repeating it; accepts it formatted or bare', async () => {
    for (const idNumber of ['529.982.247-24', '11111111111', '5299822472', '529-982-247.25']) {
      const refused = await payin(brCustomer({ idType: 'CPF', idNumber, idCountry: 'BR' }));
      expect(refused.status).toBe(400);
      expect(refused.body.errorMessage).toContain('not a valid CPF');
      expect(JSON.stringify(refused.body)).not.toContain(idNumber);
    }
    await newPayin(brCustomer({ idType: 'CPF', idNumber: '52998224725', idCountry: 'BR' }));
    await newPayin(brCustomer({ idType: 'cpf', idNumber: ` ${CPF} ` }));
    const session = await api('POST', '/public/cashier/session', {
      token: REGULATED,
      body: {
        customer: brCustomer({ idType: 'CPF', idNumber: '123.456.789-00', idCountry: 'BR' }),
        returnUrls: RETURN_URLS,
        currency: 'BRL',
        kycVerified: true,
        previousTransactionCount: 1,
      },
    });
    expect(session.status).toBe(400);
    expect(session.body.errorMessage).toContain('customer.kyc.idNumber: not a valid CPF');
  });

  it('refuses an APM other than Pix and TED, and a Pix key CPF malformed or not the customer’s', async () => {
    const forcedMethods: Record<string, string>[] = [
      { methodId: 'ewallet', email: 'ada@example.com' },
      { methodId: 'crypto', network: 'BTC', walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    ];
    for (const forced of forcedMethods) {
      const refused = await directLink(await newPayin(), forced);
      expect(refused.status).toBe(400);
      expect(refused.body.errorMessage).toContain('Portaria SPA/MF 615/2024');
    }
    const other = await directLink(await newPayin(), { methodId: 'pix', cpf: OTHER_CPF, keyType: 'cpf' });
    expect(other.status).toBe(400);
    expect(other.body.errorMessage).toContain("this CPF is not the customer's");
    expect(other.body.errorMessage).not.toContain(OTHER_CPF);
    const malformed = await directLink(await newPayin(), { methodId: 'pix', cpf: '52998224724', keyType: 'cpf' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errorMessage).toContain('not a valid CPF');
  });

  it('pays a Pix from the customer’s own account, the payer reported masked', async () => {
    const id = await newPayin();
    expect((await directLink(id, { methodId: 'pix', cpf: '52998224725', keyType: 'cpf' })).status).toBe(200);
    const paid = await decide(id, 'approve');
    expect(paid).toMatchObject({
      status: 'SUCCESS',
      additionalData: { payer: { idType: 'CPF', idNumber: '***.***.*47-**', ownAccount: true } },
    });
    expect(JSON.stringify(paid.additionalData.payer)).not.toContain('52998224725');
  });

  it('returns a Pix or a TED paid from another person’s account to its payer: DECLINED, the rule named, never credited', async () => {
    const transfers: Record<string, string>[] = [
      { methodId: 'pix', cpf: '52998224725', keyType: 'cpf' },
      { methodId: 'bank-transfer', accountHolder: 'Ada Lovelace', iban: 'BR1800360305000010009795493C1' },
    ];
    for (const fields of transfers) {
      const id = await newPayin();
      const processed = await directLink(id, fields);
      expect(processed.status, JSON.stringify(processed.body)).toBe(200);
      const returned = await decide(id, 'approve-other');
      expect(returned).toMatchObject({
        status: 'DECLINED',
        statusReason: { detailedStatus: 'CUSTOMER_ISSUES' },
        additionalData: { payer: { idType: 'CPF', idNumber: '***.***.*77-**', ownAccount: false } },
      });
      expect(returned.statusReason.reason).toContain('Returned to its payer');
      expect(returned.statusReason.reason).toContain('Portaria SPA/MF 615/2024');
      expect(JSON.stringify(returned)).not.toContain(OTHER_CPF);
    }
    const ted = await newPayin();
    await directLink(ted, { methodId: 'bank-transfer', accountHolder: 'Ada Lovelace', iban: 'BR1800360305000010009795493C1' });
    expect(await decide(ted, 'approve')).toMatchObject({ status: 'SUCCESS', additionalData: { payer: { ownAccount: true } } });
  });

  it('declines an APM deposit that reaches SUCCESS by any path without the payer reported (the payment guard)', async () => {
    const id = await newPayin();
    await directLink(id, { methodId: 'pix', cpf: '52998224725', keyType: 'cpf' });
    const db = await sandboxDb();
    const row = await db.transaction(async (tx) => {
      const locked = await loadPayinForUpdate(tx, { role: 'checkout' }, id);
      return changePayin(tx, locked, { status: 'SUCCESS', statusReason: null });
    });
    expect(row.status).toBe('DECLINED');
    expect(row.statusReason?.reason).toContain('the provider did not report the payer');
  });

  it('offers only Pix and TED among APMs to a Brazilian customer; cards stay (their funding is checked)', async () => {
    const ids = async (id: string) =>
      (await api('GET', `/public/payin/${id}/methods`, { token: CHECKOUT })).body.methods.map((m: { id: string }) => m.id);
    expect(await ids(await newPayin())).toEqual(['bank-transfer', 'pix']);
    expect(await ids(await newPayin(brCustomer(), 'EUR'))).toEqual(['card', 'bank-transfer', 'pix']);
    expect(await ids(await newPayin({ ...testCustomer() }, 'EUR'))).toEqual(['card', 'bank-transfer', 'ewallet', 'pix', 'crypto', 'bank']);
  });

  it('refuses a credit card and a card of unknown funding before any charge, naming the rule; a debit card is charged', async () => {
    const cards: [string, string][] = [
      ['4111111111111111', '123'],
      ['378282246310005', '1234'],
    ];
    for (const [number, cvv] of cards) {
      const id = await newPayin(brCustomer(), 'EUR');
      const refused = await api('POST', `/public/payin/${id}/process/card`, { body: cardRequest(number, { cvv }), token: CHECKOUT });
      expect(refused.status).toBe(400);
      expect(refused.body.errorMessage).toContain('Portaria SPA/MF 615/2024');
      expect(JSON.stringify(refused.body)).not.toContain(number);
      expect((await api('GET', `/public/payin/${id}`, { token: REGULATED })).body.status).toBe('CREATED');
    }
    const id = await newPayin(brCustomer(), 'EUR');
    const debit = await api('POST', `/public/payin/${id}/process/card`, { body: cardRequest('4242424242424242'), token: CHECKOUT });
    expect(debit.status, JSON.stringify(debit.body)).toBe(200);
  });

  it('leaves a customer of another country at the same merchant as it was', async () => {
    const gb = { ...testCustomer(), kyc: { idType: 'PASSPORT', idNumber: '123' } };
    const id = await newPayin(gb, 'EUR');
    expect((await directLink(id, { methodId: 'ewallet', email: 'ada@example.com' })).status).toBe(200);
    const paid = await decide(id, 'approve-other');
    expect(paid.status).toBe('SUCCESS');
    expect(paid.additionalData.payer).toBeUndefined();
  });
});
