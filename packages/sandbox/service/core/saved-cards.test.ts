/**
 * Customers and their saved cards through the sandbox's router (route handlers in process):
 * POST /public/customer creates then updates by externalUserId; a card saved by a payment is
 * listed, paid with by its CVV (of its brand's length) and removed; a saved 3DS card goes to the
 * ACS. Each success answer and error class, every answer validated against the generated OpenAPI document by a standard validator
 * (packages/sandbox/testing/sandbox-http.ts).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { cardRequest, createTestPayin, testCustomer as customer } from '@sandbox/testing/sandbox-fixtures';
import { sandboxDb } from './store';

const OTHER = 'sbx_other_merchant';
const CHECKOUT = 'sbx_checkout';
const browser = { userAgent: 'Mozilla/5.0', customerIp: '203.0.113.9', javascriptEnabled: true };
const card = (cardNumber: string, saveCard = false) =>
  cardRequest(cardNumber, { holder: 'Ada Lovelace', expiryYear: '2031', browser, saveCard });
const newPayin = (overrides: Record<string, unknown> = {}) => createTestPayin({ overrides });
/** Pays pay-in `payinId` by the saved card `cardId` with `cvv`, as the checkout (under idempotency `key` when given). */
const paySaved = (payinId: string, cardId: string, cvv: string, key?: string) =>
  api('POST', `/public/payin/${payinId}/process/saved-card`, { body: { browser, savedCardData: { cardId, cvv } }, token: CHECKOUT, key });

beforeAll(async () => {
  await sandboxDb();
});

describe('customers and saved cards', () => {
  it('creates, then updates by externalUserId', async () => {
    const body = customer();
    const first = await api('POST', '/public/customer', { body });
    expect(first.status).toBe(200);
    const second = await api('POST', '/public/customer', { body: { ...body, firstName: 'Augusta' } });
    expect(second.body).toMatchObject({ customerId: first.body.customerId, firstName: 'Augusta' });
    expect((await api('POST', '/public/customer', { body: { ...body, email: 'nope' } })).status).toBe(400);
    expect((await api('POST', '/public/customer', { body, token: CHECKOUT })).status).toBe(403);
    expect((await api('POST', '/public/customer', { body, token: null })).status).toBe(401);
  });

  it('a card saved by saveCard is listed, paid with by CVV, and removed', async () => {
    const externalUserId = `c-${randomUUID()}`;
    const first = await newPayin({ customer: customer(externalUserId) });
    expect(
      (await api('POST', `/public/payin/${first}/process/card`, { body: card('5555555555554444', true), token: CHECKOUT })).body.status,
    ).toBe('SUCCESS');
    const customerId = (await api('GET', `/public/payin/${first}`)).body.customerId;
    const list = await api('GET', `/public/customer/${customerId}/cards`);
    expect(list.body.cards).toEqual([
      {
        cardId: expect.any(String),
        cardMask: '555555******4444',
        cardBrand: 'Mastercard',
        expiryMonth: '12',
        expiryYear: '2031',
        cardHolderName: 'Ada Lovelace',
      },
    ]);
    const cardId = list.body.cards[0].cardId;
    expect((await api('GET', `/public/customer/${customerId}/cards`, { token: OTHER })).status).toBe(404);

    const second = await newPayin({ customer: customer(externalUserId) });
    expect((await paySaved(second, cardId, '12')).status).toBe(400);
    const paid = await paySaved(second, cardId, '123', randomUUID());
    expect(paid.body).toEqual({ paymentId: second, status: 'SUCCESS', attemptsRemaining: 0 });
    expect((await api('GET', `/public/payin/${second}`)).body).toMatchObject({ cardId, cardMask: '555555******4444' });

    const stranger = await newPayin();
    expect((await paySaved(stranger, cardId, '123')).status).toBe(404);

    expect((await api('DELETE', `/public/customer/${customerId}/cards/${cardId}`)).status).toBe(204);
    expect((await api('DELETE', `/public/customer/${customerId}/cards/${cardId}`)).status).toBe(404);
    expect((await api('GET', `/public/customer/${customerId}/cards`)).body.cards).toEqual([]);
  });

  it("a saved card's CVV has its brand's length: 4 digits for American Express (the brand table), 3 for Visa", async () => {
    const externalUserId = `c-${randomUUID()}`;
    const first = await newPayin({ customer: customer(externalUserId) });
    const amex = { ...card('378282246310005', true), cardData: { ...card('378282246310005').cardData, cvv: '1234' } };
    expect((await api('POST', `/public/payin/${first}/process/card`, { body: amex, token: CHECKOUT })).body.status).toBe('SUCCESS');
    const customerId = (await api('GET', `/public/payin/${first}`)).body.customerId;
    const cardId = (await api('GET', `/public/customer/${customerId}/cards`)).body.cards[0].cardId;
    const second = await newPayin({ customer: customer(externalUserId) });
    const pay = (cvv: string) => paySaved(second, cardId, cvv);
    expect((await pay('123')).body).toMatchObject({ errorKey: 'VALIDATION_ERROR', errorMessage: 'savedCardData.cvv: cvv.invalid' });
    expect((await pay('1234')).body).toMatchObject({ status: 'SUCCESS', attemptsRemaining: 0 });
  });

  it('a saved 3DS test card goes to the ACS', async () => {
    const externalUserId = `c-${randomUUID()}`;
    const first = await newPayin({ customer: customer(externalUserId) });
    await api('POST', `/public/payin/${first}/process/card`, { body: card('4000000000003220', true), token: CHECKOUT });
    const customerId = (await api('GET', `/public/payin/${first}`)).body.customerId;
    const cardId = (await api('GET', `/public/customer/${customerId}/cards`)).body.cards[0].cardId;
    const second = await newPayin({ customer: customer(externalUserId) });
    const answer = await paySaved(second, cardId, '123');
    expect(answer.body).toEqual({
      paymentId: second,
      status: 'PENDING_3DS',
      redirectUrl: `http://checkout.test/sandbox/3ds/${second}`,
      attemptsRemaining: 0,
    });
  });
});
