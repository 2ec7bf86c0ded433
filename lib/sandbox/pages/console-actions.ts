'use server';
/**
 * Server actions of the sandbox console (/sandbox). They call the sandbox's public API over
 * HTTP with the chosen merchant's token, as a merchant's server would; refunds and the webhook
 * URL are console-only (docs/design.md, section 3) and act on the store directly.
 * Each ends with a redirect back to the console carrying a notice key.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { parseActionForm } from '@/lib/forms/action-form';
import { outboundPolicy, sandboxApiBaseUrl, sandboxEnabled } from '@/lib/config';
import { checkOutboundUrl } from '@/lib/net/outbound';
import { cashierSessions, merchants, webhookDeliveries } from '@/lib/db/schema';
import { createPaymentsClient, type ErrorResponse } from '@/lib/payments-api/merchant-client';
import { HttpUrl } from '@/lib/contract/common';
import { CheckoutSettings } from '@/lib/contract/merchant';
import { usableLogoUrl } from '@/lib/theme/theme';
import sampleCustomer from '@/lib/sandbox/sample-customer.json';
import { SandboxApiError } from '../core/api-error';
import { consoleMerchant } from './console-data';
import { refundPayin } from '../payins/payin-decisions';
import { findMerchant, sandboxDb } from '../core/store';
import { TEST_CARD_NUMBERS } from '../core/test-cards';
import { signNotice } from './console-notice';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Back to the console with a notice. Its values (`created`, `detail`) travel in the URL signed
 * (lib/sandbox/pages/console-notice.ts): the console shows only what this server wrote, never a
 * query's text.
 */
async function back(token: string, notice: string, extra: { created?: string; detail?: string } = {}): Promise<never> {
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
 * lib/forms/action-form.ts); a forged form or anything but a seeded merchant token goes home.
 */
function tokenOf(form: FormData): string {
  const parsed = parseActionForm(ConsoleForm, form, LIMITS);
  if (!parsed.ok) redirect('/sandbox');
  const token = parsed.data.token.trim();
  if (!sandboxEnabled() || !consoleMerchant(token)) redirect('/sandbox');
  return token;
}

/** The typed client of this sandbox's API as the console's merchant (lib/payments-api/merchant-client.ts). */
const api = (token: string) => createPaymentsClient({ baseUrl: sandboxApiBaseUrl(), token });

/** Why a call failed, for the console's notice: the ErrorResponse's message, else the status. */
const failure = (answer: { error?: unknown; response: Response }) =>
  String((answer.error as Partial<ErrorResponse> | undefined)?.errorMessage ?? answer.response.status);

const returnUrls = () => {
  const base = sandboxApiBaseUrl().replace('/sandbox/api', '');
  return { success: `${base}/sandbox/returned?result=success`, failure: `${base}/sandbox/returned?result=failure` };
};

const customer = (token: string) => ({ ...sampleCustomer, externalUserId: `console-${token}` });

export async function createPayinAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const answer = await api(token).POST('/public/payin', {
    body: {
      orderId: `console-${randomUUID()}`,
      amount: Number(text(form, 'amount')),
      currency: text(form, 'currency'),
      kycVerified: form.get('kycVerified') === 'on',
      previousTransactionCount: 0,
      customer: customer(token),
      returnUrls: returnUrls(),
      ...(text(form, 'routerId') ? { routerId: text(form, 'routerId') } : {}),
    },
  });
  if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
  await back(token, 'payinCreated', { created: answer.data.paymentId });
}

export async function createPayoutAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const answer = await api(token).POST('/public/payout', {
    body: {
      orderId: `console-${randomUUID()}`,
      value: Number(text(form, 'value')),
      currency: text(form, 'currency'),
      kycVerified: form.get('kycVerified') === 'on',
      customer: customer(token),
    },
  });
  if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
  await back(token, 'payoutCreated', { created: answer.data.payoutId });
}

