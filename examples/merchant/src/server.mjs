/**
 * The reference merchant: Pebble Games, a small gambling site that integrates the payments service
 * and its hosted pages from outside, as a merchant does, with the client package alone
 * (`@hosted-checkout/client`). At start it sets its webhook URL and takes its signing secret, and
 * reads the embed script's current release; then it serves (README.md lists the journey):
 *   GET  /                      sign in, or the player's account (balance, transactions, launches)
 *   POST /login, /logout        the site's own login (an HttpOnly, SameSite=Lax cookie)
 *   GET  /shop, POST /shop/orders, GET /shop/orders/{id}[/pay|.json]   a purchase paid on the framed card page
 *   GET  /cashier, /withdraw    the cashier and the withdrawal widget, framed through …
 *   GET  /launch/cashier, /launch/widget, /launch/payout/{id}     … the site's launch redirects
 *   GET  /prize, POST /prize, GET /prize/{id}                      a prize payout's destination page
 *   GET  /me/balance            the player's balance (the account's script reads it; no reload)
 *   POST /webhooks              the service's events, verified and applied once
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { config } from './config.mjs';
import { BadRequest, cookie, readBody, readForm, redirect, requireSameOrigin, sendHtml, sendJson } from './http.mjs';
import { findOrder, loggedIn, logIn, logOut, newOrder, playerOf } from './ledger.mjs';
import * as pages from './pages.mjs';
import { embedScript, payinFor, prizePayout, redirectToLaunch, sessionOf, subscribeToWebhooks } from './payments.mjs';
import { receiveWebhook } from './webhooks.mjs';

const LOGIN = 'pebble_login';
const assets = {
  '/app.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('../public/app.js', import.meta.url)) },
  '/style.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('../public/style.css', import.meta.url)) },
};

const secret = await subscribeToWebhooks();
const embed = await embedScript();
/** Payouts of prizes by id → the player they were made for. */
const prizes = new Map();

/** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
async function route(request, response) {
  const url = new URL(request.url ?? '/', config.publicUrl);
  const path = url.pathname;
  const method = request.method ?? 'GET';
  const asset = assets[/** @type {keyof typeof assets} */ (path)];
  if (method === 'GET' && asset)
    return response.writeHead(200, { 'Content-Type': asset.type, 'Cache-Control': 'no-cache' }).end(asset.body);

  if (method === 'POST' && path === '/webhooks') {
    const status = await receiveWebhook(await readBody(request, 1024 * 1024), request.headers, secret);
    return response.writeHead(status).end();
  }
  if (method === 'POST' && path === '/login') {
    requireSameOrigin(request);
    const form = await readForm(request);
    const username = form.get('username')?.trim().toLowerCase() ?? '';
    const firstName = form.get('firstName')?.trim() ?? '';
    const lastName = form.get('lastName')?.trim() ?? '';
    if (!/^[a-z0-9][a-z0-9.-]{0,39}$/.test(username) || !firstName || !lastName || firstName.length > 40 || lastName.length > 40)
      throw new BadRequest(400, 'a username of letters, digits, dots and dashes, and your first and last name');
    const token = logIn(playerOf(username, firstName, lastName));
    return redirect(response, '/', { 'Set-Cookie': `${LOGIN}=${token}; Path=/; HttpOnly; SameSite=Lax` });
  }

  const player = loggedIn(cookie(request, LOGIN));
  if (!player) {
    if (method === 'GET' && path === '/') return sendHtml(response, pages.loginPage());
    if (path.startsWith('/launch/')) return response.writeHead(401, { 'Cache-Control': 'no-store' }).end();
    return redirect(response, '/');
  }
  if (method === 'POST') requireSameOrigin(request);

  if (method === 'GET' && path === '/') return sendHtml(response, pages.accountPage(player));
  if (method === 'POST' && path === '/logout') {
    logOut(cookie(request, LOGIN));
    return redirect(response, '/', { 'Set-Cookie': `${LOGIN}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` });
  }
  if (method === 'GET' && path === '/me/balance')
    return sendJson(response, { balanceMinor: player.balanceMinor, currency: config.currency });

  if (method === 'GET' && path === '/shop') return sendHtml(response, pages.shopPage(player));
  if (method === 'POST' && path === '/shop/orders') {
    const order = newOrder(player, pages.SHOP_ITEM.name, pages.SHOP_ITEM.amountMinor);
    await payinFor(player, order);
    return redirect(response, `/shop/orders/${order.orderId}/pay`);
  }
  const orderMatch = /^\/shop\/orders\/([\w-]{1,64}?)(\.json|\/pay)?$/.exec(path);
  if (method === 'GET' && orderMatch?.[1]) {
    const order = findOrder(orderMatch[1]);
    if (!order || order.playerId !== player.id) throw new BadRequest(404, 'No such order.');
    if (orderMatch[2] === '.json') return sendJson(response, { status: order.status });
    if (orderMatch[2] === '/pay' && order.status === 'OPEN' && order.cardUrl)
      return sendHtml(response, pages.payPage(player, order.cardUrl, embed));
    return sendHtml(response, pages.orderPage(player, order));
  }

  if (method === 'GET' && path === '/cashier') {
    await sessionOf(player);
    return sendHtml(response, pages.cashierPage(player, embed));
  }
  if (method === 'GET' && path === '/withdraw') {
    await sessionOf(player);
    return sendHtml(response, pages.withdrawPage(player, embed));
  }
  if (method === 'GET' && (path === '/launch/cashier' || path === '/launch/widget'))
    return redirectToLaunch(response, { sessionId: await sessionOf(player), page: path === '/launch/cashier' ? 'cashier' : 'widget' });

  if (method === 'GET' && path === '/prize') return sendHtml(response, pages.prizePage(player));
  if (method === 'POST' && path === '/prize') {
    const payoutId = await prizePayout(player, pages.PRIZE_MINOR);
    prizes.set(payoutId, player.id);
    return redirect(response, `/prize/${encodeURIComponent(payoutId)}`);
  }
  const prizeMatch = /^\/(prize|launch\/payout)\/([\w-]{1,64})$/.exec(path);
  if (method === 'GET' && prizeMatch?.[2]) {
    const payoutId = prizeMatch[2];
    // The launch redirect answers the payout's own player only.
    if (prizes.get(payoutId) !== player.id) throw new BadRequest(404, 'No such prize.');
    if (prizeMatch[1] === 'prize') return sendHtml(response, pages.prizeCardPage(player, payoutId, embed));
    return redirectToLaunch(response, { payoutId, page: 'card' });
  }
  throw new BadRequest(404, 'No such page.');
}

const server = http.createServer((request, response) => {
  route(request, response).catch((error) => {
    const status = error instanceof BadRequest ? error.status : 500;
    if (status === 500) console.error(`${request.method} ${request.url?.split('?')[0]}:`, error instanceof Error ? error.message : error);
    if (!response.headersSent) sendHtml(response, pages.errorPage(status, status === 500 ? 'Please try again.' : error.message), status);
    else response.end();
  });
});
server.listen(config.port, config.host, () => {
  console.log(
    `Pebble Games (the reference merchant): ${config.publicUrl}  (checkout ${config.checkoutUrl}, webhooks ${config.publicUrl}/webhooks)`,
  );
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.once(signal, () => server.close(() => process.exit(0)));
