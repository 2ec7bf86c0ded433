import { readBoundedText } from '@hosted-checkout/runtime/net/bounded-body';
import { LAUNCH_TOKEN, spendLaunch } from '@/lib/checkout/shared/holding';
import { holderCookieAllowed } from '@/lib/payments-api/holder-proof';
import { NO_TRUSTED_ADDRESS, requestClientIp } from '@hosted-checkout/runtime/net/client-ip';
import { consume, VelocityLimited } from '@hosted-checkout/runtime/security/velocity';
import { localeParam } from '@/lib/checkout/shared/payment-paths';
import { ID_CHARS } from '@hosted-checkout/contract/ids';
import { spentUserAgent } from '@hosted-checkout/contract/untrusted-text';
import { fromOwnPage } from '@/lib/net/request-hosts';
import { required } from '@hosted-checkout/contract/required';

const CASHIER_PATH = new RegExp(`^/cashier/(${ID_CHARS})(?:/widget)?$`);
const PAYOUT_PATH = new RegExp(`^/payments/payout/(${ID_CHARS})/(?:card|apm)$`);

/** The pages a launch secret opens (docs/design.md, E22): the cashier, the widget, a payout's card or APM page. */
function scopeOf(path: string): { of: 'session' | 'payout'; id: string } | null {
  const cashier = CASHIER_PATH.exec(path);
  if (cashier) return { of: 'session', id: required(cashier[1], 'the session id of a cashier path') };
  const payout = PAYOUT_PATH.exec(path);
  return payout ? { of: 'payout', id: required(payout[1], 'the payment id of a payout path') } : null;
}

const plain = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * POST /api/launch (form: path, launch, and the address's other parameters): spends the launch
 * secret of a merchant's address for this browser, under a new holder secret
 * (lib/checkout/shared/holding.ts), which then holds the page, and sends it there (303) without
 * the secret; a spent, replaced or unknown secret leads to the page too, which then says it is
 * open elsewhere. The merchant is told of each spend (`launch.spent`: when, the client address
 * and User-Agent, the latter untrusted text cut to 256 characters without control characters:
 * packages/contract/src/untrusted-text.ts). 403 for a post from another origin (no login CSRF) and on a plain-http
 * checkout outside loopback (the holder's cookie is never set there), 429 with Retry-After past
 * LIMIT_LAUNCHES_PER_IP from one client address, 400 for a malformed form, 413 beyond 4 KB.
 */
export async function POST(request: Request) {
  if (!fromOwnPage(request)) return plain(403, 'This address opens a page from the checkout only');
  if (!holderCookieAllowed()) return plain(403, 'This checkout opens its pages over https only');
  const text = await readBoundedText(request, 4096);
  if (text === null) return plain(413, 'The form is too large');
  const form = new URLSearchParams(text);
  const path = form.get('path') ?? '';
  const launch = form.get('launch') ?? '';
  const scope = scopeOf(path);
  if (!scope || !LAUNCH_TOKEN.test(launch)) return plain(400, 'Not a launch of a checkout page');
  const ipAddress = requestClientIp(request.headers);
  try {
    await consume([{ limit: 'launchesPerIp', key: ipAddress ?? NO_TRUSTED_ADDRESS }], { path: scope.of });
  } catch (error) {
    const retryAfter = VelocityLimited.is(error) ? error.retryAfterS : 5;
    return new Response('Too many pages opened from this address; try again later\n', {
      status: 429,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': String(retryAfter) },
    });
  }
  const userAgent = spentUserAgent(request.headers.get('user-agent'));
  const { setCookie } = await spendLaunch(scope, launch, { ...(ipAddress ? { ipAddress } : {}), ...(userAgent ? { userAgent } : {}) });
  // The address's other parameters (locale, tab…) go on to the page: at most 8 short ones.
  const keep = new URLSearchParams();
  for (const [name, value] of form) {
    if (name === 'path' || name === 'launch' || !/^[A-Za-z]{1,16}$/.test(name) || value.length > 200 || keep.size >= 8) continue;
    keep.set(name, name === 'locale' ? localeParam(value) : value);
  }
  const headers = new Headers({
    Location: keep.size > 0 ? `${path}?${keep}` : path,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'strict-origin',
  });
  if (setCookie) headers.append('Set-Cookie', setCookie);
  return new Response(null, { status: 303, headers });
}
