/**
 * The saved cards of the card page as the server renders them (the page a browser without
 * JavaScript posts): a pay-in preselects the last used card (its CVV still proves it); a payout
 * preselects none, so a card a stranger saved on the customer's pay-in is never where the money
 * goes by default, and each card shows the name on it; sending stays possible without JavaScript.
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

const { savedCardsText } = await import('@/components/payment/page-text');
const { SavedCards } = await import('./saved-cards');

const action = async () => ({ attemptKey: 'k' });
const card = (cardId: string, last4: string, holder: string) => ({
  cardId,
  brand: 'Visa',
  label: `Visa ending ${last4}`,
  expiryText: 'Expires 12/2031',
  holderText: `Name on card: ${holder}`,
  expired: false,
  cvvSize: 3 as const,
  removeLabel: 'Remove',
});
// The stranger's card was used last: listed first.
const cards = [card('card_stranger', '4444', 'Eve Stranger'), card('card_own', '4242', 'Ada Lovelace')];

const render = async (type: 'payin' | 'payout') =>
  renderToStaticMarkup(
    createElement(SavedCards, {
      action,
      requireCvv: type === 'payin',
      preselect: type === 'payin',
      cards,
      paymentId: 'po_1',
      locale: '',
      acceptHeader: '',
      initialAttemptKey: 'k',
      text: await savedCardsText('€10.00', type),
    }),
  );

/** The radio input of card `cardId` in `html`. */
const radio = (html: string, cardId: string) => html.match(new RegExp(`<input type="radio"[^>]*value="${cardId}"[^>]*/>`))?.[0] ?? '';

describe('the saved cards of a payout', () => {
  it('preselect none: the stranger’s card listed first is not chosen, nor any other', async () => {
    const html = await render('payout');
    expect(radio(html, 'card_stranger')).not.toBe('');
    expect(radio(html, 'card_stranger')).not.toContain('checked');
    expect(radio(html, 'card_own')).not.toContain('checked');
  });

  it('show each card’s holder beside its last four, and can be sent without JavaScript', async () => {
    const html = await render('payout');
    expect(html).toContain('Visa ending 4444');
    expect(html).toContain('Name on card: Eve Stranger');
    expect(html).toContain('Name on card: Ada Lovelace');
    expect(html).toMatch(/<button type="submit"/);
    expect(html).not.toMatch(/<button[^>]*\sdisabled=""/);
  });
});

describe('the saved cards of a pay-in', () => {
  it('preselect the last used card (its CVV still proves it)', async () => {
    const html = await render('payin');
    expect(radio(html, 'card_stranger')).toContain('checked');
  });
});
