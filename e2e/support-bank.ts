/**
 * Helpers of the browser tests at the sandbox's bank (Pay by Bank, Pay N Play, withdrawals by
 * bank): the bank chooser of the APM page, the bank's login, account and one-time code steps, its
 * app on a second device.
 */
import { randomUUID } from 'node:crypto';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { expect, type Browser, type FrameLocator, type Page } from '@playwright/test';

/** Where the bank's pages are: the page itself, or a frame of it (the APM page, the cashier's payment step). */
export type Surface = FrameLocator | Page;

/**
 * A customer in Sweden: the bank chooser lists the Swedish demo banks. Named as the bank's test user
 * `pays` (Paula Pays): an account paid from feeds the closed loop only when its holder has the
 * customer's name.
 */
export const swedishCustomer = () => ({
  ...sampleCustomer,
  firstName: 'Paula',
  lastName: 'Pays',
  externalUserId: `bank-${randomUUID()}`,
  billing: { ...sampleCustomer.billing, countryCode: 'SE', city: 'Stockholm', state: 'Stockholm', postalCode: '111 52' },
});

/** On the APM page: opens Pay by Bank, chooses `bank`, continues (by ids, so in any language). */
export async function chooseBank(frame: Surface, bank = 'Göta Sparbank'): Promise<void> {
  await frame.locator('summary', { hasText: /^Pay by Bank$/ }).click();
  await frame.locator('#bank-bankId').selectOption({ label: bank });
  await frame.locator('form:has(input[name="methodId"][value="bank"]) button[type="submit"]').click();
  await expect(frame.locator('#bank-username')).toBeVisible();
}

/**
 * Without JavaScript the APM page is a list of links, one per method, and renders the form of the
 * method its address names only: follows Pay by Bank's link, chooses `bank` in its one form and
 * goes on to the bank.
 */
export async function chooseBankWithoutJs(page: Page, bank = 'Göta Sparbank'): Promise<void> {
  const methodForms = page.locator('form:has(input[name="methodId"])');
  await expect(methodForms).toHaveCount(0);
  await expect(page.locator('summary')).toHaveCount(0);
  await page.getByRole('link', { name: 'Pay by Bank', exact: true }).click();
  await expect(page).toHaveURL(/[?&]method=bank(&|$)/);
  await expect(methodForms).toHaveCount(1);
  await expect(page.locator('form input[name="methodId"]')).toHaveValue('bank');
  // The other methods are still links to their own forms.
  await expect(page.getByRole('link', { name: 'E-wallet', exact: true })).toBeVisible();
  await page.locator('#bank-bankId').selectOption({ label: bank });
  await page.locator('form:has(input[name="methodId"][value="bank"]) button[type="submit"]').click();
  await expect(page.locator('#bank-username')).toBeVisible();
}

/** At the bank's login (browser or app): logs in as test user `username` (by ids, so in any language). */
export async function logInAtBank(at: Surface, username: string): Promise<void> {
  await at.locator('#bank-username').fill(username);
  await at.locator('#bank-password').fill('any password');
  await at.locator('form:has(input[name="step"][value="login"]) button[type="submit"]').click();
}

/** At the bank's confirmation: types the one-time code the sandbox shows and confirms; fails if it shows none. */
export async function confirmAtBank(at: Surface): Promise<void> {
  const hint = await at.locator('#bank-code-hint').textContent();
  const code = /\d{6}/.exec(hint ?? '')?.[0];
  expect(code, `the sandbox shows the one-time code: ${hint}`).toBeTruthy();
  await at.locator('#bank-code').fill(code!);
  await at.locator('form:has(input[name="step"][value="confirm"]) button[type="submit"]').click();
}

/** At the bank (browser or app): logs in as `username`, keeps the first account, confirms with the code the sandbox shows. */
export async function payAtBank(at: Surface, username: string): Promise<void> {
  await logInAtBank(at, username);
  await expect(at.locator('input[name="account"]').first()).toBeChecked();
  await at.locator('form:has(input[name="step"][value="account"]) button[type="submit"]').click();
  await confirmAtBank(at);
}

/** The bank's app on a second device (without JavaScript too): logs in as `pays` and approves. */
export async function approveInApp(browser: Browser, appUrl: string): Promise<void> {
  const phone = await browser.newContext({ javaScriptEnabled: false, isMobile: true, viewport: { width: 390, height: 844 } });
  try {
    const app = await phone.newPage();
    await app.goto(appUrl);
    await payAtBank(app, 'pays');
    await expect(app.getByRole('heading', { level: 1 })).toHaveText('Payment approved. Go back to your computer to finish.');
  } finally {
    await phone.close();
  }
}
