/**
 * The payee name check against documented examples and the sandbox bank's own accounts. Neither
 * the EPC's VOP rulebook nor Pay.UK's CoP standard publishes normative matching examples that we
 * could quote reliably, so the cases are: the answer codes as participants document them (finAPI's
 * VoP results: MTCH, CMTC with the held name, NMTC, NOAP; LHV's and Weavr's CoP reason codes: MBAM,
 * ANNM, BANM, PANM, BAMM, PAMM, AC01, SCNS); a participant's published close-match example ("John
 * Smith" and "Mr J Smith", Ziglu's CoP help page); and the rules of name-match.ts over the test
 * users and receiving payees of bank-accounts.ts (diacritics, titles, initials, order, legal forms,
 * a typo, another person, an account the bank does not hold).
 */
import { describe, expect, it } from 'vitest';
import { checkedIban, composeBankIban, isValidUkAccount } from './account-identifiers';
import { bankById, DEMO_BANKS } from './bank-directory';
import { accountAtBankByIban, RECEIVING_PAYEES } from './bank-accounts';
import { checkPayeeName, type NameCheckResult } from './name-check';
import { matchNames, normaliseName } from './name-match';
import { accountsAt, testUser, TEST_USERS } from './test-users';

/** The IBAN of a receiving payee (by holder) or a test user's current account at a demo bank. */
function ibanAt(bankId: string, holder: string): string {
  const bank = bankById(bankId)!;
  const payee = RECEIVING_PAYEES.find((p) => p.holder === holder);
  if (payee) return composeBankIban(bank.country, bank.code, payee);
  const user = TEST_USERS.find((u) => `${u.identity.givenName} ${u.identity.familyName}` === holder)!;
  return accountsAt(user, bank)[0]!.iban;
}

const vop = (name: string, iban: string): NameCheckResult => {
  const answer = checkPayeeName({ name, account: { iban } });
  if (!answer.ok) throw new Error(answer.error);
  return answer.result;
};

const cop = (name: string, sortCode: string, accountNumber: string, accountType?: 'PERSONAL' | 'BUSINESS'): NameCheckResult => {
  const answer = checkPayeeName({ name, account: { sortCode, accountNumber }, accountType });
  if (!answer.ok) throw new Error(answer.error);
  return answer.result;
};

