/**
 * A cashier card deposit challenged by 3-D Secure on a phone (320 and 390 CSS px wide), in the
 * merchant's frame: the card page hands the issuer's challenge up to the cashier, which shows it
 * in its own document (docs/design.md, section 5). On screen, one Test mode badge across every
 * frame; the ACS's buttons whole, inside the viewport and the challenge frame; nothing in the
 * challenge frame scrolling; no internal order id (`cs_…`) shown; no axe violation. Then the
 * confirmed challenge ends the deposit in the cashier. Without JavaScript the challenge still goes
 * to the ACS in the cashier's frame and pays, with one badge. A screenshot of each width is kept
 * with the test's output for the record (no baseline is compared).
 */
import { expect, test, type Frame, type FrameLocator, type Page } from './fixtures';
import { catalogue, createSession, expectNoAxeViolations, fetchPayin, fillCard, openEmbedded, paymentStep, visit } from './support';

/** The product's English catalogue and the sandbox ACS's (the buttons' names). */
const text = catalogue<{
  card: { challengeTitle: string };
  cashier: { frameTitle: string; done: { success: string } };
  acs: { pass: string; fail: string };
}>('en');

/** The test card the sandbox's ACS challenges (docs/sandbox.md, test cards). */
const CHALLENGED = '4000000000003220';
const CHALLENGE_FRAME = `iframe[title="${text.card.challengeTitle}"]`;
const STEP_FRAME = `iframe[title="${text.cashier.frameTitle}"]`;
/** An internal order id of a cashier payment: the session's id (`cs_…`) and more. */
const INTERNAL_ID = /cs_[A-Za-z0-9]/;

/** The Test mode badges visible in every frame of the page (a frame navigating away counts none). */
async function visibleBadges(page: Page): Promise<number> {
  let count = 0;
  for (const frame of page.frames()) {
    for (const badge of await frame
      .getByTestId('test-mode')
      .all()
      .catch(() => [])) {
      if (await badge.isVisible().catch(() => false)) count += 1;
    }
  }
  return count;
}

/** How far a frame's document, or any element in it, scrolls beyond its box (CSS px; 0 when nothing scrolls). */
const overflowOf = (frame: Frame) =>
  frame.evaluate(() => {
    const root = document.documentElement;
    let most = Math.max(root.scrollHeight - root.clientHeight, root.scrollWidth - root.clientWidth);
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const style = getComputedStyle(element);
      if (!/(auto|scroll)/.test(`${style.overflowX} ${style.overflowY}`)) continue;
      most = Math.max(most, element.scrollHeight - element.clientHeight, element.scrollWidth - element.clientWidth);
    }
    return most;
  });

/** The text a frame shows (rendered text only: innerText). */
const shownText = (frame: FrameLocator | Page) => frame.locator('body').innerText();