export async function createSessionAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const balance = text(form, 'balance');
  const answer = await api(token).POST('/public/cashier/session', {
    body: {
      customer: customer(token),
      returnUrls: returnUrls(),
      currency: text(form, 'currency'),
      kycVerified: form.get('kycVerified') === 'on',
      previousTransactionCount: 0,
      ...(balance ? { balance: Number(balance) } : {}),
    },
  });
  if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
  await back(token, 'sessionCreated', { created: answer.data.sessionId });
}

/**
 * Opens a session's cashier or widget, or a payout's destination page, as a merchant does
 * (docs/design.md, E22): launches it again through the API (a new one-time address; the browser
 * that opens it becomes the holder) and goes there, or shows it embedded on the second origin.
 */
export async function launchAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const view = text(form, 'view');
  const embed = text(form, 'embed') === '1';
  let url: string | undefined;
  if (view === 'payout') {
    const answer = await api(token).POST('/public/payout/{payoutId}/launch', { params: { path: { payoutId: text(form, 'payoutId') } } });
    if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
    url = answer.data.iframeUrls.card;
  } else {
    const answer = await api(token).POST('/public/cashier/session/{sessionId}/launch', {
      params: { path: { sessionId: text(form, 'sessionId') } },
    });
    if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
    url = view === 'widget' ? answer.data.widgetUrl : answer.data.checkoutUrl;
  }
  redirect(embed ? `/sandbox?${new URLSearchParams({ token, embed: url })}` : url);
}

/** A legacy h2h transaction with one of the test cards (chosen from a list, never typed here). */
export async function createH2hAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const testCard = text(form, 'testCard');
  if (!TEST_CARD_NUMBERS.includes(testCard)) return back(token, 'failed', { detail: 'unknown test card' });
  const hookUrl = text(form, 'hookUrl');
  const base = returnUrls();
  const answer = await api(token).POST('/transaction/h2h/create', {
    body: {
      amount: Number(text(form, 'amount')),
      currency: text(form, 'currency'),
      lang: 'en',
      hookUrl,
      callback: base.success,
      callbackFail: base.failure,
      billing: {
        firstName: sampleCustomer.firstName,
        lastName: sampleCustomer.lastName,
        address1: sampleCustomer.billing.address,
        city: sampleCustomer.billing.city,
        state: sampleCustomer.billing.state,
        country: sampleCustomer.billing.countryCode,
        postalCode: sampleCustomer.billing.postalCode,
        phone: sampleCustomer.phoneNumber,
        email: sampleCustomer.email,
        externalUserId: `console-${token}`,
        dateOfBirth: sampleCustomer.dateOfBirth,
      },
      orderId: `console-h2h-${randomUUID()}`,
      cardToken: `tok_${randomUUID()}`,
      cardData: {
        cardNumber: testCard,
        cardHolderName: 'Ada Lovelace',
        cardExpiryDate: '12',
        cardExpiryDate2: String(new Date().getUTCFullYear() + 3),
        cardCvv: '123',
        browser: {
          colorDepth: 24,
          userAgent: 'sandbox-console',
          language: 'en',
          timeZone: 'UTC',
          screenWidth: 1280,
          javaEnabled: false,
          customerIp: '127.0.0.1',
          screenHeight: 800,
          windowHeight: 800,
          timeZoneOffset: 0,
          windowWidth: 1280,
        },
      },
      saveCard: false,
    },
  });
  if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
  await back(token, 'h2hCreated', { created: answer.data.id });
}

export async function confirmPayoutAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const answer = await api(token).PUT('/public/payout/{payoutId}/confirm', { params: { path: { payoutId: text(form, 'payoutId') } } });
  await back(token, answer.response.ok ? 'payoutConfirmed' : 'failed', answer.response.ok ? {} : { detail: failure(answer) });
}

export async function rejectPayoutAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const answer = await api(token).PUT('/public/payout/{payoutId}/reject', { params: { path: { payoutId: text(form, 'payoutId') } } });
  await back(token, answer.response.ok ? 'payoutRejected' : 'failed', answer.response.ok ? {} : { detail: failure(answer) });
}

export async function updateBalanceAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const answer = await api(token).PUT('/public/cashier/session/{sessionId}/balance', {
    params: { path: { sessionId: text(form, 'sessionId') } },
    body: { balance: Number(text(form, 'balance')) },
  });
  await back(token, answer.response.ok ? 'balanceUpdated' : 'failed', answer.response.ok ? {} : { detail: failure(answer) });
}