describe('name matching (name-match.ts)', () => {
  it('normalises case, marks, punctuation and spaces', () => {
    expect(normaliseName("  PAULA   o'Pays-Smith ", 'PERSONAL').words).toEqual(['paula', 'opays', 'smith']);
    expect(normaliseName('Jürgen Müller', 'PERSONAL').words).toEqual(['jurgen', 'muller']);
    expect(normaliseName('Jürgen Müller', 'PERSONAL', true).words).toEqual(['juergen', 'mueller']);
    expect(normaliseName('Åsa Strauß-Øberg', 'PERSONAL', true).words).toEqual(['aasa', 'strauss', 'oeberg']);
    expect(normaliseName('Thistle & Crown', 'BUSINESS').words).toEqual(['thistle', 'and', 'crown']);
  });

  it('drops titles of personal names and legal forms of businesses only', () => {
    expect(normaliseName('Herr Dr. Jürgen Müller', 'PERSONAL').words).toEqual(['jurgen', 'muller']);
    expect(normaliseName('Mrs Paula Pays', 'PERSONAL').words).toEqual(['paula', 'pays']);
    expect(normaliseName('Polder Games B.V.', 'BUSINESS')).toEqual({ words: ['polder', 'games'], legalForms: ['bv'] });
    expect(normaliseName('Nordlicht Spiele GmbH & Co. KG', 'BUSINESS')).toEqual({
      words: ['nordlicht', 'spiele'],
      legalForms: ['kg', 'gmbh'],
    });
    expect(normaliseName('Göta Aktiebolag (publ)', 'BUSINESS').legalForms).toEqual(['publ', 'ab']);
    expect(normaliseName('Smith & Co', 'BUSINESS').words).toEqual(['smith', 'and', 'co']);
    expect(normaliseName('Sandbox Play Ltd', 'PERSONAL').words).toEqual(['sandbox', 'play', 'ltd']);
  });

  it("reads Ziglu's published CoP example as a close match: 'Mr J Smith' for 'John Smith'", () => {
    expect(matchNames('Mr J Smith', 'John Smith', 'PERSONAL')).toBe('CLOSE');
    expect(matchNames('John Smith', 'John Smith', 'PERSONAL')).toBe('MATCH');
  });

  it.each([
    ['Müller', 'Müller', 'MATCH'],
    ['Muller', 'Müller', 'MATCH'], // marks stripped
    ['Mueller', 'Müller', 'MATCH'], // ICAO 9303 transliteration
    ['MÜLLER', 'mueller', 'MATCH'],
    ['Mueller', 'Muller', 'CLOSE'], // neither is the held spelling with the mark: one edit
    ['Mc Donald', 'McDonald', 'MATCH'],
    ['Paula Pays', 'Paula Pays', 'MATCH'],
    ['Dr Paula Pays', 'Paula Pays', 'MATCH'],
    ['P. Pays', 'Paula Pays', 'CLOSE'], // initial
    ['Pays, Paula', 'Paula Pays', 'CLOSE'], // swapped
    ['Pays P', 'Paula Pays', 'CLOSE'], // swapped, with an initial
    ['Paula Pais', 'Paula Pays', 'CLOSE'], // a typo
    ['Paual Pays', 'Paula Pays', 'CLOSE'], // two letters swapped: distance 2 of 10
    ['Peter Pays', 'Paula Pays', 'NO_MATCH'], // another person of the family
    ['Rita Rejects', 'Paula Pays', 'NO_MATCH'],
    ['P P', 'Paula Pays', 'NO_MATCH'], // initials alone
    ['Mr', 'Paula Pays', 'NO_MATCH'],
    ['', 'Paula Pays', 'NO_MATCH'],
  ] as const)('personal: %j for %j is %s', (typed, held, verdict) => {
    expect(matchNames(typed, held, 'PERSONAL')).toBe(verdict);
  });

  it.each([
    ['Sandbox Play Ltd', 'Sandbox Play Ltd', 'MATCH'],
    ['SANDBOX PLAY LIMITED', 'Sandbox Play Ltd', 'MATCH'],
    ['Sandbox Play', 'Sandbox Play Ltd', 'MATCH'], // legal form left out
    ['Sandbox Play PLC', 'Sandbox Play Ltd', 'CLOSE'], // another legal form
    ['Polder Games BV', 'Polder Games B.V.', 'MATCH'],
    ['Polder Games besloten vennootschap', 'Polder Games B.V.', 'MATCH'],
    ['Nordlicht Spiele GmbH & Co. KG', 'Nordlicht Spiele GmbH', 'MATCH'],
    ['Nordlicht Spiele AB', 'Nordlicht Spiele GmbH', 'CLOSE'],
    ['Nordlicht Spiel GmbH', 'Nordlicht Spiele GmbH', 'CLOSE'], // a typo
    ['Aura Gaming Oy', 'Sandbox Play Ltd', 'NO_MATCH'],
  ] as const)('business: %j for %j is %s', (typed, held, verdict) => {
    expect(matchNames(typed, held, 'BUSINESS')).toBe(verdict);
  });

  it('reads at most 140 characters (ISO 20022 Max140Text)', () => {
    expect(matchNames(`Paula Pays${' '.repeat(140)}Someone Else`, 'Paula Pays', 'PERSONAL')).toBe('MATCH');
  });
});

