'use server';
/**
 * Server actions of the sandbox console (/sandbox) that act on the sandbox's store directly, not
 * through its API: refund a pay-in (an amount in major units, none for all of it) and set the
 * merchant's webhook URL (both console-only, docs/design.md, section 3), resend a webhook
 * delivery, end a cashier session now, and save the merchant's checkout settings. What they share with the API-driven actions
 * (console-actions.ts) is console-form.ts's. A refusal of the sandbox (SandboxApiError) or a
 * value the contract refuses is the console's `failed` notice; each ends with a redirect back to
 * the console carrying a notice key.
 */
import { and, eq } from 'drizzle-orm';
import { redirect } from 'next/navigation';
import { outboundPolicy } from '@sandbox/config';
import { checkOutboundUrl } from '@hosted-checkout/runtime/net/outbound';
import { cashierSessions, merchants, webhookDeliveries } from '@sandbox/db/schema';
import { HttpUrl } from '@hosted-checkout/contract/common';
import { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import { REGULATORS } from '@hosted-checkout/contract/enums';
import { usableLogoUrl } from '@hosted-checkout/contract/theme/theme';
import { SandboxApiError } from '../core/api-error';

import { refundPayin } from '../payins/payin-decisions';
import { findMerchant, sandboxDb } from '../core/store';
import { back, merchantOf, text } from './console-form';

export async function refundAction(form: FormData): Promise<void> {
  const { token, merchant } = merchantOf(form);
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
  const { token, merchant } = merchantOf(form);
  const raw = text(form, 'webhookUrl');
  const parsed = HttpUrl.safeParse(raw);
  if (raw && !parsed.success) return back(token, 'failed', { detail: 'webhook URL must be an http(s) URL' });
  const refused = raw ? await checkOutboundUrl(raw, outboundPolicy()) : null;
  if (refused) return back(token, 'failed', { detail: `webhook URL: ${refused}` });
  const db = await sandboxDb();
  await db
    .update(merchants)
    .set({ webhookUrl: raw || null })
    .where(eq(merchants.id, merchant.id));
  await back(token, 'webhookSaved');
}

/**
 * Resends one of the merchant's webhook deliveries: queued again at once with the same
 * `webhook-id` (so a receiver that already has it can tell), one more attempt in its log.
 */
export async function resendDeliveryAction(form: FormData): Promise<void> {
  const { token, merchant } = merchantOf(form);
  const db = await sandboxDb();
  const resent = await db
    .update(webhookDeliveries)
    .set({ deliveredAt: null, nextAttemptAt: new Date() })
    .where(and(eq(webhookDeliveries.id, text(form, 'deliveryId')), eq(webhookDeliveries.merchantId, merchant.id)))
    .returning({ id: webhookDeliveries.id });
  if (resent.length === 0) return back(token, 'failed', { detail: 'no such delivery' });
  await back(token, 'resent');
}

/** Ends a cashier session now (sandbox only), to see the cashier's expired page. */
export async function expireSessionAction(form: FormData): Promise<void> {
  const { token, merchant } = merchantOf(form);
  const db = await sandboxDb();
  await db
    .update(cashierSessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(cashierSessions.id, text(form, 'sessionId')), eq(cashierSessions.merchantId, merchant.id)));
  await back(token, 'sessionExpired');
}

/**
 * Saves the merchant's checkout theme, logo, default locale, wallets, gambling licences, whether
 * withdrawals by bank may go to other accounts and whether the sandbox decides Pay N Play players
 * for the merchant (docs/design.md, E26) from the console's form,
 * checked against the contract; the pages show it within the checkout's settings cache time
 * (5 s, lib/payments-api/client.ts), on every instance.
 */
export async function updateThemeAction(form: FormData): Promise<void> {
  const { token, merchant: seeded } = merchantOf(form);
  const merchantId = seeded.id;
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
      .slice(0, REGULATORS.length),
    // Withdrawals by bank to an account the customer did not deposit from (after a payee name check).
    bankWithdrawalOtherAccounts: form.get('bankWithdrawalOtherAccounts') === 'on',
  };
  if (candidate.logoUrl && !usableLogoUrl(candidate.logoUrl))
    return back(token, 'failed', { detail: 'logoUrl: must be an https: or data:image URL' });
  const parsed = CheckoutSettings.safeParse(candidate);
  if (!parsed.success) {
    return back(token, 'failed', { detail: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
  }
  await db
    .update(merchants)
    .set({ config: { ...merchant.config, settings: parsed.data, payNPlay: { autoDecide: form.get('payNPlayAutoDecide') === 'on' } } })
    .where(eq(merchants.id, merchantId));
  await back(token, 'themeSaved');
}
