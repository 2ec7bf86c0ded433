/**
 * The sandbox bank's payee name matching: how the name a payer typed is compared with the name the
 * bank holds for the account, before a credit transfer. Neither scheme prescribes an algorithm
 * (the EPC's Verification of Payee rulebook leaves matching to the payee's PSP; Pay.UK's
 * Confirmation of Payee to each responding participant); the rules here are this project's, with
 * their sources in docs/design.md, section 9 ("Payee name check"):
 *
 * - Both names are normalised: romanised by name-spelling.ts (the `any-ascii` library: marks
 *   stripped, "Müller" → "muller", ø → o, ß → ss, ł → l, đ → d, any script in Latin letters), and a
 *   second form with ICAO Doc 9303 part 3's long spellings (Ä→AE, Ö→OE, Ü→UE, Å→AA, Ø→OE: "Müller"
 *   → "mueller"), either form may match; lower case; apostrophes dropped ("O'Brien" → "obrien"),
 *   "&" read as "and", every other punctuation mark a space, spaces collapsed.
 * - A personal account: leading titles dropped (Mr, Mrs, Dr, Herr, Frau, Fru, Herra, Dhr, Sr, Sra,
 *   Mme...). A business account: trailing legal forms dropped (Ltd, Limited, PLC, GmbH, AG, KG, AB,
 *   Oy, BV, NV, SL, SA...; "B.V." as "BV"); two different legal forms make a close match at best.
 * - MATCH: the same words (or the same letters, spaces aside: "McDonald" and "Mc Donald").
 * - CLOSE: the same words in another order (given and family name swapped); initials for words
 *   ("P Pays", "Pays P." for "Paula Pays"), with one full word the same; the same name once ICAO's
 *   long spellings are read as short ones ("Nora Noeid" for "Nora Noid": either may be the other's
 *   document spelling of "Nøid", neither is the held name with its mark); or a Levenshtein distance
 *   (`fastest-levenshtein`) of at most a fifth of the longer name's length, and at most 3.
 * - NO_MATCH: anything else, and a name that is empty once normalised.
 */
import { distance } from 'fastest-levenshtein';
import type { AccountType } from './bank-accounts';
import { icaoShortSpelling, romanised } from './name-spelling';

/** How close two names are: the verdict both schemes' answers are built from. */
export type NameMatch = 'MATCH' | 'CLOSE' | 'NO_MATCH';

/** ISO 20022's Max140Text: a creditor name is at most 140 characters; the rest is ignored. */
const MAX_NAME = 140;

const TITLES = new Set(
  ['mr', 'mrs', 'ms', 'miss', 'mx', 'mister', 'dr', 'prof', 'sir', 'dame', 'lord', 'lady', 'rev']
    .concat(['herr', 'frau', 'fru', 'froken', 'herra', 'rouva', 'neiti', 'dhr', 'mevr', 'mevrouw', 'heer'])
    .concat(['sr', 'sra', 'srta', 'senor', 'senora', 'don', 'dona', 'mme', 'mlle', 'monsieur', 'madame']),
);

/** Legal forms (GB, DE, SE, FI, NL, ES and a few neighbours), canonical spelling; `LEGAL_ALIASES` maps long forms. */
const LEGAL_FORMS = new Set(
  ['ltd', 'plc', 'llp', 'lp', 'llc', 'inc', 'corp', 'cic', 'gmbh', 'ag', 'kg', 'ohg', 'ug', 'ev', 'eg', 'gbr', 'se']
    .concat(['ab', 'hb', 'kb', 'publ', 'oy', 'oyj', 'ky', 'tmi', 'bv', 'nv', 'vof', 'cv', 'sl', 'slu', 'sa', 'sau', 'sll'])
    .concat(['as', 'asa', 'aps', 'sarl', 'sas', 'srl', 'spa']),
);
const LEGAL_ALIASES: [string, string][] = [
  ['public limited company', 'plc'],
  ['limited liability partnership', 'llp'],
  ['limited', 'ltd'],
  ['incorporated', 'inc'],
  ['corporation', 'corp'],
  ['aktiengesellschaft', 'ag'],
  ['aktiebolag', 'ab'],
  ['osakeyhtio', 'oy'],
  ['besloten vennootschap', 'bv'],
  ['naamloze vennootschap', 'nv'],
  ['sociedad limitada', 'sl'],
  ['sociedad anonima', 'sa'],
];
/** Words joining legal forms ("GmbH & Co. KG"), dropped only between legal forms at the end. */
const LEGAL_JOINERS = new Set(['and', 'co']);

/** A name as compared: its words, and the legal forms dropped from its end (business accounts). */
export interface NormalisedName {
  words: string[];
  legalForms: string[];
}