describe('Verification of Payee (an IBAN outside the UK)', () => {
  const muller = ibanAt('de-rhein', 'Jürgen Müller');

  it('MTCH for the held name, with or without its marks, titles or spacing', () => {
    for (const name of ['Jürgen Müller', 'Juergen Mueller', 'Jurgen Muller', 'Herr Dr. Jürgen Müller', ' jürgen  MÜLLER '])
      expect(vop(name, muller), name).toEqual({ scheme: 'VOP', code: 'MTCH' });
  });

  it('CMTC with the name the bank holds for an initial, a swapped order or a typo', () => {
    for (const name of ['J. Müller', 'Müller, Jürgen', 'Jürgen Müler', 'Jurgen Muler'])
      expect(vop(name, muller), name).toEqual({ scheme: 'VOP', code: 'CMTC', nameHeld: 'Jürgen Müller' });
  });

  it('NMTC for another person, without the held name', () => {
    expect(vop('Paula Pays', muller)).toEqual({ scheme: 'VOP', code: 'NMTC' });
    expect(vop('Hans Müller', muller)).toEqual({ scheme: 'VOP', code: 'NMTC' });
  });

  it("matches a business's name without its legal form, in any IBAN format", () => {
    const polder = ibanAt('nl-polder', 'Polder Games B.V.');
    expect(vop('Polder Games BV', polder)).toEqual({ scheme: 'VOP', code: 'MTCH' });
    expect(vop('Polder Games', polder.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual({ scheme: 'VOP', code: 'MTCH' });
    expect(vop('Polder Games N.V.', polder)).toEqual({ scheme: 'VOP', code: 'CMTC', nameHeld: 'Polder Games B.V.' });
    expect(vop('Nordlicht Spiele GmbH', ibanAt('es-meseta', 'Nordlicht Spiele GmbH'))).toEqual({ scheme: 'VOP', code: 'MTCH' });
  });

  it("answers every test user's accounts at every bank outside the UK in the name the bank verified", () => {
    for (const bank of DEMO_BANKS.filter((b) => b.country !== 'GB'))
      for (const user of TEST_USERS)
        for (const account of accountsAt(user, bank)) {
          expect(vop(account.holder, account.iban), `${bank.id} ${user.username}`).toEqual({ scheme: 'VOP', code: 'MTCH' });
          expect(vop(`${user.identity.givenName[0]} ${user.identity.familyName}`, account.iban)).toMatchObject({ code: 'CMTC' });
        }
  });

  it('NOAP for a valid IBAN the bank does not hold (the IBAN Registry example; an unknown account at a demo bank)', () => {
    expect(vop('Paula Pays', 'DE89 3704 0044 0532 0130 00')).toEqual({ scheme: 'VOP', code: 'NOAP' });
    const unknown = composeBankIban('FI', bankById('fi-aura')!.code, { digits: '9900000011', sortCode: '', ukAccount: '' });
    expect(vop('Paula Pays', unknown)).toEqual({ scheme: 'VOP', code: 'NOAP' });
  });

  it('refuses an IBAN the identifier checks fail', () => {
    expect(checkPayeeName({ name: 'Jürgen Müller', account: { iban: `${muller.slice(0, -1)}0` } })).toEqual({
      ok: false,
      error: 'INVALID_IBAN',
    });
    expect(checkPayeeName({ name: 'Jürgen Müller', account: { iban: 'not an iban' } })).toEqual({ ok: false, error: 'INVALID_IBAN' });
  });
});

describe('Confirmation of Payee (a UK sort code and account number, or a GB IBAN)', () => {
  const pays = testUser('pays')!.accounts[0]!; // 08-99-99 66374958, Paula Pays, personal
  const play = RECEIVING_PAYEES.find((p) => p.holder === 'Sandbox Play Ltd')!; // business

  it('a match: the held name and the account type the payer said (or none said)', () => {
    expect(cop('Paula Pays', '08-99-99', pays.ukAccount, 'PERSONAL')).toEqual({ scheme: 'COP', outcome: 'MATCH' });
    expect(cop('Mrs Paula Pays', pays.sortCode, pays.ukAccount)).toEqual({ scheme: 'COP', outcome: 'MATCH' });
    expect(cop('Sandbox Play Limited', play.sortCode, play.ukAccount, 'BUSINESS')).toEqual({ scheme: 'COP', outcome: 'MATCH' });
  });

  it('MBAM close match with the name held: initials, swapped order, a typo', () => {
    for (const name of ['Mrs P Pays', 'Pays Paula', 'Paula Pais'])
      expect(cop(name, pays.sortCode, pays.ukAccount, 'PERSONAL'), name).toEqual({
        scheme: 'COP',
        outcome: 'CLOSE_MATCH',
        reasonCode: 'MBAM',
        nameHeld: 'Paula Pays',
      });
  });

  it('ANNM no match for another person, whatever the account type said', () => {
    for (const said of ['PERSONAL', 'BUSINESS'] as const)
      expect(cop('Rita Rejects', pays.sortCode, pays.ukAccount, said), said).toEqual({
        scheme: 'COP',
        outcome: 'NO_MATCH',
        reasonCode: 'ANNM',
      });
  });

  it('account type mismatch: BANM and PANM (name matches), BAMM and PAMM (close, with the name held)', () => {
    expect(cop('Paula Pays', pays.sortCode, pays.ukAccount, 'BUSINESS')).toEqual({
      scheme: 'COP',
      outcome: 'ACCOUNT_TYPE_MISMATCH',
      reasonCode: 'PANM',
      accountType: 'PERSONAL',
    });
    expect(cop('P Pays', pays.sortCode, pays.ukAccount, 'BUSINESS')).toEqual({
      scheme: 'COP',
      outcome: 'ACCOUNT_TYPE_MISMATCH',
      reasonCode: 'PAMM',
      accountType: 'PERSONAL',
      nameHeld: 'Paula Pays',
    });
    expect(cop('Sandbox Play Ltd', play.sortCode, play.ukAccount, 'PERSONAL')).toMatchObject({
      reasonCode: 'BANM',
      accountType: 'BUSINESS',
    });
    expect(cop('Sandbox Plya Ltd', play.sortCode, play.ukAccount, 'PERSONAL')).toMatchObject({
      reasonCode: 'BAMM',
      nameHeld: 'Sandbox Play Ltd',
    });
  });

  it('checks a GB IBAN by the sort code and account number it holds', () => {
    const iban = accountsAt(testUser('pays')!, bankById('gb-thistle')!)[0]!.iban;
    expect(checkPayeeName({ name: 'Paula Pays', account: { iban } })).toEqual({ ok: true, result: { scheme: 'COP', outcome: 'MATCH' } });
    expect(checkPayeeName({ name: 'Paula Pays', account: { iban: 'GB29 NWBK 6016 1331 9268 19' } })).toEqual({
      ok: true,
      result: { scheme: 'COP', outcome: 'UNAVAILABLE', reasonCode: 'SCNS' },
    });
  });

  it('unavailable for a valid account the bank does not hold: AC01 at a sort code it answers for, SCNS at another', () => {
    // Vocalink's test cases: 87-14-27 99123496 and 07-01-16 34012583 pass the modulus checks.
    expect(cop('Paula Pays', '871427', '99123496')).toEqual({ scheme: 'COP', outcome: 'UNAVAILABLE', reasonCode: 'AC01' });
    expect(cop('Paula Pays', '070116', '34012583')).toEqual({ scheme: 'COP', outcome: 'UNAVAILABLE', reasonCode: 'SCNS' });
  });

  it('refuses a pair that fails the modulus checks', () => {
    expect(checkPayeeName({ name: 'Paula Pays', account: { sortCode: '089999', accountNumber: '66374959' } })).toEqual({
      ok: false,
      error: 'INVALID_UK_ACCOUNT',
    });
  });
});

describe('the accounts the bank holds (bank-accounts.ts)', () => {
  it("every receiving payee's account at every bank has a valid identifier and is found by it", () => {
    for (const bank of DEMO_BANKS)
      for (const payee of RECEIVING_PAYEES) {
        const iban = composeBankIban(bank.country, bank.code, payee);
        expect(checkedIban(iban)).toBe(iban);
        expect(accountAtBankByIban(iban)).toMatchObject({ holder: payee.holder, type: payee.type, bankId: bank.id });
        if (bank.country === 'GB') expect(isValidUkAccount(payee.sortCode, payee.ukAccount), payee.holder).toBe(true);
      }
  });
});
