/**
 * 3-D Secure outcomes as the customer and the merchant meet them (docs/design.md, "3-D Secure
 * outcomes"): the status page says in one sentence how the bank treated the payment (en, ar),
 * an exemption the issuer refuses is a challenge inside the same pay-in with the ACS's prompt to
 * trust the merchant (keyboard only), the trusted merchant's next payment is exempted, and the
 * merchant's console shows the result per payment.
 */
import type { FrameLocator } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  catalogue,
  createPayin,
  DEMO_TOKEN,
  expectNoAxeViolations,
  fetchPayin,
  fillCard,
  fillCardByLabels,
  MERCHANT_ORIGIN,
  openEmbedded,
  uniqueVisa,
  withQuery,
} from './support';

const sentence = (frame: FrameLocator) => frame.locator('[data-authentication]');

for (const locale of ['en', 'ar'] as const) {
  test(`the status page says how the bank treated the payment (${locale})`, async ({ page, request }) => {
    const text = catalogue(locale).status.authentication;
    const cases = [
      { card: '4242424242424242', authentication: undefined, key: 'frictionless' },
      { card: uniqueVisa(), authentication: { request: 'LOW_VALUE' }, key: 'lowValue' },
      { card: '4111111111111111', authentication: undefined, key: 'outsideEurope' },
    ] as const;
    for (const { card, authentication, key } of cases) {
      const payin = await createPayin(request, authentication ? { amount: 20, authentication } : {});
      const frame = await openEmbedded(page, withQuery(payin.iframeUrls.card, `locale=${locale}`), { followRedirect: false });
      await fillCardByLabels(frame, catalogue(locale).card, card, true);
      await frame.locator('button[type="submit"]').last().click();
      await expect(sentence(frame)).toHaveText(text[key]);
      await expect(sentence(frame)).toHaveAttribute('data-authentication', key);
      expect((await fetchPayin(request, payin.paymentId)).threeDs?.outcome).toBe(
        key === 'frictionless' ? 'FRICTIONLESS' : key === 'lowValue' ? 'EXEMPTED' : 'OUT_OF_SCOPE',
      );
    }
    await expectNoAxeViolations(page, `status with the 3-D Secure sentence (${locale})`);
  });
}

test('a trusted beneficiary: challenged once with the ACS’s trust prompt (keyboard), then exempted', async ({ page, request }) => {
  const card = uniqueVisa();
  const first = await createPayin(request, { amount: 80, authentication: { request: 'TRUSTED_BENEFICIARY' } });
  let frame = await openEmbedded(page, first.iframeUrls.card, { followRedirect: false });
  await fillCard(frame, { number: card });
  await frame.getByRole('button', { name: /^Pay / }).click();
  const acs = frame.frameLocator('iframe[title="Confirm with your bank"]');
  const trust = acs.getByRole('checkbox', { name: 'Trust Demo Shop: do not ask me to confirm my next payments to it' });
  await expect(trust).toBeVisible();
  await expectNoAxeViolations(page, 'ACS challenge with the trust prompt');
  await trust.focus();
  await page.keyboard.press('Space');
  await expect(trust).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(acs.getByRole('button', { name: 'Confirm payment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sentence(frame)).toHaveText(catalogue('en').status.authentication.authenticated);
  expect((await fetchPayin(request, first.paymentId)).threeDs).toMatchObject({
    outcome: 'AUTHENTICATED',
    requested: 'TRUSTED_BENEFICIARY',
    refusedByIssuer: 'NOT_TRUSTED',
    liabilityShift: true,
  });

  const second = await createPayin(request, { amount: 80, authentication: { request: 'TRUSTED_BENEFICIARY' } });
  frame = await openEmbedded(page, second.iframeUrls.card, { followRedirect: false });
  await fillCard(frame, { number: card });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect(sentence(frame)).toHaveText(catalogue('en').status.authentication.trusted);
  expect((await fetchPayin(request, second.paymentId)).threeDs).toMatchObject({ outcome: 'EXEMPTED', exemption: 'TRUSTED_BENEFICIARY' });
});

test('an issuer refusing an exemption challenges inside the same pay-in; the console shows the result', async ({ page, request }) => {
  const payin = await createPayin(request, { amount: 40, authentication: { request: 'TRA' } });
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4000000000003089' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await frame.frameLocator('iframe[title="Confirm with your bank"]').getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  const paid = await fetchPayin(request, payin.paymentId);
  expect(paid).toMatchObject({ status: 'SUCCESS', attemptsRemaining: expect.any(Number) });
  expect(paid.threeDs).toMatchObject({ outcome: 'AUTHENTICATED', requested: 'TRA', refusedByIssuer: 'SOFT_DECLINE' });

  await page.goto(`/sandbox?token=${DEMO_TOKEN}`);
  await expect(page.locator(`tr[data-payin="${payin.paymentId}"]`).getByTestId('three-ds')).toHaveText(
    'AUTHENTICATED · transStatus Y · ECI 05 · liabilityShift true · requested TRA · refusedByIssuer SOFT_DECLINE',
  );
});
