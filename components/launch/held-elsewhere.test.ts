/**
 * The page a browser that does not hold a cashier, widget or payout page reads (docs/design.md,
 * E22): "open in another browser" only when another browser holds it (the locator's `opened`),
 * else "this link is no longer valid"; both say to open it again from the merchant, in every
 * catalogue.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

vi.mock('next-intl/server', async () => (await import('@/lib/testing/intl-server')).intlServer('en'));

const { HeldElsewhere, notHeldText } = await import('./held-elsewhere');
const en = JSON.parse(readFileSync('messages/en.json', 'utf8')) as { binding: Record<string, string> };

const render = async (opened: boolean, headingLevel?: 1 | 2) =>
  renderToStaticMarkup(await HeldElsewhere({ merchant: 'Acme Casino', opened, ...(headingLevel ? { headingLevel } : {}) }));

describe('the page of a browser that does not hold it', () => {
  it('says it is open in another browser only when another browser holds it', async () => {
    const html = await render(true);
    expect(html).toContain(`<h1 id="held-elsewhere" class="text-xl font-semibold">${en.binding.heading}</h1>`);
    expect(html).toContain('only the browser that last opened the link from Acme Casino');
    expect(html).not.toContain(en.binding.invalidHeading);
  });

  it('nobody holds it: the link is no longer valid, and it opens again from the merchant', async () => {
    const html = await render(false, 2);
    expect(html).toContain(`<h2 id="held-elsewhere" class="text-xl font-semibold">This link is no longer valid</h2>`);
    expect(html).toContain('To continue, open it again from Acme Casino.');
    expect(html).not.toContain('another browser');
  });

  it('both variants, in every catalogue, name the merchant to open it again from', () => {
    expect(notHeldText(true)).toEqual({ heading: 'heading', body: 'body' });
    expect(notHeldText(false)).toEqual({ heading: 'invalidHeading', body: 'invalidBody' });
    for (const file of readdirSync('messages').filter((f) => f.endsWith('.json'))) {
      const binding = (JSON.parse(readFileSync(`messages/${file}`, 'utf8')) as { binding: Record<string, string> }).binding;
      for (const opened of [true, false]) {
        const text = notHeldText(opened);
        expect(binding[text.heading], `${file} ${text.heading}`).toBeTruthy();
        expect(binding[text.body], `${file} ${text.body}`).toContain('{merchant}');
      }
      if (file !== 'en.json') expect(binding.invalidHeading, file).not.toBe(en.binding.invalidHeading);
    }
  });
});
