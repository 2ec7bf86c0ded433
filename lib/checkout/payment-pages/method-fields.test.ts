import { describe, expect, it } from 'vitest';
import { checkField, checkFields, controlFor, type FieldDescriptor } from './method-fields';

const text: FieldDescriptor = {
  name: 'iban',
  label: 'IBAN',
  type: 'text',
  required: true,
  pattern: '[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}',
  minLength: 15,
  maxLength: 34,
};
const email: FieldDescriptor = { name: 'email', label: 'E-mail', type: 'email', required: true };
const tel: FieldDescriptor = { name: 'phone', label: 'Phone', type: 'tel', required: false, pattern: '\\+?[0-9 ]{6,20}' };
const num: FieldDescriptor = { name: 'amount', label: 'Amount', type: 'number', required: true };
const date: FieldDescriptor = { name: 'birth', label: 'Birth date', type: 'date', required: true };
const select: FieldDescriptor = {
  name: 'network',
  label: 'Network',
  type: 'select',
  required: true,
  options: [{ value: 'BTC', label: 'Bitcoin' }],
};

describe('descriptor → control', () => {
  it.each([
    [text, { element: 'input', inputType: 'text', inputMode: 'text', required: true, minLength: 15, maxLength: 34 }],
    [email, { element: 'input', inputType: 'email', inputMode: 'email', autoComplete: 'email', required: true }],
    [tel, { element: 'input', inputType: 'tel', inputMode: 'tel', autoComplete: 'tel', required: false }],
    [num, { element: 'input', inputType: 'text', inputMode: 'decimal', required: true }],
    [date, { element: 'input', inputType: 'date', required: true }],
    [select, { element: 'select', required: true }],
  ] as const)('%# %o', (field, expected) => {
    expect(controlFor(field)).toMatchObject(expected);
  });
});

describe('descriptor → validation', () => {
  it('text: required, lengths, pattern (whole value)', () => {
    expect(checkField(text, '')).toBe('required');
    expect(checkField(text, 'DE89')).toBe('tooShort');
    expect(checkField(text, `DE89${'3'.repeat(40)}`)).toBe('tooLong');
    expect(checkField(text, 'de89370400440532013000')).toBe('pattern');
    expect(checkField(text, ' DE89370400440532013000 ')).toBeNull();
  });
  it('a Pix CPF: its check digits (modulo 11), as it is typed', () => {
    const cpf: FieldDescriptor = {
      name: 'cpf',
      label: 'CPF',
      type: 'text',
      required: true,
      pattern: '[0-9]{11}',
      minLength: 11,
      maxLength: 11,
    };
    expect(checkField(cpf, '52998224725')).toBeNull();
    expect(checkField(cpf, '52998224724')).toBe('cpf');
    expect(checkField(cpf, '12345678901')).toBe('cpf');
    expect(checkField(cpf, '11111111111')).toBe('cpf');
    expect(checkField(cpf, '5299822472')).toBe('tooShort');
  });

  it('email', () => {
    expect(checkField(email, 'ada@')).toBe('email');
    expect(checkField(email, 'ada@example.com')).toBeNull();
  });
  it('tel: optional, pattern when given', () => {
    expect(checkField(tel, '')).toBeNull();
    expect(checkField(tel, 'call me')).toBe('pattern');
    expect(checkField(tel, '+44 20 7123 4567')).toBeNull();
  });
  it('number', () => {
    expect(checkField(num, 'ten')).toBe('number');
    expect(checkField(num, '10,5')).toBeNull();
  });
  it('date', () => {
    expect(checkField(date, '12/10/1990')).toBe('date');
    expect(checkField(date, '1990-12-10')).toBeNull();
  });
  it('select: only its options', () => {
    expect(checkField(select, 'DOGE')).toBe('option');
    expect(checkField(select, 'BTC')).toBeNull();
  });
  it('all fields of a method at once', () => {
    expect(checkFields([text, email, tel], { iban: 'x', email: 'ada@example.com' })).toEqual({ iban: 'tooShort' });
  });
});
