/**
 * A merchant's settings set by the API (docs/design.md, E12): `PUT
 * /public/merchant/{merchantId}/checkout-settings` replaces its checkout settings (the shape the
 * GET answers) and, when given, its webhook URL, with the checks the sandbox console makes: a logo
 * https or a data: image, a webhook URL the service may reach (the outbound policy: no private,
 * link-local or loopback address unless the operator allows it). The pages see the change within
 * the checkout's settings cache time (5 s).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { merchants } from '@sandbox/db/schema';
import type { MerchantSettings, MerchantSettingsUpdate, WebhookSecret } from '@hosted-checkout/contract/merchant';
import { outboundPolicy } from '@sandbox/config';
import { checkOutboundUrl } from '@hosted-checkout/runtime/net/outbound';
import { usableLogoUrl } from '@hosted-checkout/contract/theme/theme';
import { SandboxApiError, notFound } from '../core/api-error';
import { canAccess, requireMerchant, type Principal } from '../core/auth';
import { findMerchant, newWebhookSecret } from '../core/store';

/** PUT …/checkout-settings (merchants only): stores and answers the settings. Throws 400 (logo, webhook URL), 404 (another merchant). */
export async function putCheckoutSettings(
  tx: Db,
  principal: Principal,
  merchantId: string,
  update: MerchantSettingsUpdate,
): Promise<MerchantSettings> {
  requireMerchant(principal);
  const merchant = canAccess(principal, merchantId) ? await findMerchant(tx, merchantId) : null;
  if (!merchant) throw notFound('Merchant');
  const { webhookUrl, ...settings } = update;
  if (settings.logoUrl && !usableLogoUrl(settings.logoUrl))
    throw new SandboxApiError('VALIDATION_ERROR', 'logoUrl must be an https: URL or a data:image URL');
  if (webhookUrl) {
    const refused = await checkOutboundUrl(webhookUrl, outboundPolicy());
    if (refused) throw new SandboxApiError('VALIDATION_ERROR', `webhookUrl: ${refused}`);
  }
  const [row] = await tx
    .update(merchants)
    .set({ config: { ...merchant.config, settings }, ...(webhookUrl !== undefined ? { webhookUrl } : {}) })
    .where(eq(merchants.id, merchantId))
    .returning({ webhookUrl: merchants.webhookUrl });
  return { ...settings, webhookUrl: row?.webhookUrl ?? null };
}

/**
 * POST …/webhook-secret (merchants only): replaces the merchant's signing secret and answers it. Deliveries sign with
 * the secret stored when each attempt is sent, so a retry after the roll carries the new signature. Throws 404 (another merchant).
 */
export async function rollWebhookSecret(tx: Db, principal: Principal, merchantId: string): Promise<WebhookSecret> {
  requireMerchant(principal);
  if (!canAccess(principal, merchantId)) throw notFound('Merchant');
  const webhookSecret = newWebhookSecret();
  const rows = await tx.update(merchants).set({ webhookSecret }).where(eq(merchants.id, merchantId)).returning({ id: merchants.id });
  if (rows.length === 0) throw notFound('Merchant');
  return { webhookSecret };
}
