/**
 * The sandbox bank's directory: the named demo banks (ASPSPs) a bank chooser shows, per country,
 * and the search and order of that list (the customer's last used bank first). Every bank plays
 * the same test users (test-users.ts); a bank's national code goes into its accounts' identifiers
 * (account-identifiers.ts). The names are made up: no real bank is meant.
 */

/** The countries the sandbox bank serves (ISO 3166-1 alpha-2). */
export const BANK_COUNTRIES = ['GB', 'SE', 'FI', 'DE', 'NL', 'ES'] as const;
export type BankCountry = (typeof BANK_COUNTRIES)[number];

/** A demo bank: `id` as the method field's option value, `code` its national bank code (the IBAN's bank identifier). */
export interface DemoBank {
  id: string;
  name: string;
  country: BankCountry;
  /** GB: 4 letters; SE, FI: 3 digits; DE: 8 digits (Bankleitzahl); NL: 4 letters; ES: 4 digits (entidad) + 4 (oficina). */
  code: string;
  bic: string;
}

/** The demo banks, three per country. */
export const DEMO_BANKS: readonly DemoBank[] = [
  { id: 'gb-albion', name: 'Albion Bank', country: 'GB', code: 'ALBN', bic: 'ALBNGB2L' },
  { id: 'gb-thistle', name: 'Thistle & Crown', country: 'GB', code: 'THST', bic: 'THSTGB2E' },
  { id: 'gb-pennine', name: 'Pennine Building Society', country: 'GB', code: 'PENN', bic: 'PENNGB21' },
  { id: 'se-norrland', name: 'Norrlandsbanken', country: 'SE', code: '910', bic: 'NORLSESS' },
  { id: 'se-gota', name: 'Göta Sparbank', country: 'SE', code: '920', bic: 'GOTASESS' },
  { id: 'se-malar', name: 'Mälarbanken', country: 'SE', code: '930', bic: 'MALRSESS' },
  { id: 'fi-saimaa', name: 'Saimaan Pankki', country: 'FI', code: '711', bic: 'SAIMFIHH' },
  { id: 'fi-lappi', name: 'Lapin Osuuspankki', country: 'FI', code: '722', bic: 'LAPPFIHH' },
  { id: 'fi-aura', name: 'Aura Bank', country: 'FI', code: '733', bic: 'AURAFIHH' },
  { id: 'de-rhein', name: 'Rheinische Sparkasse', country: 'DE', code: '37050299', bic: 'RHSPDEFF' },
  { id: 'de-alpen', name: 'Alpen Volksbank', country: 'DE', code: '70090100', bic: 'ALPVDEMM' },
  { id: 'de-hanse', name: 'Hansebank', country: 'DE', code: '20030000', bic: 'HANSDEHH' },
  { id: 'nl-polder', name: 'Polderbank', country: 'NL', code: 'PLDR', bic: 'PLDRNL2A' },
  { id: 'nl-gracht', name: 'Grachtenbank', country: 'NL', code: 'GRCH', bic: 'GRCHNL2A' },
  { id: 'nl-duin', name: 'Duinspaarbank', country: 'NL', code: 'DUIN', bic: 'DUINNL2U' },
  { id: 'es-meseta', name: 'Banco Meseta', country: 'ES', code: '90010001', bic: 'MESEESMM' },
  { id: 'es-iberico', name: 'Banco Ibérico de Pruebas', country: 'ES', code: '90020002', bic: 'IBERESMM' },
  { id: 'es-cantabrico', name: 'Caja Cantábrica', country: 'ES', code: '90030003', bic: 'CANTESMM' },
];

/** The bank of `id`, or undefined. */
export const bankById = (id: string): DemoBank | undefined => DEMO_BANKS.find((b) => b.id === id);

/** Whether `country` (any case) is one the sandbox bank serves. */
export const isBankCountry = (country: string | undefined | null): country is BankCountry =>
  !!country && (BANK_COUNTRIES as readonly string[]).includes(country.toUpperCase());

/** Lower case without accents, for matching what a customer types ("gota" finds "Göta"). */
const folded = (text: string) =>
  text
    .normalize('NFD')
    // The combining diacritical marks (U+0300 to U+036F): a small class, cheap to compile (a \p{Diacritic} class stalled the first call by some 25 ms).
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The banks a chooser lists: those of `country` when the sandbox serves it (and the last used), else every bank;
 * narrowed to the names or BICs containing `query` (accents and case ignored); the bank
 * `lastUsedId` first, the others by name. Never empty when `query` is empty.
 */
export function searchBanks(options: { country?: string | null; query?: string; lastUsedId?: string | null }): DemoBank[] {
  const country = options.country?.toUpperCase();
  // The last used bank is listed even when it is another country's (a customer banking abroad).
  const inCountry = isBankCountry(country)
    ? DEMO_BANKS.filter((b) => b.country === country || b.id === options.lastUsedId)
    : [...DEMO_BANKS];
  const typed = options.query?.trim().slice(0, 64) ?? '';
  const query = typed ? folded(typed) : '';
  const found = query ? inCountry.filter((b) => folded(b.name).includes(query) || folded(b.bic).includes(query)) : inCountry;
  return found.sort((a, b) => {
    if (a.id === options.lastUsedId) return -1;
    if (b.id === options.lastUsedId) return 1;
    return a.country === b.country ? a.name.localeCompare(b.name, 'en') : a.country.localeCompare(b.country);
  });
}
