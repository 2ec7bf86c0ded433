/**
 * The night merchant's webhooks in the browser tests: sent to a receiver on the merchant's site
 * (e2e/merchant-site.mjs, second origin), set in the sandbox console, and the receiver's log.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MERCHANT_ORIGIN, NIGHT_TOKEN } from './support';

/** Sets the night merchant's webhook URL to `receiver` (a path of the merchant's site) in the console. */
export async function sendWebhooksTo(page: Page, receiver: string): Promise<void> {
  await page.goto(`/sandbox?token=${NIGHT_TOKEN}`);
  const webhookForm = page.locator('form', { has: page.locator('#webhook-url') });
  await webhookForm.locator('#webhook-url').fill(`${MERCHANT_ORIGIN}${receiver}`);
  await webhookForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Webhook URL saved.');
}

/** As `sendWebhooksTo`, and gives the receiver the signing secret the console shows, so it verifies them (204); answers the secret. */
export async function sendSignedWebhooksTo(page: Page, request: APIRequestContext, receiver: string): Promise<string> {
  await sendWebhooksTo(page, receiver);
  const secret = (await page.getByText(/Signing secret/).textContent())!.match(/whsec_[A-Za-z0-9+/=]+/)![0];
  expect((await request.post(`${MERCHANT_ORIGIN}/webhooks/secret?for=${receiver}`, { data: secret })).status()).toBe(204);
  return secret;
}

/** What the merchant's site received at `receiver`, as its log records it (shape `T`). */
export const receivedWebhooks = async <T extends { path: string }>(request: APIRequestContext, receiver: string) =>
  ((await (await request.get(`${MERCHANT_ORIGIN}/webhooks/log`)).json()) as T[]).filter((w) => w.path === receiver);
