/**
 * The sandbox ACS's 3DS Method page (EMV 3-D Secure 2.2, "3DS Method"): what it answers to
 * the browser's hidden-iframe post of `threeDSMethodData`. A real ACS gathers device data here;
 * the sandbox waits 300 ms, then posts `threeDSMethodData` { threeDSServerTransID } to the
 * notification URL, which must be the checkout's own (any other is refused: the page never
 * forwards a post to an address a stranger chose). The timeout test card's page never posts.
 */
import { checkoutUrl, twinOrigin } from '@hosted-checkout/runtime/config';

/** What the browser posted, decoded; null when it is not a Method request of ours. */
export function readMethodData(data: string | null): { serverTransId: string; notificationUrl: string } | null {
  if (!data || data.length > 2048 || !/^[A-Za-z0-9_-]+={0,2}$/.test(data)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { threeDSServerTransID: id, threeDSMethodNotificationURL: url } = (decoded ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || typeof url !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { serverTransId: id, notificationUrl: url };
}

/** Whether `url` is the checkout's notification URL of pay-in `paymentId` (its origin or its loopback twin). */
export function isCheckoutNotification(url: string, paymentId: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const checkout = new URL(checkoutUrl()).origin;
  const origins = [checkout, twinOrigin(checkout)].filter(Boolean);
  return (
    origins.includes(parsed.origin) &&
    parsed.pathname === `/api/payments/payin/${encodeURIComponent(paymentId)}/3ds-method` &&
    !parsed.search
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML of the Method page: a form to the notification URL, posted after 300 ms when `answers`. */
export function methodPageHtml(options: { notificationUrl: string; serverTransId: string; answers: boolean; nonce: string }): string {
  const data = Buffer.from(JSON.stringify({ threeDSServerTransID: options.serverTransId })).toString('base64url');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3DS Method (sandbox issuer)</title></head><body>',
    `<form id="notify" method="post" action="${escapeHtml(options.notificationUrl)}"><input type="hidden" name="threeDSMethodData" value="${data}"></form>`,
    options.answers
      ? `<script nonce="${escapeHtml(options.nonce)}">setTimeout(function(){document.getElementById('notify').submit()},300)</script>`
      : '',
    '</body></html>',
  ].join('');
}
