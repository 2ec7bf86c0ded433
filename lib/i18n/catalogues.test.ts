/**
 * Every catalogue is complete, the product's (messages/) and the sandbox's own
 * (packages/sandbox/messages/: the namespaces of its pages): the same keys as en, the same ICU
 * arguments in each message, every message valid ICU for its locale (parsed and formatted as
 * next-intl does, with intl-messageformat), and no message left in English (but for names that
 * stay as they are). No namespace is in both (each house reads only its own).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@hosted-checkout/contract/locales';

type Catalogue = { [key: string]: string | Catalogue };
/** The folders of catalogues: the product's, and the sandbox's own. */
const FOLDERS = ['messages', 'packages/sandbox/messages'];
const load = (folder: string, locale: string) => JSON.parse(readFileSync(`${folder}/${locale}.json`, 'utf8')) as Catalogue;

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * ICU argument names of a message: `{merchant}`, `{digits, plural, …}` → merchant, digits. Parsed, not
 * matched: the text of a select or plural branch (`day {day}`) is not an argument.
 */
type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }>; children?: Element[] };
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      // 0 literal, 7 pound (#), 8 tag: no argument of their own.
      if (element.type !== 0 && element.type !== 7 && element.type !== 8 && typeof element.value === 'string') names.add(element.value);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
      if (element.children) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst() as Element[]);
  return [...names].sort();
}

/** Messages that are the same in every language (names, codes). */
const SAME_EVERYWHERE = new Set([
  'home.sandboxTitle',
  'console.router',
  'console.webhooks',
  'console.status',
  'console.threeDs',
  'apm.fields.iban',
  'bankWithdrawal.iban',
  'apm.types.BANK',
  'apm.optional',
  'clickToPay.heading',
]);

/** Words a language writes as English does (cognates), per locale. */
const SAME_IN: Record<string, string[]> = { fr: ['console.actions', 'console.transaction'], es: ['bankWithdrawal.personal'] };

describe.each(FOLDERS)('message catalogues of %s', (folder) => {
  const english = flatten(load(folder, 'en'));

  it('every locale of the app has a catalogue, and every catalogue is a locale of the app', () => {
    const files = readdirSync(folder)
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES) {
    describe(locale, () => {
      const messages = flatten(load(folder, locale));

      it('has exactly the keys of en', () => {
        if (locale === 'en') return;
        expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('keeps the ICU arguments of every message', () => {
        const mismatched = [...english].filter(
          ([key, value]) => JSON.stringify(argumentsOf(value)) !== JSON.stringify(argumentsOf(messages.get(key) ?? '')),
        );
        expect(mismatched.map(([key]) => key)).toEqual([]);
      });

      it('has only valid ICU messages that format in the locale', () => {
        const broken: string[] = [];
        for (const [key, message] of messages) {
          try {
            const values = Object.fromEntries(argumentsOf(message).map((name) => [name, 2]));
            new IntlMessageFormat(message, locale).format(values);
          } catch (error) {
            broken.push(`${key}: ${(error as Error).message}`);
          }
        }
        expect(broken).toEqual([]);
      });

      it('leaves nothing in English', () => {
        if (locale === 'en') return;
        const untranslated = [...english].filter(
          ([key, value]) =>
            !SAME_EVERYWHERE.has(key) && !SAME_IN[locale]?.includes(key) && messages.get(key) === value && /[a-z]{3}/i.test(value),
        );
        expect(untranslated.map(([key]) => key)).toEqual([]);
      });
    });
  }
});

describe('the two houses’ catalogues', () => {
  it('share no namespace: the product’s and the sandbox’s are apart', () => {
    const [product = {}, sandbox = {}] = FOLDERS.map((folder) => load(folder, 'en'));
    expect(Object.keys(product).filter((namespace) => namespace in sandbox)).toEqual([]);
    expect(Object.keys(sandbox).length).toBeGreaterThan(0);
  });
});
