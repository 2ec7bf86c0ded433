/**
 * The payment pages' catalogue texts are resolved once per locale and type (page-text.ts), and
 * the per-view amount is put in after: the right amount in each view, literally (no `$` patterns),
 * and a second view formats no message again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from 'use-intl/core';

const catalogues: Record<string, Record<string, unknown>> = {
  en: JSON.parse(readFileSync('messages/en.json', 'utf8')),
  ar: JSON.parse(readFileSync('messages/ar.json', 'utf8')),
};
let locale = 'en';
const resolved = vi.fn();
vi.mock('next-intl/server', () => ({
  getLocale: async () => locale,
  getTranslations: async (namespace: string) => {
    resolved(locale, namespace);
    return createTranslator({ locale, messages: catalogues[locale] as never, namespace: namespace as never });
  },
}));

const { cardFormText, savedCardsText } = await import('./page-text');

describe('payment page texts', () => {
  it('formats the catalogue once per locale and type, and puts each view’s amount in', async () => {
    const first = await cardFormText('€25.50', 'payin');
    const calls = resolved.mock.calls.length;
    const second = await cardFormText('$&10.00', 'payin');
    expect(resolved.mock.calls.length).toBe(calls);
    expect(first.pay).toContain('€25.50');
    expect(second.pay).toContain('$&10.00');
    expect(second.pay).not.toContain('€25.50');
    expect(second.cardNumber).toBe(first.cardNumber);
    expect(JSON.stringify(second)).not.toContain('\u0000');
  });

  it('keeps locales and types apart', async () => {
    const payout = await cardFormText('€1.00', 'payout');
    expect(payout.pay).not.toBe((await cardFormText('€1.00', 'payin')).pay);
    locale = 'ar';
    const arabic = await savedCardsText('١٠ €', 'payin');
    expect(arabic.submit).toContain('١٠ €');
    expect(arabic.legend).not.toBe((await ((locale = 'en'), savedCardsText('١٠ €', 'payin'))).legend);
  });
});
