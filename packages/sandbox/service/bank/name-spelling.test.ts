/**
 * Names in the scripts of the cashier's 16 locales and of the sandbox banks' countries, compared
 * as the Pay N Play probable match does (the skeleton, name-spelling.ts) and as the payee name
 * check does (name-match.ts): Latin with marks (German, Danish and Norwegian, Swedish and Finnish,
 * Polish, Turkish, Croatian, French, Spanish, Portuguese, Italian) in any spelling ICAO Doc 9303
 * part 3 allows (ø → oe or o, æ → ae, ß → ss, ł → l, đ → d, ü → ue or u, å → aa or a); Cyrillic
 * (Russian, Ukrainian) and Greek against their romanisation; Hebrew, Arabic, Devanagari, Japanese,
 * Korean and Chinese at least match themselves and not another name, and never throw.
 */
import { describe, expect, it } from 'vitest';
import { matchNames } from './name-match';
import { nameSkeleton, romanised } from './name-spelling';
import { nameAndBirthDate } from './player-identity';

/** Each row: one name, then other spellings of it (ICAO's long and short, without marks, another case). */
const SAME_NAME: readonly (readonly [string, ...string[]])[] = [
  ['Nora Nøid', 'Nora Noeid', 'Nora Noid', 'NORA NØID'], // Danish, Norwegian
  ['Søren Kierkegård', 'Soeren Kierkegaard', 'Soren Kierkegard'],
  ['Ærø Dæhlie', 'Aeroe Daehlie', 'Aero Daehlie'],
  ['Jürgen Müller', 'Juergen Mueller', 'Jurgen Muller'], // German
  ['Ludwig Strauß', 'Ludwig Strauss'],
  ['Åsa Öberg', 'Aasa Oeberg', 'Asa Oberg'], // Swedish
  ['Jääskeläinen', 'Jaeaeskelaeinen', 'Jaaskelainen'], // Finnish
  ['Łukasz Wałęsa', 'Lukasz Walesa'], // Polish
  ['Zofia Kowalczyk-Żółć', 'Zofia Kowalczyk Zolc'],
  ['Şükrü Öztürk', 'Suekrue Oeztuerk', 'Sukru Ozturk'], // Turkish
  ['İsmail Işık', 'Ismail Isik'],
  ['Đorđe Đoković', 'Dorde Dokovic'], // Croatian
  ['Živko Čačić', 'Zivko Cacic'],
  ['François Lefèvre', 'Francois Lefevre'], // French
  ['Íñigo Núñez', 'Inigo Nunez'], // Spanish
  ['João Conceição', 'Joao Conceicao'], // Portuguese
  ['Niccolò Cantù', 'Niccolo Cantu'], // Italian
  ['Сергей Иванов', 'Sergey Ivanov'], // Russian
  ['Олександр Шевченко', 'Oleksandr Shevchenko'], // Ukrainian
  ['Νίκος Παπαδάκης', 'Nikos Papadakis'], // Greek
  ["Seán O'Brien", 'Sean O’Brien', 'Sean OBrien'],
];

/** Names in scripts without letter cases or ICAO spellings: each matches itself, not the other. */
const OTHER_SCRIPTS: readonly (readonly [string, string])[] = [
  ['דוד כהן', 'משה לוי'], // Hebrew
  ['محمد علي', 'أحمد حسن'], // Arabic
  ['राहुल शर्मा', 'अमित कुमार'], // Hindi (Devanagari)
  ['山田 太郎', '鈴木 一郎'], // Japanese
  ['김민준', '이서연'], // Korean
  ['王小明', '李华'], // Chinese
];