/** Romanised, lower case (`icao`: ICAO's long spellings first), punctuation as spaces. */
function folded(raw: string, icao: boolean): string {
  let text = romanised(raw.slice(0, MAX_NAME), icao)
    // any-ascii writes the apostrophes (’, ʼ) as ' and the Arabic ʿayn as `.
    .replace(/['`]/g, '')
    .replace(/&/g, ' and ')
    // Dotted abbreviations of legal forms ("B.V.", "G.m.b.H.", "S.L.") read as one word.
    .replace(/(?<![\p{L}\p{N}])(?:\p{L}\.){2,}/gu, (m) => (LEGAL_FORMS.has(m.replaceAll('.', '')) ? `${m.replaceAll('.', '')} ` : m))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  for (const [long, short] of LEGAL_ALIASES) text = text.replace(new RegExp(`(^| )${long}(?= |$)`, 'g'), `$1${short}`);
  return text;
}

/**
 * A name normalised for matching, for an account of `type`: words without leading titles
 * (personal) or trailing legal forms (business, which go to `legalForms`). `icao`: the
 * ICAO long spelling (Ü → UE) instead of the short one (Ü → U).
 */
export function normaliseName(raw: string, type: AccountType, icao = false): NormalisedName {
  const words = folded(raw, icao).split(' ').filter(Boolean);
  const legalForms: string[] = [];
  if (type === 'PERSONAL') {
    while (words.length > 1 && TITLES.has(words[0] ?? '')) words.shift();
  } else {
    while (words.length > 1) {
      const last = words.at(-1);
      if (last === undefined) break;
      if (LEGAL_FORMS.has(last)) legalForms.push(last);
      else if (!(legalForms.length > 0 && LEGAL_JOINERS.has(last))) break;
      words.pop();
    }
  }
  return { words, legalForms };
}

/** Whether `typed` gives the same words as `held` in order, some as initials, with one full word (two letters or more) the same. */
function sameWithInitials(typed: string[], held: string[]): boolean {
  if (typed.length !== held.length) return false;
  let fullWord = false;
  for (const [i, t] of typed.entries()) {
    const h = held[i];
    if (h === undefined) return false;
    if (t === h) fullWord ||= t.length > 1;
    else if (!((t.length === 1 && h.startsWith(t)) || (h.length === 1 && t.startsWith(h)))) return false;
  }
  return fullWord;
}

/** The orders a name's words may be given in: as held, reversed, and the first word moved last or the last first. */
const orders = (words: string[]): string[][] => {
  const [first, ...rest] = words;
  const last = rest.at(-1);
  if (first === undefined || last === undefined) return [words];
  return [words, [...words].reverse(), [...rest, first], [last, ...words.slice(0, -1)]];
};

/** Compares two normalised names (the rules in this file's header). */
function compareNormalised(typed: NormalisedName, held: NormalisedName): NameMatch {
  const [t, h] = [typed.words, held.words];
  if (t.length === 0 || h.length === 0) return 'NO_MATCH';
  const differentForms =
    typed.legalForms.length > 0 && held.legalForms.length > 0 && !typed.legalForms.some((f) => held.legalForms.includes(f));
  if (t.join(' ') === h.join(' ') || t.join('') === h.join('')) return differentForms ? 'CLOSE' : 'MATCH';
  if (t.length > 1 && [...t].sort().join(' ') === [...h].sort().join(' ')) return 'CLOSE';
  if (orders(h).some((order) => sameWithInitials(t, order))) return 'CLOSE';
  const [a, b] = [t.join(' '), h.join(' ')];
  if (icaoShortSpelling(a) === icaoShortSpelling(b)) return 'CLOSE';
  const allowed = Math.min(3, Math.floor(Math.max(a.length, b.length) / 5));
  return distance(a, b) <= allowed ? 'CLOSE' : 'NO_MATCH';
}

const RANK: Record<NameMatch, number> = { MATCH: 2, CLOSE: 1, NO_MATCH: 0 };

/**
 * How close the name a payer `typed` is to the name `held` for an account of `type`: MATCH, CLOSE
 * or NO_MATCH, the best over both normalisations of each (romanised, ICAO's long spellings),
 * so "Muller" and "Mueller" both match "Müller", while "Mueller" and "Muller" are only close.
 */
export function matchNames(typed: string, held: string, type: AccountType): NameMatch {
  let best: NameMatch = 'NO_MATCH';
  for (const typedIcao of [false, true])
    for (const heldIcao of [false, true]) {
      const verdict = compareNormalised(normaliseName(typed, type, typedIcao), normaliseName(held, type, heldIcao));
      if (RANK[verdict] > RANK[best]) best = verdict;
    }
  return best;
}
