/**
 * Germany's request for a monthly limit above EUR 1,000 in the panel (limit-raise.tsx), rendered as
 * the server sends it (what a browser without JavaScript gets): offered only to a GGL customer of a
 * EUR session whose monthly limit is at the ceiling in force, as a plain multipart post to the
 * cashier's route; each field labelled, its hint and its error tied by aria-describedby; then the
 * request's state (pending, approved, declined with the merchant's reason).
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator } from 'use-intl/core';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { LimitRaise } from './limit-raise';
import type { ResponsibleGamblingMessages } from './panel-text';

const en = JSON.parse(readFileSync('messages/en.json', 'utf8')) as Record<string, unknown>;
const g = createTranslator({
  locale: 'en',
  messages: en as never,
  namespace: 'responsibleGambling' as never,
}) as unknown as ResponsibleGamblingMessages;
const session = { sessionId: 'cs_1', currency: 'EUR' } as CashierSession;
const rgOf = (change: Partial<ResponsibleGambling> = {}) =>
  ({ regulators: ['GGL'], limits: { month: 1000 }, monthlyCeiling: 1000, ...change }) as ResponsibleGambling;
const render = (rg: ResponsibleGambling, extra: object = {}) =>
  renderToStaticMarkup(createElement(LimitRaise, { g, session, rg, locale: 'en', ...extra }));
const created = '2026-11-29T12:00:00.000Z';

describe('LimitRaise (GlüStV 2021 §6c(1) S.3)', () => {
  it('is offered at the ceiling only, to a GGL customer of a EUR session', () => {
    expect(render(rgOf())).toContain('Ask for a higher limit');
    expect(render(rgOf({ limits: { month: 800 } }))).toBe('');
    expect(render(rgOf({ regulators: ['UKGC'], monthlyCeiling: undefined }))).toBe('');
    expect(renderToStaticMarkup(createElement(LimitRaise, { g, session: { ...session, currency: 'GBP' }, rg: rgOf(), locale: 'en' }))).toBe(
      '',
    );
  });

  it('posts a multipart form to the route, every field labelled with its hint tied, and an error beside its field', () => {
    const html = render(rgOf());
    expect(html).toContain('action="/api/cashier/cs_1/limit-raise"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('method="post"');
    for (const field of ['income', 'ceiling', 'document']) {
      expect(html).toContain(`<label for="limit-raise-${field}"`);
      expect(html).toContain(`aria-describedby="limit-raise-${field}-hint"`);
    }
    expect(html).not.toMatch(/<details[^>]*open/);
    const refused = render(rgOf(), { error: 'documentType' });
    expect(refused).toMatch(/<details[^>]*open/);
    expect(refused).toContain('aria-describedby="limit-raise-document-hint limit-raise-document-error"');
    expect(refused).toContain('aria-invalid="true"');
    expect(refused).toContain('The document must be a PDF, JPEG or PNG file.');
    expect(render(rgOf(), { error: 'ceiling' })).toContain('Enter an amount above €1,000.00 and at most €30,000.00.');
    expect(render(rgOf(), { error: 'unavailable' })).toMatch(/role="alert"[^>]*>We could not reach the payment service/);
  });

  it('then shows the request: pending (no form), approved with the new ceiling, declined with the reason', () => {
    const pending = render(rgOf({ limitRaise: { id: 'lrr_1', status: 'pending', requestedCeiling: 5000, createdAt: created } }));
    expect(pending).toContain('We received your request for a monthly limit of €5,000.00');
    expect(pending).not.toContain('<form');
    const approved = render(
      rgOf({
        monthlyCeiling: 4000,
        limitRaise: {
          id: 'lrr_1',
          status: 'approved',
          requestedCeiling: 5000,
          approvedCeiling: 4000,
          createdAt: created,
          decidedAt: created,
        },
      }),
    );
    expect(approved).toContain('your monthly deposit limit can now be up to €4,000.00');
    expect(approved).not.toContain('<form');
    const declined = render(
      rgOf({
        limitRaise: {
          id: 'lrr_1',
          status: 'declined',
          requestedCeiling: 5000,
          declineReason: 'No <b>proof</b>',
          createdAt: created,
          decidedAt: created,
        },
      }),
    );
    expect(declined).toContain('was declined: No &lt;b&gt;proof&lt;/b&gt;');
    expect(declined).toContain('<form');
  });
});
