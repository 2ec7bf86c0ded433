/**
 * A merchant's site on a second origin (http://127.0.0.1:3101 while the checkout is on
 * localhost:3100), as merchants embed the hosted pages:
 * - /embed?src=URL[&allow=FEATURES]: a shop page with the checkout in an iframe (its `allow` attribute from `allow`); it accepts messages from the
 *   checkout's origin only, sizes the iframe from `resize`, turns `redirect` into a top-level
 *   navigation (unless `follow=0`), and keeps every message in `window.checkoutMessages` for the tests;
 * - /success, /failure: the merchant's return pages;
 * - /pages/readme: a page the test posts (POST /pages/readme), served as the merchant's own;
 * - /account?session=ID|payout=ID&token=TOKEN[&page=widget|cashier|card|apm][&tag=thief]: the merchant's
 *   account page of a logged-in customer (it sets the shop's own HttpOnly login cookie), which
 *   mounts the page with the embed script framing the shop's own launch redirect, /launch, so the
 *   launch secret is never in the page; `tag=thief` adds a third-party tag that copies the `src` of
 *   every iframe put in the page into `window.stolen`, as a hostile script would;
 * - /both?session=ID&token=TOKEN&widget=URL: an account page (the shop's login cookie set) framing the
 *   session's cashier behind /launch and its withdrawal widget by the launch address URL, side by side;
 * - /launch: the launch redirect (the typed client's `launchRedirect`): for the login cookie's
 *   customer only, 303 to a new launch address; 401 without the cookie;
 * - POST /webhooks: the merchant's webhook receiver; GET /webhooks/log lists what it received.
 *   POST /webhooks/{name} is another receiver; given a signing secret for it (POST
 *   /webhooks/secret?for=/webhooks/{name}), it verifies every webhook it gets
 *   as a merchant would, with the `standardwebhooks` package (signature over id.timestamp.body,
 *   timestamp within 5 minutes) and answers 400 to one that fails, recording why.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createPaymentsClient, launchRedirect } from '../lib/payments-api/merchant-client.ts';

const port = Number(process.env.MERCHANT_PORT ?? 3101);
const host = '127.0.0.1';
const checkoutOrigin = process.env.CHECKOUT_ORIGIN ?? 'http://localhost:3100';
/** The shop's logins: its own cookie's value → the merchant token and the page its customer may launch. */
const logins = new Map();
const loginOf = (request) => logins.get(/(?:^|;\s*)shop-login=([A-Za-z0-9_-]{43})/.exec(request.headers.cookie ?? '')?.[1] ?? '');

