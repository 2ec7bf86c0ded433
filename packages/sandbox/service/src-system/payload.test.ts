/**
 * The checkout payload (payload.ts): the derived token PAN (in its brand's range, Luhn-valid,
 * stable per card), the cryptogram bound to the amount, and the sealed payload's opening: good,
 * tampered, expired, of another pay-in, merchant, amount, currency, card or session.
 */
import { number as validateNumber } from 'card-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@sandbox/db/client';
import { sandboxDb } from '../core/store';
import { cryptogramOf, luhnDigit, openCheckoutPayload, sealCheckoutPayload, tokenPanOf, type PayloadExpected } from './payload';

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
});

const T0 = new Date('2026-11-01T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const visa = { id: 'srcdc_0123456789abcdef01234567', brand: 'VISA' as const, expiryMonth: '12', expiryYear: '2030' };
const mastercard = { id: 'srcdc_89abcdef0123456789abcdef', brand: 'MASTERCARD' as const, expiryMonth: '01', expiryYear: '2031' };
const session = {
  srcCorrelationId: 'srcc_aaaaaaaaaaaaaaaaaaaaaaaa',
  payinId: 'pi_1',
  merchantId: 'sbx_demo_merchant',
  amountMinor: 2599,
  currency: 'EUR',
};
const expected: PayloadExpected = { ...session, srcDigitalCardId: visa.id };

describe('the network token', () => {
  it("is a Luhn-valid 16-digit PAN in the brand's sandbox range, the same for a card every time", async () => {
    const pan = await tokenPanOf(db, visa);
    expect(pan).toMatch(/^489537\d{10}$/);
    expect(validateNumber(pan).isValid).toBe(true);
    expect(await tokenPanOf(db, visa)).toBe(pan);
    const other = await tokenPanOf(db, mastercard);
    expect(other).toMatch(/^520473\d{10}$/);
    expect(validateNumber(other).isValid).toBe(true);
    expect(await tokenPanOf(db, { ...visa, id: 'srcdc_ffffffffffffffffffffffff' })).not.toBe(pan);
    expect(luhnDigit('7992739871')).toBe('3');
  });

  it('has a cryptogram of 28 base64 characters bound to the payload, the amount and the currency', async () => {
    const tokenPan = await tokenPanOf(db, visa);
    const base = { jti: 'srcj_1', tokenPan, amountMinor: 2599, currency: 'EUR' };
    const cryptogram = await cryptogramOf(db, base);
    expect(cryptogram).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(await cryptogramOf(db, base)).toBe(cryptogram);
    expect(await cryptogramOf(db, { ...base, amountMinor: 2600 })).not.toBe(cryptogram);
    expect(await cryptogramOf(db, { ...base, currency: 'GBP' })).not.toBe(cryptogram);
    expect(await cryptogramOf(db, { ...base, jti: 'srcj_2' })).not.toBe(cryptogram);
  });
});

describe('the checkout payload', () => {
  it('seals opaque bytes that only the sandbox opens, for 15 min', async () => {
    const { checkoutResponse, jti } = await sealCheckoutPayload(db, { ...session, card: visa }, T0);
    expect(checkoutResponse).toMatch(/^srcp1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(checkoutResponse).not.toContain('489537');
    const payload = await openCheckoutPayload(db, checkoutResponse, expected, at(899));
    expect(payload).toMatchObject({
      jti,
      srcDigitalCardId: visa.id,
      payinId: 'pi_1',
      amountMinor: 2599,
      currency: 'EUR',
      token: { paymentToken: await tokenPanOf(db, visa), tokenExpirationMonth: '12', tokenExpirationYear: '2030' },
      dynamicData: { dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' },
      eci: '07',
      iat: T0.getTime() / 1000,
      exp: T0.getTime() / 1000 + 900,
    });
    await expect(openCheckoutPayload(db, checkoutResponse, expected, at(900))).rejects.toThrow(/expired/);
  });

  it('a Mastercard token carries ECI 06', async () => {
    const { checkoutResponse } = await sealCheckoutPayload(db, { ...session, card: mastercard }, T0);
    expect((await openCheckoutPayload(db, checkoutResponse, { ...expected, srcDigitalCardId: mastercard.id }, T0)).eci).toBe('06');
  });

  it('refuses a payload tampered with, or not one', async () => {
    const { checkoutResponse } = await sealCheckoutPayload(db, { ...session, card: visa }, T0);
    const [prefix, iv, ct = '', tag] = checkoutResponse.split('.');
    const flipped = `${ct.slice(0, 5)}${ct[5] === 'A' ? 'B' : 'A'}${ct.slice(6)}`;
    for (const bad of [`${prefix}.${iv}.${flipped}.${tag}`, `${prefix}.${iv}.${ct}.${'A'.repeat(22)}`])
      await expect(openCheckoutPayload(db, bad, expected, T0)).rejects.toMatchObject({
        key: 'VALIDATION_ERROR',
        message: expect.stringMatching(/does not open/),
      });
    for (const bad of ['', 'srcp1.x.y.z', `srcp2.${iv}.${ct}.${tag}`, 'a'.repeat(5000)])
      await expect(openCheckoutPayload(db, bad, expected, T0)).rejects.toThrow(/not a Click to Pay payload/);
  });

  it.each([
    ['pay-in', { payinId: 'pi_2' }, /another pay-in/],
    ['merchant', { merchantId: 'sbx_other_merchant' }, /another merchant/],
    ['amount', { amountMinor: 2600 }, /another amount/],
    ['currency', { currency: 'GBP' }, /another currency/],
    ['card', { srcDigitalCardId: mastercard.id }, /another card/],
    ['session', { srcCorrelationId: 'srcc_bbbbbbbbbbbbbbbbbbbbbbbb' }, /another session/],
  ])('refuses a payload of another %s with a 400 that names no number', async (_what, change, reason) => {
    const { checkoutResponse } = await sealCheckoutPayload(db, { ...session, card: visa }, T0);
    const error = await openCheckoutPayload(db, checkoutResponse, { ...expected, ...change }, T0).catch(
      (e: Error & { status: number }) => e,
    );
    expect(error).toMatchObject({ status: 400, message: expect.stringMatching(reason) });
    expect((error as Error).message).not.toMatch(/\d{6}/);
  });
});
