/**
 * How a person's name is spelled for comparison (docs/design.md, section 9, "Payee name check",
 * and "Pay N Play"): in Latin letters, whatever the script it was written in, and in either of the
 * spellings ICAO Doc 9303 part 3 (section 6, the transliteration of multinational Latin-based
 * characters) lets a travel document give it.
 *
 * - Romanised by `any-ascii` (maintained, every script): marks dropped ("Łukasz Wałęsa" → "lukasz
 *   walesa"), the letters without a decomposition spelled out (ø → o, æ → ae, ß → ss, ł → l,
 *   đ → d, þ → th), Cyrillic, Greek, Hebrew, Arabic and CJK romanised ("Сергей" → "sergey").
 * - ICAO's long spellings of the letters it writes two ways: Ä → AE, Ö → OE, Ü → UE, Å → AA,
 *   Ø → OE (the short ones, A, O, U, A, O, are any-ascii's); Æ → AE and ß → SS are the same both ways.
 * - The skeleton: the short spelling with ICAO's long spellings read as short ones (ae, oe, ue,
 *   aa → a, o, u, a), so "Nora Nøid", "Nora Noeid" and "Nora Noid" are one name. It is coarser
 *   than either ("Michael" and "Michal" are one skeleton): good for a probable match, which other
 *   facts narrow and a merchant decides on, not for a payee check's MATCH.
 */
import anyAscii from 'any-ascii';

/** ICAO Doc 9303 part 3's long spellings of the letters it lets a document write two ways (lower case). */
const ICAO_LONG: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', å: 'aa', ø: 'oe' };

/**
 * `text` romanised (any-ascii), lower case, ASCII only; `icao`: ICAO's long spelling of ä, ö, ü,
 * å and ø first ("Müller" → "mueller"; else "muller"). Punctuation is kept. Pure.
 */
export function romanised(text: string, icao = false): string {
  let composed = text.normalize('NFC');
  if (icao) composed = composed.replace(/[äöüåø]/giu, (c) => ICAO_LONG[c.toLowerCase()] ?? c);
  return anyAscii(composed).toLowerCase();
}

/** ICAO's long spellings, each read as its first letter. */
const LONG_SPELLINGS = /ae|oe|ue|aa/g;
const SHORT = (pair: string) => pair.charAt(0);

/**
 * Romanised `text` with ICAO's long spellings read as the short ones (ae, oe, ue, aa → a, o, u, a),
 * until none is left: "jaeaeskelaeinen" → "jaaskelainen" → "jaskelainen", as "Jääskeläinen" is. Pure.
 */
export function icaoShortSpelling(romanisedText: string): string {
  let [text, shorter] = [romanisedText, romanisedText.replace(LONG_SPELLINGS, SHORT)];
  while (shorter !== text) [text, shorter] = [shorter, shorter.replace(LONG_SPELLINGS, SHORT)];
  return text;
}

/**
 * The skeleton of a name (this file's header): romanised, apostrophes dropped ("O'Brien" →
 * "obrien"), every other mark a space, spaces collapsed, ICAO's long spellings read as short.
 * Names that differ only by script, marks, case, punctuation or ICAO spelling have one skeleton. Pure.
 */
export const nameSkeleton = (name: string): string =>
  icaoShortSpelling(
    romanised(name)
      .replace(/['`]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim(),
  );
