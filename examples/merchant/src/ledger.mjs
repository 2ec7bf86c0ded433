/**
 * The site's own books, in memory (a real site keeps them in its database, in one transaction with
 * the event id it applied): players and their balances in minor units, the logins, the shop's
 * orders, and the ids of the webhook deliveries already applied, so a retry or a resend is applied
 * once. Every change to a player's balance runs in that player's queue (`withPlayer`), one after
 * another, so the balance the site sends the service is always its latest.
 */
import { randomBytes } from 'node:crypto';

/**
 * @typedef {{ id: string, username: string, firstName: string, lastName: string, email: string,
 *   balanceMinor: number, sessionId: string | null, sessionExpiresAt: number,
 *   approved: Map<string, number>,
 *   entries: { at: string, kind: 'deposit' | 'withdrawal', amountMinor: number, reference: string }[],
 *   launches: { at: string, page: string, ipAddress: string, userAgent: string }[] }} Player
 * @typedef {{ orderId: string, playerId: string, item: string, amountMinor: number, paymentId: string | null, cardUrl: string | null,
 *   status: 'OPEN' | 'PAID' | 'NOT_PAID',
 *   threeDs: { outcome: string, exemption?: string, outOfScope?: string, liabilityShift: boolean } | null }} Order
 * (`threeDs`: what 3-D Secure did for the order's payment, from the pay-in's webhook: whose the fraud liability is.)
 */

/** @type {Map<string, Player>} by id (the service's `externalUserId`) */
const players = new Map();
/** @type {Map<string, string>} login cookie value → player id */
const logins = new Map();
/** @type {Map<string, Order>} by orderId */
const orders = new Map();
/** @type {Set<string>} webhook ids applied */
const applied = new Set();
/** @type {Map<string, Promise<unknown>>} each player's queue */
const queues = new Map();

/** The player of `username` (lower-case letters, digits, dots and dashes), created on the first login with a zero balance. */
export function playerOf(/** @type {string} */ username, /** @type {string} */ firstName, /** @type {string} */ lastName) {
  const id = `player-${username}`;
  let player = players.get(id);
  if (!player) {
    player = {
      id,
      username,
      firstName,
      lastName,
      email: `${username}@players.example`,
      balanceMinor: 0,
      approved: new Map(),
      sessionId: null,
      sessionExpiresAt: 0,
      entries: [],
      launches: [],
    };
    players.set(id, player);
  }
  return player;
}

/** The player of an `externalUserId` the service sent back, or undefined for one this site never had. */
export const findPlayer = (/** @type {string} */ id) => players.get(id);

/** The player whose cashier session `sessionId` is (their current one), or undefined. */
export const playerOfSession = (/** @type {string} */ sessionId) => [...players.values()].find((p) => p.sessionId === sessionId);

/** A new login for `player`: the cookie's value, 32 random bytes (base64url). */
export function logIn(/** @type {Player} */ player) {
  const token = randomBytes(32).toString('base64url');
  logins.set(token, player.id);
  return token;
}

/** The player a login cookie names, or undefined. */
export const loggedIn = (/** @type {string | undefined} */ token) => {
  const id = token ? logins.get(token) : undefined;
  return id ? players.get(id) : undefined;
};

export const logOut = (/** @type {string | undefined} */ token) => void (token && logins.delete(token));

/** Runs `change` after every earlier change of `player`'s balance; answers its result. */
export function withPlayer(/** @type {Player} */ player, /** @type {() => Promise<any>} */ change) {
  const previous = queues.get(player.id) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(change);
  queues.set(player.id, next);
  return next;
}

/** Books a deposit (+) or a withdrawal (−) on the player's balance, in minor units. Throws on a balance that would go below zero. */
export function book(
  /** @type {Player} */ player,
  /** @type {'deposit' | 'withdrawal'} */ kind,
  /** @type {number} */ amountMinor,
  /** @type {string} */ reference,
) {
  const after = player.balanceMinor + (kind === 'deposit' ? amountMinor : -amountMinor);
  if (after < 0) throw new Error(`a withdrawal of ${amountMinor} would take ${player.id} below zero`);
  player.balanceMinor = after;
  player.entries.unshift({ at: new Date().toISOString(), kind, amountMinor, reference });
}

/** A new shop order of `player`. */
export function newOrder(/** @type {Player} */ player, /** @type {string} */ item, /** @type {number} */ amountMinor) {
  /** @type {Order} */
  const order = {
    orderId: `order-${randomBytes(6).toString('hex')}`,
    playerId: player.id,
    item,
    amountMinor,
    paymentId: null,
    cardUrl: null,
    status: 'OPEN',
    threeDs: null,
  };
  orders.set(order.orderId, order);
  return order;
}

export const findOrder = (/** @type {string} */ orderId) => orders.get(orderId);

/** Whether the delivery `id` was applied; `markApplied` records it once its change is booked. */
export const wasApplied = (/** @type {string} */ id) => applied.has(id);
export const markApplied = (/** @type {string} */ id) => void applied.add(id);