describe('name spellings (name-spelling.ts)', () => {
  it('romanises any script with any-ascii, in the short spelling or ICAO’s long one', () => {
    expect(romanised('Nora Nøid')).toBe('nora noid');
    expect(romanised('Nora Nøid', true)).toBe('nora noeid');
    expect(romanised('Ærø Strauß Łódź Đakovo')).toBe('aero strauss lodz dakovo');
    expect(romanised('MÜLLER Åberg', true)).toBe('mueller aaberg');
    expect(romanised('Сергей Иванов')).toBe('sergey ivanov');
  });

  it.each(SAME_NAME.map((row) => [row[0], row.slice(1)] as const))('%s: one skeleton in every spelling (%j)', (name, others) => {
    for (const other of others) expect(nameSkeleton(other), other).toBe(nameSkeleton(name));
  });

  it('tells other names apart', () => {
    expect(nameSkeleton('Nora Nord')).not.toBe(nameSkeleton('Nora Noid'));
    expect(nameSkeleton('Paula Pays')).not.toBe(nameSkeleton('Peter Pays'));
    expect(nameSkeleton('Lukasz Walesa')).not.toBe(nameSkeleton('Lukasz Wales'));
  });

  it.each(OTHER_SCRIPTS)('%s matches itself and not %s, without throwing', (name, other) => {
    expect(nameSkeleton(name)).toMatch(/^[a-z0-9 ]+$/);
    expect(nameSkeleton(name)).toBe(nameSkeleton(` ${name} `));
    expect(nameSkeleton(name)).not.toBe(nameSkeleton(other));
    expect(matchNames(name, name, 'PERSONAL')).toBe('MATCH');
    expect(matchNames(name, other, 'PERSONAL')).toBe('NO_MATCH');
  });

  it('never throws on what is not a name, and matches nothing empty', () => {
    for (const odd of ['', '   ', '😀', '\uD83D', '¼ & ½', 'a\u0308\u0308', '\u200B', 'x'.repeat(10_000)]) {
      expect(() => nameSkeleton(odd)).not.toThrow();
      expect(() => matchNames(odd, 'Paula Pays', 'PERSONAL')).not.toThrow();
    }
    expect(matchNames('', '', 'PERSONAL')).toBe('NO_MATCH');
    expect(matchNames('\u200B', 'Paula Pays', 'PERSONAL')).toBe('NO_MATCH');
  });
});

describe('Pay N Play: the same name and birth date in any spelling (player-identity.ts)', () => {
  it.each(SAME_NAME.map((row) => [row[0], row.slice(1)] as const))('%s (%j)', (name, others) => {
    const of = (full: string) => {
      const [givenName = '', ...family] = full.split(' ');
      return nameAndBirthDate({ givenName, familyName: family.join(' '), dateOfBirth: '1992-12-01' });
    };
    for (const other of others) expect(of(other), other).toBe(of(name));
  });
});

describe('the payee name check in any spelling (name-match.ts)', () => {
  it.each([
    ['Nora Noid', 'Nora Nøid', 'MATCH'], // the held name with its mark, in ICAO's short spelling
    ['Nora Noeid', 'Nora Nøid', 'MATCH'], // and in its long one
    ['Nora Nøid', 'Nora Noeid', 'MATCH'],
    ['Nora Noeid', 'Nora Noid', 'CLOSE'], // either may be the other's spelling of Nøid; neither is the held name's mark
    ['Juergen Mueller-Luedenscheidt Hoefsaeter', 'Jurgen Muller-Ludenscheidt Hofsater', 'CLOSE'], // five edits: beyond a typo's distance
    ['Soeren Kierkegaard', 'Søren Kierkegård', 'MATCH'],
    ['Aeroe', 'Ærø', 'MATCH'],
    ['Lukasz Walesa', 'Łukasz Wałęsa', 'MATCH'],
    ['Dorde Dokovic', 'Đorđe Đoković', 'MATCH'],
    ['Ludwig Strauss', 'Ludwig Strauß', 'MATCH'],
    ['Suekrue Oeztuerk', 'Şükrü Öztürk', 'MATCH'],
    ['Ismail Isik', 'İsmail Işık', 'MATCH'],
    ['Sergey Ivanov', 'Сергей Иванов', 'MATCH'],
    ['Sergei Ivanov', 'Сергей Иванов', 'CLOSE'], // a Russian passport's ICAO spelling: one edit
    ['Oleksandr Shevchenko', 'Олександр Шевченко', 'MATCH'],
    ['Nikos Papadakis', 'Νίκος Παπαδάκης', 'MATCH'],
    ['Nora Nord', 'Nora Nøid', 'CLOSE'], // a typo's distance, as before
    ['Peter Pays', 'Paula Pays', 'NO_MATCH'],
  ] as const)('%j for %j is %s', (typed, held, verdict) => {
    expect(matchNames(typed, held, 'PERSONAL')).toBe(verdict);
  });
});
