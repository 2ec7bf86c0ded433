/**
 * The site's pages, as HTML strings: the login, the account with its balance, the shop and an
 * order, the cashier, the withdrawal widget and a prize payout. A page that frames a hosted page
 * carries a `data-frame` element the site's script (public/app.js) mounts with the checkout's embed
 * script, pinned to its Subresource Integrity hash.
 */
import { config } from './config.mjs';
import { escape } from './http.mjs';
import { formatMinor } from './money.mjs';

/** @typedef {import('./ledger.mjs').Player} Player */
/** @typedef {{ src: string, integrity: string }} EmbedScript */

const SHOP_ITEM = { name: 'Gem pack', amountMinor: 2550 };
export const PRIZE_MINOR = 500;
export { SHOP_ITEM };

/** @param {string} title @param {Player | undefined} player @param {string} body @param {EmbedScript} [embed] */
function layout(title, player, body, embed) {
  const nav = player
    ? `<nav aria-label="Account"><a href="/">Account</a> <a href="/shop">Shop</a> <a href="/cashier">Cashier</a> <a href="/withdraw">Withdraw</a> <a href="/prize">Prize</a>
<p>${escape(player.firstName)} ${escape(player.lastName)} · Balance <output id="balance" data-testid="player-balance">${formatMinor(player.balanceMinor)}</output></p>
<form method="post" action="/logout"><button>Sign out</button></form></nav>`
    : '';
  const scripts = embed
    ? `<script src="${escape(embed.src)}" integrity="${escape(embed.integrity)}" crossorigin="anonymous"></script>\n`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Pebble Games</title><link rel="stylesheet" href="/style.css"></head>
<body><header><p class="brand">Pebble Games</p>${nav}</header><main><h1>${escape(title)}</h1>${body}</main>
${scripts}<script src="/app.js" defer></script></body></html>`;
}

/** A hosted page framed by the embed script: `url` a pay-in's card page, or one of this site's launch redirects. */
const frame = (/** @type {string} */ url, /** @type {string} */ title) =>
  `<div data-frame="${escape(url)}" data-checkout-origin="${escape(config.checkoutUrl)}" data-title="${escape(title)}"></div>`;

export const loginPage = () =>
  layout(
    'Sign in',
    undefined,
    `<form method="post" action="/login">
<p><label for="username">Username</label> <input id="username" name="username" required pattern="[a-z0-9][a-z0-9.\\-]{0,39}" autocomplete="username" value="ada"></p>
<p><label for="first-name">First name</label> <input id="first-name" name="firstName" required maxlength="40" value="Ada"></p>
<p><label for="last-name">Last name</label> <input id="last-name" name="lastName" required maxlength="40" value="Lovelace"></p>
<p><button>Sign in</button></p></form>`,
  );

/** The account: balance, the booked entries, and where the cashier was opened from. */
export const accountPage = (/** @type {Player} */ player) =>
  layout(
    'Your account',
    player,
    `<h2>Your transactions</h2>${
      player.entries.length === 0
        ? '<p>None yet. Deposit in the cashier.</p>'
        : `<ul>${player.entries
            .map(
              (e) =>
                `<li>${escape(e.at)}: ${e.kind === 'deposit' ? 'Deposit' : 'Withdrawal'} ${formatMinor(e.amountMinor)} (${escape(e.reference)})</li>`,
            )
            .join('')}</ul>`
    }
<h2>Where your cashier was opened</h2>${
      player.launches.length === 0
        ? '<p>Not yet.</p>'
        : `<ul>${player.launches
            .slice(0, 10)
            .map((l) => `<li>${escape(l.at)}: the ${escape(l.page)} from ${escape(l.ipAddress)} (${escape(l.userAgent)})</li>`)
            .join('')}</ul>`
    }`,
  );

export const shopPage = (/** @type {Player} */ player) =>
  layout(
    'Shop',
    player,
    `<p>${SHOP_ITEM.name}: ${formatMinor(SHOP_ITEM.amountMinor)}, paid by card now (not from your balance).</p>
<form method="post" action="/shop/orders"><button>Buy the ${SHOP_ITEM.name.toLowerCase()}</button></form>`,
  );

/** An order waiting for its payment, with the card page framed. */
export const payPage = (/** @type {Player} */ player, /** @type {string} */ cardUrl, /** @type {EmbedScript} */ embed) =>
  layout('Pay for your order', player, frame(cardUrl, 'Secure payment'), embed);

/** An order after the payment page: what the site's webhook said (the return address alone proves nothing). */
export const orderPage = (/** @type {Player} */ player, /** @type {import('./ledger.mjs').Order} */ order) =>
  layout(
    `Order ${order.orderId}`,
    player,
    `<p>${escape(order.item)}, ${formatMinor(order.amountMinor)}: <strong data-order="${escape(order.orderId)}" data-testid="order-status">${
      { OPEN: 'Waiting for the payment', PAID: 'Paid', NOT_PAID: 'Not paid' }[order.status]
    }</strong></p>${authenticationLine(order.threeDs)}`,
  );

/** The order's 3-D Secure, as the shop's staff read it: the outcome and who bears a fraud chargeback. */
function authenticationLine(/** @type {import('./ledger.mjs').Order['threeDs']} */ threeDs) {
  if (!threeDs) return '';
  const kind = [threeDs.outcome, threeDs.exemption ?? threeDs.outOfScope].filter(Boolean).join(' ');
  const liability = threeDs.liabilityShift ? 'the card issuer' : 'this shop';
  return `<p data-testid="order-authentication">3-D Secure: ${escape(kind)}; fraud liability: ${liability}</p>`;
}

export const cashierPage = (/** @type {Player} */ player, /** @type {EmbedScript} */ embed) =>
  layout('Cashier', player, frame('/launch/cashier', 'Cashier'), embed);

export const withdrawPage = (/** @type {Player} */ player, /** @type {EmbedScript} */ embed) =>
  layout('Withdraw', player, frame('/launch/widget', 'Withdraw'), embed);

export const prizePage = (/** @type {Player} */ player) =>
  layout(
    'Your prize',
    player,
    `<p>You won ${formatMinor(PRIZE_MINOR)}. We pay it to the card you pay with.</p>
<form method="post" action="/prize"><button>Claim the prize</button></form>`,
  );

export const prizeCardPage = (/** @type {Player} */ player, /** @type {string} */ payoutId, /** @type {EmbedScript} */ embed) =>
  layout('Where should we send your prize?', player, frame(`/launch/payout/${encodeURIComponent(payoutId)}`, 'Prize payout'), embed);

export const errorPage = (/** @type {number} */ status, /** @type {string} */ message) =>
  layout(
    status === 404 ? 'Not found' : 'Something went wrong',
    undefined,
    `<p>${escape(message)}</p><p><a href="/">Back to your account</a></p>`,
  );
