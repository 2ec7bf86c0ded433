import { describe, expect, it } from 'vitest';
import { cardFormResolver } from './card-form-resolver';

const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 28', cvv: '123', cardHolderName: 'Ada Lovelace' };

describe('the card form resolver', () => {
  it('the form resolver reports the rules’ keys per field, and the values when valid', async () => {
    const resolve = cardFormResolver({ requireCvv: true });
    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof resolve>[2];
    const invalid = await resolve({ ...valid, expiry: '12/35', cardNumber: '4242424242424241' }, undefined, options);
    expect(invalid.errors).toEqual({ cardNumber: { type: 'validate', message: 'cardNumber.invalid' } });
    const ok = await resolve({ ...valid, expiry: '12/35' }, undefined, options);
    expect(ok).toEqual({ values: { ...valid, expiry: '12/35' }, errors: {} });
  });
});
