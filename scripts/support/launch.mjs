/**
 * Opening a launch address as a browser does, for the scripts that drive the checkout without a
 * browser (the benchmarks, the cluster smoke and failover tests, the script inventory).
 */

/**
 * Opens a launch address (a session's `checkoutUrl` or `widgetUrl`, a payout's `iframeUrls`) as
 * a browser does (docs/design.md, E22): posts its one-time secret to the checkout's /api/launch
 * (at `checkoutOrigin` when the address names another origin) and answers the page's address
 * without the secret and the `cookie` header of the browser that now holds it. Pass `cookie` to
 * open it in a browser that has one already. Throws unless the checkout sends it on (303).
 */
export async function launch(launchUrl, options = {}) {
  const url = new URL(launchUrl);
  const origin = options.checkoutOrigin ?? url.origin;
  const form = new URLSearchParams({ path: url.pathname, launch: url.searchParams.get('launch') ?? '' });
  const answer = await fetch(`${origin}/api/launch`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, ...(options.cookie ? { Cookie: options.cookie } : {}) },
    body: form,
  });
  if (answer.status !== 303) throw new Error(`launching ${url.pathname} answered ${answer.status}`);
  const set = answer.headers.get('set-cookie');
  const cookie = options.cookie ?? (set ? set.split(';')[0] : '');
  return { url: `${origin}${url.pathname}`, cookie };
}