const page = (title, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const escapeAttr = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function embedPage(src, follow, allow) {
  const checkoutOrigin = new URL(src).origin;
  return page(
    'Merchant shop: checkout',
    `<p>Complete your order below.</p>
<iframe id="checkout" title="Secure payment" src="${escapeAttr(src)}"${allow ? ` allow="${escapeAttr(allow)}"` : ''} style="width:100%;max-width:480px;height:600px;border:0"></iframe>
<script>
  window.checkoutMessages = [];
  const frame = document.getElementById('checkout');
  window.addEventListener('message', (event) => {
    if (event.origin !== ${JSON.stringify(checkoutOrigin)} || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (!data || data.source !== 'checkout' || data.version !== 1) return;
    window.checkoutMessages.push(data);
    if (data.type === 'resize' && Number.isFinite(data.height)) frame.style.height = data.height + 'px';
    if (data.type === 'redirect' && ${follow ? 'true' : 'false'} && /^https?:/.test(data.url)) window.location.href = data.url;
  });
</script>`,
  );
}

const googlePayStub = readFileSync(new URL('./google-pay-stub.js', import.meta.url), 'utf8');
const webhooks = [];
let readmePage = '<p>No page yet.</p>';
/** Signing secret per receiver path. */
const secrets = new Map();

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}:${port}`);
  const send = (status, html) => {
    response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(html);
  };
  if (url.pathname === '/health') return send(200, 'ok');
  // Google Pay's script, stubbed on loopback: the checkout's GOOGLE_PAY_SCRIPT_URL in the suite.
  if (url.pathname === '/google-pay/pay.js') {
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
    return response.end(googlePayStub);
  }
  // A page the test writes (the README's embed snippet), served as the merchant's own page.
  if (url.pathname === '/pages/readme' && request.method === 'POST') {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      readmePage = raw;
      response.writeHead(204).end();
    });
    return;
  }
  if (url.pathname === '/pages/readme') return send(200, page('Merchant checkout (README)', readmePage));
  if (url.pathname === '/webhooks/secret' && request.method === 'POST') {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      secrets.set(url.searchParams.get('for') ?? '/webhooks', raw.trim());
      response.writeHead(204).end();
    });
    return;
  }
  if (
    (url.pathname === '/webhooks' || /^\/webhooks\/[a-z0-9-]+$/.test(url.pathname)) &&
    url.pathname !== '/webhooks/log' &&
    request.method === 'POST'
  ) {
    const signingSecret = secrets.get(url.pathname);
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const headers = {
        'webhook-id': request.headers['webhook-id'],
        'webhook-timestamp': request.headers['webhook-timestamp'],
        'webhook-signature': request.headers['webhook-signature'],
      };
      let verified = null;
      if (signingSecret) {
        try {
          new Webhook(signingSecret).verify(raw, headers);
          verified = true;
        } catch (error) {
          webhooks.push({ path: url.pathname, id: headers['webhook-id'] ?? null, refused: String(error?.message ?? error), raw, body: {} });
          response.writeHead(400, { 'Content-Type': 'text/plain' }).end('invalid webhook');
          return;
        }
      }
      let body = {};
      try {
        body = JSON.parse(raw);
      } catch {
        // recorded raw
      }
      webhooks.push({
        path: url.pathname,
        id: headers['webhook-id'] ?? null,
        signature: request.headers['x-signature'] ?? null,
        verified,
        headers,
        raw,
        body,
      });
      response.writeHead(200).end('ok');
    });
    return;
  }
  if (url.pathname === '/webhooks/log') {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    return response.end(JSON.stringify(webhooks));
  }
  if (url.pathname === '/embed') {
    const src = url.searchParams.get('src') ?? '';
    if (!/^https?:\/\//.test(src)) return send(400, page('Bad request', '<p>src is required</p>'));
    return send(200, embedPage(src, url.searchParams.get('follow') !== '0', url.searchParams.get('allow') ?? ''));
  }
  if (url.pathname === '/widget') {
    // The merchant mounts a page (the withdrawal widget, a card page) with the checkout's current embed
    // release (?release=/embed/v1.js: an earlier one), pinned by its integrity hash from the published
    // manifest (?integrity=wrong pins another, to see the browser refuse it).
    const src = url.searchParams.get('src') ?? '';
    if (!/^https?:\/\//.test(src)) return send(400, page('Bad request', '<p>src is required</p>'));
    const checkoutOrigin = new URL(src).origin;
    const manifest = JSON.parse(readFileSync('public/embed/manifest.json', 'utf8'));
    const release = manifest.files[url.searchParams.get('release') ?? ''] ? url.searchParams.get('release') : manifest.current;
    const pinned = url.searchParams.get('integrity') === 'wrong' ? `sha384-${'A'.repeat(64)}` : manifest.files[release].integrity;
    return send(
      200,
      page(
        'Merchant account: withdraw',
        `<div id="widget"></div>
<p>Last balance message: <output id="last-balance">none</output></p>
<script src="${checkoutOrigin}${release}" integrity="${pinned}" crossorigin="anonymous"></script>
<script>
  window.checkoutMessages = [];
  if (window.CheckoutEmbed) window.embed = CheckoutEmbed.mount('#widget', {
    url: ${JSON.stringify(src)},
    title: 'Withdrawal widget',
    onMessage: (message) => {
      window.checkoutMessages.push(message);
      if (message.type === 'balance') document.getElementById('last-balance').textContent = String(message.balance);
    },
  });