for (const width of [320, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the challenge of a cashier deposit in the merchant’s frame: one badge, whole buttons, no scrolling frame, no internal id', async ({
      page,
    }, testInfo) => {
      const session = await createSession(page.request, { balance: 100 });
      const cashier = await openEmbedded(page, session.checkoutUrl);
      await expect(cashier.getByRole('heading', { name: 'Demo Shop' })).toBeVisible();
      await cashier.getByLabel('Amount in EUR').fill('25');
      await cashier.getByRole('button', { name: 'Continue to deposit' }).click();
      const step = cashier.frameLocator(STEP_FRAME);
      await fillCard(step, { number: CHALLENGED });
      // The card step shows the amount and no order id of the service's (the session has no reference of the merchant's).
      await expect(step.getByText('€25.00').first()).toBeVisible();
      expect(await shownText(step)).not.toMatch(INTERNAL_ID);
      await expect.poll(() => visibleBadges(page), 'one Test mode badge on the card step').toBe(1);
      await step.getByRole('button', { name: 'Pay €25.00' }).click();

      // The challenge shows in the cashier's own document, in place of the card page's frame.
      const challenge = cashier.frameLocator(CHALLENGE_FRAME);
      const pass = challenge.getByRole('button', { name: text.acs.pass });
      const fail = challenge.getByRole('button', { name: text.acs.fail });
      await expect(pass).toBeVisible();
      await expect(fail).toBeVisible();
      await expect(cashier.locator(STEP_FRAME)).toHaveCount(0);
      const acs = (await (await cashier.locator(CHALLENGE_FRAME).elementHandle())!.contentFrame())!;
      expect(acs.parentFrame()?.url(), 'the ACS is framed by the cashier itself').toContain('/cashier/');

      await expect.poll(() => visibleBadges(page), 'one Test mode badge across every frame').toBe(1);
      // The challenge frame follows its page's height: nothing in it scrolls.
      await expect.poll(() => overflowOf(acs), 'the challenge frame scrolls inside itself').toBeLessThanOrEqual(1);
      const frameBox = (await cashier.locator(CHALLENGE_FRAME).boundingBox())!;
      for (const button of [pass, fail]) {
        const box = (await button.boundingBox())!;
        const label = (await button.textContent()) ?? '';
        expect(box.x, `${label}: left edge in the viewport`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${label}: right edge in the viewport`).toBeLessThanOrEqual(width);
        // Whole inside the challenge frame: not cut at any of its edges.
        expect(box.x, `${label}: inside the frame (left)`).toBeGreaterThanOrEqual(frameBox.x - 0.5);
        expect(box.x + box.width, `${label}: inside the frame (right)`).toBeLessThanOrEqual(frameBox.x + frameBox.width + 0.5);
        expect(box.y, `${label}: inside the frame (top)`).toBeGreaterThanOrEqual(frameBox.y - 0.5);
        expect(box.y + box.height, `${label}: inside the frame (bottom)`).toBeLessThanOrEqual(frameBox.y + frameBox.height + 0.5);
      }
      for (const frame of page.frames()) expect(await frame.locator('body').innerText(), frame.url()).not.toMatch(INTERNAL_ID);
      await page.screenshot({ path: testInfo.outputPath(`three-ds-${width}.png`), fullPage: true });
      await expectNoAxeViolations(page, `the cashier's 3-D Secure challenge at ${width} px`);

      // Confirmed: the status page ends the deposit in the cashier.
      await pass.click();
      await expect(cashier.getByRole('status').filter({ hasText: 'Done' })).toHaveText(text.cashier.done.success);
      await expect.poll(() => visibleBadges(page)).toBe(1);
    });

    test('without JavaScript the challenge goes to the ACS in the cashier’s frame and pays, with one badge', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
      try {
        const page = await context.newPage();
        const session = await createSession(page.request, { balance: 100 });
        await visit(page, session.checkoutUrl);
        await page.getByLabel('Amount in EUR').fill('25');
        await page.getByRole('button', { name: 'Continue to deposit' }).click();
        await fillCard(paymentStep(page), { number: CHALLENGED });
        const card = page.frames().find((frame) => /\/payments\/payin\/[^/]+\/card/.test(frame.url()))!;
        const paymentId = decodeURIComponent(/\/payments\/payin\/([^/]+)\/card/.exec(card.url())![1]!);
        expect(await shownText(paymentStep(page))).not.toMatch(INTERNAL_ID);
        await paymentStep(page).getByRole('button', { name: 'Pay €25.00' }).click();
        // The card page's post leads its frame to the ACS, as before.
        const pass = paymentStep(page).getByRole('button', { name: text.acs.pass });
        await expect(pass).toBeVisible();
        expect(await visibleBadges(page)).toBe(1);
        const box = (await pass.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await pass.click();
        await expect.poll(async () => (await fetchPayin(undefined, paymentId)).status).toBe('SUCCESS');
      } finally {
        await context.close();
      }
    });
  });
}
