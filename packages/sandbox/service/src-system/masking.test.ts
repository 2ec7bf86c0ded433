/** Identities normalised and masked as EMVCo's Click to Pay guidelines show them (masking.ts). */
import { describe, expect, it } from 'vitest';
import { callingCodeOf, maskEmail, maskPhone, normaliseEmail, normaliseIdentity, normalisePhone } from './masking';
import { SrcError } from './src-error';

describe('Click to Pay identities', () => {
  it('normalises an email to lower case without spaces', () => {
    expect(normaliseEmail('  Clara.C2P@Example.COM ')).toBe('clara.c2p@example.com');
  });

  it('normalises a phone to E.164', () => {
    expect(normalisePhone('+44 7700 900101')).toBe('+447700900101');
    expect(normalisePhone('0044 (7700) 900-101')).toBe('+447700900101');
    expect(normaliseIdentity('MOBILE_PHONE_NUMBER', '+1 415.555.0100')).toBe('+14155550100');
  });

  it.each([
    ['EMAIL', 'not-an-email'],
    ['EMAIL', 'a b@example.com'],
    ['MOBILE_PHONE_NUMBER', '07700900101'],
    ['MOBILE_PHONE_NUMBER', '+44 77'],
    ['MOBILE_PHONE_NUMBER', '+4477009001011234'],
  ] as const)('refuses %s %s with 400 CONSUMER_ID_FORMAT_INVALID, the value not in the message', (type, value) => {
    let caught: unknown;
    try {
      normaliseIdentity(type, value);
    } catch (error) {
      caught = error;
    }
    expect(SrcError.is(caught)).toBe(true);
    expect((caught as SrcError).toBody()).toMatchObject({ reason: 'CONSUMER_ID_FORMAT_INVALID', status: 400 });
    expect((caught as SrcError).message).not.toContain(value);
  });

  it('masks an email as a•••@example.com', () => {
    expect(maskEmail('ada@example.com')).toBe('a•••@example.com');
    expect(maskEmail('x@mail.example.org')).toBe('x•••@mail.example.org');
  });

  it('masks a phone as its country code and last 3 digits', () => {
    expect(maskPhone('+447700900567')).toBe('+44 ••• 567');
    expect(maskPhone('+14155550100')).toBe('+1 ••• 100');
    expect(maskPhone('+35312345678')).toBe('+353 ••• 678');
    expect(maskPhone('+79161234567')).toBe('+7 ••• 567');
    expect(callingCodeOf('+971501234567')).toBe('971');
    expect(callingCodeOf('+4915112345678')).toBe('49');
  });
});
