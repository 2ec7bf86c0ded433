/**
 * Where the payments service may send the customer next (a 3DS ACS or an APM provider: the
 * `redirectUrl` of a processing answer): https only; http only to a loopback host, this
 * checkout's own origin or the sandbox's (SANDBOX_PUBLIC_URL: where its ACS lives) while the
 * pages run against a sandbox (test mode). Anything else is treated as an answer off the
 * contract, never followed: the customer is never sent to a javascript:, data: or plain-http page.
 */
import { checkoutUrl, sandboxPublicUrl, testMode } from '@/lib/config';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `raw` when the customer may be sent there, else null. */
export function safeRedirectTarget(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url.toString();
  const local =
    LOOPBACK.has(url.hostname) ||
    url.hostname.startsWith('127.') ||
    url.origin === new URL(checkoutUrl()).origin ||
    url.origin === new URL(sandboxPublicUrl()).origin;
  if (url.protocol === 'http:' && testMode() && local) return url.toString();
  return null;
}
