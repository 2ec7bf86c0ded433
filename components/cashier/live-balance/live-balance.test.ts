/**
 * The pending withdrawals of the cashier and the widget as the server renders them (what a browser
 * without JavaScript gets): one waiting for its destination offers Continue (back to its step) and
 * Cancel (a form posting the payout to the cancel action); one with its destination given offers
 * neither, only the merchant's cancel link where the customer may cancel; one under a payout
 * deadline (SPA/MF) says by when it is paid at the latest.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LiveBalance, type LiveBalanceText, type WidgetSnapshot } from './live-balance';

const text: LiveBalanceText = {
  balance: 'Balance',
  available: 'Available',
  reserved: 'Reserved',
  noBalance: '—',
  pending: 'Pending withdrawals',
  noPending: 'No pending withdrawals.',
  statuses: { CREATED: 'Created', WAITING_FOR_CONFIRMATION: 'Awaiting approval' },
  reasons: { CREATED: 'Waiting for your account details', WAITING_FOR_CONFIRMATION: 'Being reviewed' },
  expectedBy: 'Expected by {date}',
  payoutDueBy: 'Paid by {time} at the latest, under Brazilian rules',
  cancelLink: 'Cancel withdrawal',
  cancelLinkLabel: 'Cancel the withdrawal of {amount}',
  unfinished: {
    hint: 'Not finished: say where to send it, or cancel it.',
    continueLink: 'Continue',
    continueLinkLabel: 'Continue the withdrawal of {amount}',
    cancel: 'Cancel withdrawal',
    cancelLabel: 'Cancel the withdrawal of {amount}',
  },
};

const pending = (id: string, status: string, amount: number) => ({
  id,
  amount,
  currency: 'EUR',
  status,
  createdAt: '2026-01-01T10:00:00.000Z',
  transactionType: 'CARD',
});
const snapshot: WidgetSnapshot = {
  balance: 100,
  available: 50,
  reserved: 50,
  currency: 'EUR',
  status: 'ACTIVE',
  pending: [pending('po_left', 'CREATED', 20), pending('po_given', 'WAITING_FOR_CONFIRMATION', 30)],
};
const cancelAction = async () => undefined;

const render = (cancelHref?: string, initial = snapshot) =>
  renderToStaticMarkup(
    createElement(LiveBalance, {
      sessionId: 'cs_1',
      locale: 'en',
      initial,
      text,
      terms: {
        etaHours: {},
        ...(cancelHref ? { cancelHref } : {}),
        unfinished: {
          continueHref: '/cashier/cs_1?tab=withdraw&continue=',
          form: { action: cancelAction, sessionId: 'cs_1', view: 'cashier', locale: 'de' },
        },
      },
    }),
  );

/** The list item of payout `id` in `html`. */
const item = (html: string, id: string) => html.match(new RegExp(`<li[^>]*data-transaction="${id}"[^>]*>.*?</li>`))?.[0] ?? '';

describe('a pending withdrawal waiting for its destination', () => {
  it('shows Continue, back to its step on this page, and Cancel, a form of the payout to the cancel action', () => {
    const left = item(render(), 'po_left');
    expect(left).toContain('Not finished: say where to send it, or cancel it.');
    expect(left).toMatch(
      /<a href="\/cashier\/cs_1\?tab=withdraw&amp;continue=po_left" aria-label="Continue the withdrawal of €20.00"[^>]*>Continue<\/a>/,
    );
    expect(left).toMatch(/<form[^>]*>/);
    expect(left).toMatch(/<button[^>]*aria-label="Cancel the withdrawal of €20.00"[^>]*>Cancel withdrawal<\/button>/);
    for (const [name, value] of [
      ['sessionId', 'cs_1'],
      ['payoutId', 'po_left'],
      ['view', 'cashier'],
      ['locale', 'de'],
    ])
      expect(left).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
  });

  it('offers both whatever the merchant allows for a withdrawal with its destination given', () => {
    for (const cancelHref of [undefined, '/cashier/cs_1?tab=withdraw&cancel=']) {
      const left = item(render(cancelHref), 'po_left');
      expect(left).toContain('>Continue</a>');
      expect(left).toContain('>Cancel withdrawal</button>');
      expect(left).not.toContain('cancel=po_left');
    }
  });
});

describe('a pending withdrawal with its destination given', () => {
  it('offers neither Continue nor the immediate Cancel; the confirmation link only where the customer may cancel', () => {
    const given = item(render(), 'po_given');
    expect(given).not.toContain('Continue');
    expect(given).not.toContain('<form');
    expect(given).not.toContain('Cancel');
    const allowed = item(render('/cashier/cs_1?tab=withdraw&cancel='), 'po_given');
    expect(allowed).toMatch(/<a href="\/cashier\/cs_1\?tab=withdraw&amp;cancel=po_given" aria-label="Cancel the withdrawal of €30.00"/);
    expect(allowed).not.toContain('<form');
  });
});

describe('a pending withdrawal under a payout deadline', () => {
  it('says by when it is paid at the latest, in UTC and named in the server render; nothing without a deadline', () => {
    const due = { ...pending('po_br', 'WAITING_FOR_CONFIRMATION', 30), payoutDueAt: '2026-01-01T12:00:00.000Z' };
    const html = render(undefined, { ...snapshot, pending: [due, pending('po_gb', 'WAITING_FOR_CONFIRMATION', 40)] });
    expect(item(html, 'po_br')).toContain(
      '<time data-testid="payout-due" dateTime="2026-01-01T12:00:00.000Z">Paid by 12:00 PM UTC at the latest, under Brazilian rules</time>',
    );
    expect(item(html, 'po_gb')).not.toContain('payout-due');
  });
});