</script>`,
      ),
    );
  }
  if (url.pathname === '/account') {
    const pageName = url.searchParams.get('page') ?? 'widget';
    const sessionId = url.searchParams.get('session');
    const payoutId = url.searchParams.get('payout');
    const token = url.searchParams.get('token') ?? 'sbx_demo_merchant';
    if (!['widget', 'cashier', 'card', 'apm'].includes(pageName) || !(sessionId || payoutId))
      return send(400, page('Bad request', '<p>session or payout is required</p>'));
    const login = randomBytes(32).toString('base64url');
    logins.set(login, { token, target: sessionId ? { sessionId, page: pageName } : { payoutId, page: pageName } });
    const thief =
      url.searchParams.get('tag') === 'thief'
        ? `<script>
  // A third-party tag: copies the address of every frame put in the page, as it is inserted.
  window.stolen = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.tagName === 'IFRAME') window.stolen.push(node.src);
  }).observe(document.documentElement, { childList: true, subtree: true });
</script>`
        : '';
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Set-Cookie': `shop-login=${login}; Path=/; HttpOnly; SameSite=Lax`,
    });
    return response.end(
      page(
        'Merchant account',
        `${thief}<div id="mount"></div>
<script src="${checkoutOrigin}/embed/v1.2.js" crossorigin="anonymous"></script>
<script>
  window.checkoutMessages = [];
  window.embed = CheckoutEmbed.mount('#mount', {
    url: '/launch',
    checkoutOrigin: ${JSON.stringify(checkoutOrigin)},
    title: 'Secure payment',
    onMessage: (message) => window.checkoutMessages.push(message),
  });
</script>`,
      ),
    );
  }
  if (url.pathname === '/both') {
    // One account page framing a session's cashier behind the shop's launch redirect and its
    // withdrawal widget by the launch address `widget` (the session's own widgetUrl).
    const sessionId = url.searchParams.get('session');
    const widget = url.searchParams.get('widget') ?? '';
    if (!sessionId || !/^https?:\/\//.test(widget)) return send(400, page('Bad request', '<p>session and widget are required</p>'));
    const login = randomBytes(32).toString('base64url');
    logins.set(login, { token: url.searchParams.get('token') ?? 'sbx_demo_merchant', target: { sessionId, page: 'cashier' } });
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Set-Cookie': `shop-login=${login}; Path=/; HttpOnly; SameSite=Lax`,
    });
    return response.end(
      page(
        'Merchant account: cashier and withdrawals',
        `<iframe title="Cashier" src="/launch" style="width:100%;max-width:480px;height:600px;border:0"></iframe>
<iframe title="Withdrawal widget" src="${escapeAttr(widget)}" style="width:100%;max-width:480px;height:600px;border:0"></iframe>`,
      ),
    );
  }
  if (url.pathname === '/launch') {
    const login = loginOf(request);
    if (!login) return send(401, page('Log in first', '<p>Log in to your account to open the cashier.</p>'));
    const api = createPaymentsClient({ baseUrl: `${checkoutOrigin}/sandbox/api`, token: login.token });
    launchRedirect(api, login.target).then(
      (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end();
      },
      (error) => send(502, page('Not available', `<p>${String(error?.message ?? error).replace(/</g, '&lt;')}</p>`)),
    );
    return;
  }
  if (url.pathname === '/success') return send(200, page('Payment received', '<p>Thank you for your order.</p>'));
  if (url.pathname === '/failure') return send(200, page('Payment not completed', '<p>Your order is not paid.</p>'));
  return send(404, page('Not found', ''));
});

server.listen(port, host, () => console.log(`merchant site on http://${host}:${port}`));
