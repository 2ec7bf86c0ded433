import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  checkCardNumber,
  checkCvv,
  cvvSizeOfBrand,
  formatCardNumber,
  formatExpiry,
  formatExpiryInput,
  isExpiryCurrent,
  maskPan,
  parseExpiry,
  validateCardForm,
} from './card-rules';

const now = new Date('2026-11-21T12:00:00Z');
const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 28', cvv: '123', cardHolderName: 'Ada Lovelace' };

describe('card numbers per brand', () => {
  it.each([
    ['4242424242424242', 'Visa', 3, '4242 4242 4242 4242'],
    ['5555555555554444', 'Mastercard', 3, '5555 5555 5555 4444'],
    ['378282246310005', 'American Express', 4, '3782 822463 10005'],
    ['6011111111111117', 'Discover', 3, '6011 1111 1111 1117'],
    ['3530111333300000', 'JCB', 3, '3530 1113 3330 0000'],
  ])('%s is %s with a %i-digit CVV, grouped as %s', (pan, brand, cvvSize, grouped) => {
    const check = checkCardNumber(pan);
    expect(check.isValid).toBe(true);
    expect(check.brand?.niceType).toBe(brand);
    expect(check.brand?.cvvSize).toBe(cvvSize);
    expect(formatCardNumber(check.digits, check.brand?.gaps)).toBe(grouped);
  });

  it('refuses a wrong check digit (Luhn) and a wrong length', () => {
    expect(checkCardNumber('4242424242424241').isValid).toBe(false);
    expect(checkCardNumber('424242424242').isValid).toBe(false);
    expect(checkCardNumber('4242 4242 42').isPotentiallyValid).toBe(true);
  });

  it('detects the brand as typed', () => {
    expect(checkCardNumber('42').brand?.type).toBe('visa');
    expect(checkCardNumber('37').brand?.type).toBe('american-express');
    expect(checkCardNumber('9999').brand).toBeNull();
  });

  it('masks to first 6 and last 4', () => {
    expect(maskPan('4242424242424242')).toBe('424242******4242');
    expect(maskPan('378282246310005')).toBe('378282*****0005');
  });
});

describe('expiry', () => {
  it('parses the forms customers type', () => {
    expect(parseExpiry('12/28')).toEqual({ month: '12', year: '2028' });
    expect(parseExpiry('1 / 2030')).toEqual({ month: '01', year: '2030' });
    expect(parseExpiry('0928')).toEqual({ month: '09', year: '2028' });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('00/28')).toBeNull();
    expect(parseExpiry('ab/cd')).toBeNull();
  });

  it('is valid through the last day of its month', () => {
    expect(isExpiryCurrent({ month: '11', year: '2026' }, now)).toBe(true);
    expect(isExpiryCurrent({ month: '10', year: '2026' }, now)).toBe(false);
    expect(isExpiryCurrent({ month: '01', year: '2027' }, now)).toBe(true);
  });

  it('formats while typing', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('123')).toBe('12 / 3');
    expect(formatExpiryInput('12 / 289')).toBe('12 / 28');
  });

  it('normalizes what autofill writes for cc-exp', () => {
    expect(formatExpiryInput('12/2031')).toBe('12 / 31');
    expect(formatExpiryInput('3/31')).toBe('03 / 31');
    expect(formatExpiryInput('03-2031')).toBe('03 / 31');
    expect(formatExpiryInput('122031')).toBe('12 / 31');
    expect(formatExpiryInput('12 / 31')).toBe('12 / 31');
  });
});

describe('the card form rules', () => {
  it('accepts a complete card', () => {
    expect(validateCardForm(valid, { requireCvv: true, now })).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(validateCardForm({ cardNumber: '', expiry: '', cvv: '', cardHolderName: ' ' }, { requireCvv: true, now })).toEqual({
      cardNumber: 'cardNumber.required',
      expiry: 'expiry.required',
      cvv: 'cvv.required',
      cardHolderName: 'cardHolderName.required',
    });
    expect(
      validateCardForm(
        { cardNumber: '9999 9999 9999 9995', expiry: '10/26', cvv: '12a', cardHolderName: '<b>' },
        { requireCvv: true, now },
      ),
    ).toEqual({
      cardNumber: 'cardNumber.unsupported',
      expiry: 'expiry.past',
      cvv: 'cvv.invalid',
      cardHolderName: 'cardHolderName.invalid',
    });
    expect(validateCardForm({ ...valid, expiry: '12/99' }, { requireCvv: true, now }).expiry).toBe('expiry.invalid');
  });

  it('wants the brand’s CVV length: 4 for American Express, 3 for Visa', () => {
    expect(validateCardForm({ ...valid, cardNumber: '378282246310005', cvv: '123' }, { requireCvv: true, now }).cvv).toBe('cvv.invalid');
    expect(validateCardForm({ ...valid, cardNumber: '378282246310005', cvv: '1234' }, { requireCvv: true, now }).cvv).toBeUndefined();
    expect(validateCardForm({ ...valid, cvv: '1234' }, { requireCvv: true, now }).cvv).toBe('cvv.invalid');
  });

  it('one CVV rule for a new card and a saved one: the brand’s length from card-validator, 3 to 4 for an unknown brand', () => {
    expect(checkCvv('', 3)).toBe('cvv.required');
    expect(checkCvv('123', cvvSizeOfBrand('Visa'))).toBeUndefined();
    expect(checkCvv('1234', cvvSizeOfBrand('Visa'))).toBe('cvv.invalid');
    expect(checkCvv('1234', cvvSizeOfBrand('American Express'))).toBeUndefined();
    expect(checkCvv('123', cvvSizeOfBrand('American Express'))).toBe('cvv.invalid');
    expect(checkCvv('12a', 3)).toBe('cvv.invalid');
    expect(checkCvv('1234', undefined)).toBeUndefined();
    expect(checkCvv('12345', undefined)).toBe('cvv.invalid');
  });

  it('needs no CVV for a payout destination card', () => {
    expect(validateCardForm({ ...valid, cvv: '' }, { requireCvv: false, now })).toEqual({});
  });
});

describe('formatExpiry', () => {
  it("writes the expiry month in the locale's format", () => {
    const expiry = { month: '03', year: '2031' };
    expect(formatExpiry(expiry, 'en')).toBe('03/2031');
    expect(formatExpiry(expiry, 'ru')).toBe('03.2031');
    expect(formatExpiry(expiry, 'ja')).toBe('2031/03');
    expect(formatExpiry(expiry, 'zh-CN')).toBe('2031年3月');
  });
});

describe('caretAfterDigits', () => {
  it('finds the index after the n-th digit, skipping the gaps', () => {
    expect(caretAfterDigits('4242 4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242 4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('12 / 31', 3)).toBe(6);
    expect(caretAfterDigits('12', 5)).toBe(2);
  });
});
