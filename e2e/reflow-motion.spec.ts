/**
 * WCAG 2.2 SC 1.4.10 Reflow (zoom to 400 %: a 1280 × 1024 window is 320 × 256 CSS px) on every
 * payment page, in en and ar; SC 2.3.3 / prefers-reduced-motion honoured by the style sheet.
 */
import { expect, test } from './fixtures';
import { createPayin, createSession, expectNoAxeViolations, visit, withQuery } from './support';

test.describe('at 400 % zoom (320 × 256 CSS px)', () => {
  test.use({ viewport: { width: 320, height: 256 } });

  for (const locale of ['en', 'ar'] as const) {
    test(`card, APM, status, cashier and widget reflow without loss, ${locale}`, async ({ page, request }) => {
      const payin = await createPayin(request);
      const session = await createSession(request, { balance: 100 });
      const pages = [
        { url: payin.iframeUrls.card, control: page.locator('button[type="submit"]') },
        { url: payin.iframeUrls.apm, control: page.locator('summary').last() },
        { url: payin.iframeUrls.card.replace(/\/card$/, '/status'), control: page.getByRole('main') },
        { url: session.checkoutUrl, control: page.locator('button[type="submit"]') },
        { url: `${session.widgetUrl}`, control: page.locator('button[type="submit"]') },
      ];
      for (const { url, control } of pages) {
        await visit(page, withQuery(url, `locale=${locale}`));
        // No horizontal scrolling: everything reflows into 320 CSS px.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, url).toBeLessThanOrEqual(0);
        // The last control is reachable by vertical scrolling and lies wholly inside the width.
        await control.scrollIntoViewIfNeeded();
        await expect(control, url).toBeInViewport();
        const box = (await control.boundingBox())!;
        expect(box.x, url).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, url).toBeLessThanOrEqual(320);
        await expectNoAxeViolations(page, `${url} at 320 px in ${locale}`);
      }
    });
  }
});

test('prefers-reduced-motion: reduce stops transitions and animations', async ({ page, request }) => {
  const payin = await createPayin(request);
  const probe = () =>
    page.evaluate(() => {
      const el = document.createElement('div');
      el.style.transition = 'opacity 300ms';
      el.style.animation = 'none 400ms';
      document.body.append(el);
      const style = getComputedStyle(el);
      const result = { transition: style.transitionDuration, animation: style.animationDuration };
      el.remove();
      return result;
    });
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto(payin.iframeUrls.card);
  expect(await probe()).toEqual({ transition: '0.3s', animation: '0.4s' });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await probe()).toEqual({ transition: '1e-05s', animation: '1e-05s' });
});
