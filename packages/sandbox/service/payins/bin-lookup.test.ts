/**
 * The BIN lookup through the sandbox's router, answers checked against the OpenAPI document: the BIN
 * lookup's test ranges (co-badged, credit, debit, prepaid), its bounds, and a merchant that
 * refuses credit cards refusing one at processing (400), new or saved.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { sandboxDb } from '../core/store';

const CHECKOUT = 'sbx_checkout';
const bin = (digits: string) => api('GET', `/public/bin/${digits}`, { token: CHECKOUT });

/** A new 10 EUR pay-in of the merchant of `token` (default: the demo merchant), its order and customer ids under `prefix`: its id. */
const createPayin = async (prefix: string, token?: string) =>
  (
    await api('POST', '/public/payin', {
      token,
      body: {
        orderId: `${prefix}-${randomUUID()}`,
        amount: 10,
        currency: 'EUR',
        kycVerified: false,
        previousTransactionCount: 0,
        customer: { ...sampleCustomer, externalUserId: `${prefix}-${randomUUID()}` },
        returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' },
      },
      key: randomUUID(),
    })
  ).body.paymentId as string;

/** Pays pay-in `id` by the card `cardNumber` (12/2034, CVV 123), processed under `preferredBrand` when given. */
const payByCard = (id: string, cardNumber: string, preferredBrand?: string) =>
  api('POST', `/public/payin/${id}/process/card`, {
    token: CHECKOUT,
    key: randomUUID(),
    body: {
      browser: { javascriptEnabled: true },
      cardData: {
        cardNumber,
        cardHolderName: 'Ada',
        expiryMonth: '12',
        expiryYear: '2034',
        cvv: '123',
        ...(preferredBrand ? { preferredBrand } : {}),
      },
      saveCard: false,
    },
  });

beforeAll(async () => {
  await sandboxDb();
});

describe('BIN lookup', () => {
  it('answers the documented ranges', async () => {
    expect((await bin('40000025')).body).toEqual({
      brands: ['Visa', 'Cartes Bancaires'],
      fundingType: 'DEBIT',
      issuerCountry: 'FR',
      threeDSMethod: false,
    });
    expect((await bin('55555525')).body).toMatchObject({ brands: ['Mastercard', 'Cartes Bancaires'] });
    expect((await bin('41111111')).body).toMatchObject({ brands: ['Visa'], fundingType: 'CREDIT' });
    expect((await bin('51051051')).body).toMatchObject({ fundingType: 'PREPAID' });
    expect((await bin('424242')).body).toMatchObject({ brands: ['Visa'], fundingType: 'DEBIT' });
    // Six digits shared by two ranges: the brand only, until more digits are known.
    expect((await bin('400000')).body).toMatchObject({ brands: ['Visa'], fundingType: 'UNKNOWN' });
    expect((await bin('37828224')).body).toMatchObject({ brands: ['American Express'], fundingType: 'UNKNOWN' });
  });

  it('refuses anything but 6 to 8 digits (400) and an unknown brand (404)', async () => {
    for (const wrong of ['12345', '123456789', '4242x4', '%20424242']) expect((await bin(wrong)).status, wrong).toBe(400);
    expect((await bin('99999999')).status).toBe(404);
  });

  it('a merchant refusing credit cards refuses one at processing, new or saved, and takes a debit card', async () => {
    const create = () => createPayin('bin', 'sbx_night_merchant');
    const pay = (id: string, cardNumber: string) => payByCard(id, cardNumber);
    const refused = await pay(await create(), '4111111111111111');
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toContain('does not accept credit cards');
    expect((await pay(await create(), '4242424242424242')).body.status).toBe('SUCCESS');
  });

  it("a co-badged card is processed under the cardholder's choice, else its scheme; a brand it does not have is 400", async () => {
    const create = () => createPayin('cb');
    const pay = payByCard;
    const brandOf = async (id: string) => (await api('GET', `/public/payin/${id}`)).body.cardBrand;
    const chosen = await create();
    expect((await pay(chosen, '4000002500001001', 'Cartes Bancaires')).body.status).toBe('SUCCESS');
    expect(await brandOf(chosen)).toBe('Cartes Bancaires');
    const mastercard = await create();
    await pay(mastercard, '5555552500001001', 'Mastercard');
    expect(await brandOf(mastercard)).toBe('Mastercard');
    const unchosen = await create();
    await pay(unchosen, '4000002500001001');
    expect(await brandOf(unchosen)).toBe('Visa');
    expect((await pay(await create(), '4000002500001001', 'American Express')).status).toBe(400);
  });
});
