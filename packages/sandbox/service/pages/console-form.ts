/**
 * What the sandbox console's server actions (console-actions.ts, console-store-actions.ts) share:
 * the console form's shape and the longest value of its fields (characters), the merchant token it
 * acts as (a forged form, or a token of no seeded merchant, redirects home: Next.js's redirect
 * throws), the typed client of the sandbox's API as that merchant, the sample customer and return
 * addresses, and the way back to the console with a signed notice (also a redirect). Amounts are
 * read as the API takes them, in major units of the currency.
 */
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { parseActionForm } from '@hosted-checkout/contract/action-form';
import { sandboxApiBaseUrl, sandboxEnabled } from '@hosted-checkout/runtime/config';
import { createPaymentsClient, type ErrorResponse } from '@hosted-checkout/client';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import { consoleMerchant } from './console-data';
import { signNotice } from './console-notice';

/** A console form's field, trimmed; '' when absent or a file. */
export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Back to the console with a notice. Its values (`created`, `detail`) travel in the URL signed
 * (packages/sandbox/service/pages/console-notice.ts): the console shows only what this server wrote, never a
 * query's text.
 */
export async function back(token: string, notice: string, extra: { created?: string; detail?: string } = {}): Promise<never> {
  const query = new URLSearchParams({ token, notice, ...(await signNotice(notice, extra)) });
  redirect(`/sandbox?${query.toString()}`);
}

const field = z.string().optional();
/** Every field of the console's forms; each action reads those it needs. */
const ConsoleForm = z.object({
  token: z.string().min(1),
  ...Object.fromEntries(
    [
      'amount',
      'currency',
      'kycVerified',
      'routerId',
      'value',
      'balance',
      'testCard',
      'hookUrl',
      'payoutId',
      'sessionId',
      'payinId',
      'webhookUrl',
      'primaryColor',
      'radius',
      'fontFamily',
      'colorScheme',
      'logoUrl',
      'defaultLocale',
      'deliveryId',
      'view',
      'embed',
    ].map((name) => [name, field]),
  ),
});
const LIMITS = { token: 64, hookUrl: 2048, webhookUrl: 2048, logoUrl: 4096 };

/**
 * The console's merchant token, after the form passed the actions' pipeline (bounded fields,
 * packages/contract/src/action-form.ts); a forged form or anything but a seeded merchant token goes home.
 */
export function tokenOf(form: FormData): string {
  const parsed = parseActionForm(ConsoleForm, form, LIMITS);
  if (!parsed.ok) redirect('/sandbox');
  const token = parsed.data.token.trim();
  if (!sandboxEnabled() || !consoleMerchant(token)) redirect('/sandbox');
  return token;
}

/** The form's token (as `tokenOf` takes it) and the console's merchant it names; redirects to the console's start otherwise. */
export function merchantOf(form: FormData): { token: string; merchant: NonNullable<ReturnType<typeof consoleMerchant>> } {
  const token = tokenOf(form);
  const merchant = consoleMerchant(token);
  if (!merchant) redirect('/sandbox');
  return { token, merchant };
}

/** The typed client of this sandbox's API as the console's merchant (the merchant's client package, @hosted-checkout/client). */
export const api = (token: string) => createPaymentsClient({ baseUrl: sandboxApiBaseUrl(), token });

/** Why a call failed, for the console's notice: the ErrorResponse's message, else the status. */
export const failure = (answer: { error?: unknown; response: Response }) =>
  String((answer.error as Partial<ErrorResponse> | undefined)?.errorMessage ?? answer.response.status);

/** The return addresses of what the console creates: the sandbox's own landing page. */
export const returnUrls = () => {
  const base = sandboxApiBaseUrl().replace('/sandbox/api', '');
  return { success: `${base}/sandbox/returned?result=success`, failure: `${base}/sandbox/returned?result=failure` };
};

/** The sample customer of the console's merchant (sample-customer.json), one per token. */
export const customer = (token: string) => ({ ...sampleCustomer, externalUserId: `console-${token}` });
