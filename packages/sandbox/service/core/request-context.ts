/**
 * What a sandbox operation knows of the HTTP request it serves: the checkout's public origin,
 * the caller's address and browser (direct-link headers included), and the request's merchant
 * lookups, memoised so one request loads a merchant once. Also the URLs and metadata derived
 * from it (iframeUrls, metadata.ipAddress and deviceType).
 */
import type { Db } from '@sandbox/db/client';
import type { DeviceType } from '@hosted-checkout/contract/enums';
import { checkoutUrl, sandboxPublicUrl, trustedProxyHops } from '@hosted-checkout/runtime/config';
import { clientIpFrom, normalizeIp } from '@hosted-checkout/runtime/net/client-ip';
import { notFound } from './api-error';
import { findMerchant } from './store';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';

export interface RequestContext {
  /** Public origin of the hosted pages ({checkout_url}). */
  checkoutUrl: string;
  /** Public origin of the sandbox's own ACS and provider pages (SANDBOX_PUBLIC_URL); the checkout's by default. */
  sandboxUrl?: string;
  ip?: string;
  userAgent?: string;
  /** Direct-link headers X-User-Agent and X-IP-Address: the customer's, sent by the merchant. */
  customerUserAgent?: string;
  customerIp?: string;
}

/**
 * The context of a request to /sandbox/api. `ip` is the caller's trusted address
 * (X-Forwarded-For counted from the right by TRUSTED_PROXY_HOPS); `customerIp` the merchant's
 * X-IP-Address when it is a valid address.
 */
export function requestContext(request: Request): RequestContext {
  return {
    checkoutUrl: checkoutUrl(),
    sandboxUrl: sandboxPublicUrl(),
    ip: clientIpFrom(request.headers.get('x-forwarded-for'), trustedProxyHops()),
    userAgent: request.headers.get('user-agent') ?? undefined,
    customerUserAgent: request.headers.get('x-user-agent')?.slice(0, 2048) || undefined,
    customerIp: normalizeIp(request.headers.get('x-ip-address')),
  };
}

/**
 * Merchant configurations loaded during a request, per context object: a context lives for
 * one request, so its entries go with it (and a context built elsewhere, such as a literal in
 * a server action, is memoised alike).
 */
const loaded = new WeakMap<RequestContext, Map<string, SandboxMerchantConfig>>();

/**
 * The configuration of merchant `merchantId`. Throws 404. With the request's `ctx`, the
 * merchant is read once per request however many steps ask for it; without one (a single
 * lookup outside a request's chain of steps), it is read each time.
 */
export async function merchantConfig(tx: Db, merchantId: string, ctx?: RequestContext): Promise<SandboxMerchantConfig> {
  const memo = ctx ? (loaded.get(ctx) ?? new Map<string, SandboxMerchantConfig>()) : null;
  const known = memo?.get(merchantId);
  if (known) return known;
  const merchant = await findMerchant(tx, merchantId);
  if (!merchant) throw notFound('Merchant');
  if (ctx && memo) {
    memo.set(merchantId, merchant.config);
    loaded.set(ctx, memo);
  }
  return merchant.config;
}

/** iframeUrls of a transaction (reference, IframeUrls). */
export const iframeUrls = (ctx: RequestContext, type: CheckoutTransactionType, id: string) => ({
  card: `${ctx.checkoutUrl}/payments/${type}/${id}/card`,
  apm: `${ctx.checkoutUrl}/payments/${type}/${id}/apm`,
});

/** Device type from a User-Agent header (metadata.deviceType). */
function deviceTypeOf(userAgent: string | undefined): DeviceType {
  if (!userAgent) return 'UNKNOWN';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return 'TABLET';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return 'MOBILE';
  return 'DESKTOP';
}

/** metadata.ipAddress and metadata.deviceType of a client (the merchant's server at create, the customer's browser at processing). */
export const clientMetadata = (ip: string | undefined, userAgent: string | undefined) => ({
  ...(ip ? { ipAddress: ip } : {}),
  deviceType: deviceTypeOf(userAgent),
});