export async function refundAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const merchant = consoleMerchant(token)!;
  const amount = text(form, 'amount');
  try {
    const db = await sandboxDb();
    await db.transaction((tx) =>
      refundPayin(tx, { role: 'merchant', merchantId: merchant.id }, text(form, 'payinId'), amount ? Number(amount) : undefined),
    );
  } catch (error) {
    if (SandboxApiError.is(error)) return back(token, 'failed', { detail: error.message });
    throw error;
  }
  await back(token, 'refunded');
}

export async function setWebhookUrlAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const raw = text(form, 'webhookUrl');
  const parsed = HttpUrl.safeParse(raw);
  if (raw && !parsed.success) return back(token, 'failed', { detail: 'webhook URL must be an http(s) URL' });
  const refused = raw ? await checkOutboundUrl(raw, outboundPolicy()) : null;
  if (refused) return back(token, 'failed', { detail: `webhook URL: ${refused}` });
  const db = await sandboxDb();
  await db
    .update(merchants)
    .set({ webhookUrl: raw || null })
    .where(eq(merchants.id, consoleMerchant(token)!.id));
  await back(token, 'webhookSaved');
}

/**
 * Resends one of the merchant's webhook deliveries: queued again at once with the same
 * `webhook-id` (so a receiver that already has it can tell), one more attempt in its log.
 */
export async function resendDeliveryAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const db = await sandboxDb();
  const resent = await db
    .update(webhookDeliveries)
    .set({ deliveredAt: null, nextAttemptAt: new Date() })
    .where(and(eq(webhookDeliveries.id, text(form, 'deliveryId')), eq(webhookDeliveries.merchantId, consoleMerchant(token)!.id)))
    .returning({ id: webhookDeliveries.id });
  if (resent.length === 0) return back(token, 'failed', { detail: 'no such delivery' });
  await back(token, 'resent');
}

/** Ends a cashier session now (sandbox only), to see the cashier's expired page. */
export async function expireSessionAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const db = await sandboxDb();
  await db
    .update(cashierSessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(cashierSessions.id, text(form, 'sessionId')), eq(cashierSessions.merchantId, consoleMerchant(token)!.id)));
  await back(token, 'sessionExpired');
}

/**
 * Saves the merchant's checkout theme, logo, default locale, wallets and gambling licences from the console's form,
 * checked against the contract; the pages show it within the checkout's settings cache time
 * (5 s, lib/payments-api/client.ts), on every instance.
 */
export async function updateThemeAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const merchantId = consoleMerchant(token)!.id;
  const db = await sandboxDb();
  const merchant = await findMerchant(db, merchantId);
  if (!merchant) redirect('/sandbox');
  const candidate = {
    ...merchant.config.settings,
    theme: {
      primaryColor: text(form, 'primaryColor').toLowerCase(),
      radius: Number(text(form, 'radius')),
      fontFamily: text(form, 'fontFamily'),
      colorScheme: text(form, 'colorScheme'),
    },
    logoUrl: text(form, 'logoUrl') || undefined,
    defaultLocale: text(form, 'defaultLocale') || undefined,
    // The wallets the card page offers (unknown names fail the contract's check below).
    wallets: form
      .getAll('wallets')
      .filter((w): w is string => typeof w === 'string')
      .slice(0, 3),
    // The gambling licences whose rules the cashier enforces (unknown names fail the check below).
    licences: form
      .getAll('licences')
      .filter((l): l is string => typeof l === 'string')
      .slice(0, 5),
  };
  if (candidate.logoUrl && !usableLogoUrl(candidate.logoUrl))
    return back(token, 'failed', { detail: 'logoUrl: must be an https: or data:image URL' });
  const parsed = CheckoutSettings.safeParse(candidate);
  if (!parsed.success) {
    return back(token, 'failed', { detail: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
  }
  await db
    .update(merchants)
    .set({ config: { ...merchant.config, settings: parsed.data } })
    .where(eq(merchants.id, merchantId));
  await back(token, 'themeSaved');
}
