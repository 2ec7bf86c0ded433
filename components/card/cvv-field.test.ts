/**
 * The security code of a new card and of a saved card is one field (cvv-field.tsx): rendered as
 * the server sends it (the page a browser without JavaScript posts), both forms' CVV inputs have
 * the same attributes, hint, error wiring and error texts, and differ only in id and label.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from 'use-intl/core';

const en = JSON.parse(readFileSync('messages/en.json', 'utf8')) as Record<string, unknown>;
vi.mock('next-intl/server', () => ({
  getLocale: async () => 'en',
  getTranslations: async (namespace: string) => createTranslator({ locale: 'en', messages: en as never, namespace: namespace as never }),
}));

const { cardFormText, savedCardsText } = await import('@/components/payment/page-text');
const { CardForm } = await import('./card-form');
const { SavedCards } = await import('./saved-cards');
const { CvvField } = await import('./cvv-field');

const action = async () => ({ attemptKey: 'k' });
const common = { action, requireCvv: true, paymentId: 'pi_1', locale: '', acceptHeader: '', initialAttemptKey: 'k' };
const visa = {
  cardId: 'card_1',
  brand: 'Visa',
  label: 'Visa ending 4242',
  expiryText: 'Expires 12/2031',
  expired: false,
  cvvSize: 3 as const,
  removeLabel: 'Remove',
};

/** The CVV's label, hint, input and error line of a rendered form: from its label to its error line. */
function cvvMarkup(html: string, id: string): string {
  const start = html.indexOf(`<label for="${id}"`);
  const end = html.indexOf('</p>', html.indexOf(`id="${id}-error"`)) + '</p>'.length;
  expect(start).toBeGreaterThanOrEqual(0);
  return html.slice(start, end);
}

describe('the CVV field of both card forms', () => {
  it('is the same field for a new card and a saved card, but for its id and label', async () => {
    const newCard = renderToStaticMarkup(
      createElement(CardForm, { ...common, allowSave: true, text: await cardFormText('€1.00', 'payin') }),
    );
    const saved = renderToStaticMarkup(
      createElement(SavedCards, { ...common, preselect: true, cards: [visa], text: await savedCardsText('€1.00', 'payin') }),
    );
    const ofNew = cvvMarkup(newCard, 'cvv');
    const ofSaved = cvvMarkup(saved, 'saved-cvv');
    expect(ofNew).toContain('>Security code</label>');
    expect(ofSaved).toContain('>Security code of the selected card</label>');
    expect(ofSaved.replaceAll('saved-cvv', 'cvv').replace('Security code of the selected card', 'Security code')).toBe(ofNew);
    for (const markup of [ofNew, ofSaved]) {
      expect(markup).toMatch(/name="cvv"/);
      expect(markup).toContain('autoComplete="cc-csc"');
      expect(markup).toContain('inputMode="numeric"');
      expect(markup).toContain('maxLength="3"');
      expect(markup).toMatch(/aria-describedby="(saved-)?cvv-hint (saved-)?cvv-error"/);
      expect(markup).toContain('3 digits on your card');
      expect(markup).not.toMatch(/value=/);
    }
  });

  it('takes the brand’s length and names its error, the server’s too', async () => {
    const text = await savedCardsText('€1.00', 'payin');
    const render = (error?: string) => renderToStaticMarkup(createElement(CvvField, { id: 'cvv', label: text.cvv, size: 4, error, text }));
    expect(render()).toContain('maxLength="4"');
    expect(render()).toContain('4 digits on your card');
    expect(render()).not.toContain('aria-invalid');
    expect(render('cvv.required')).toContain('Enter the security code.');
    expect(render('cvv.required')).toContain('aria-invalid="true"');
    expect(render('cvv.invalid')).toContain('wrong number of digits');
    // A key without a text of its own (the server's) reads as "invalid".
    expect(render('cvv.tooLong')).toContain('wrong number of digits');
  });
});
