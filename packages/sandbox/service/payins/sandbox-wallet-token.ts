/**
 * The sandbox wallet's tokens (SANDBOX_WALLET): what the wallet's page (a web payment app on
 * the sandbox's origin, /sandbox/wallet/pay) hands the checkout through the Payment Request API.
 * Like a network token's cryptogram, a token is bound to one pay-in, its amount and currency, and
 * lives 5 minutes. It names the wallet's card by its place in WALLET_CARDS (test cards of the
 * sandbox), never by number. Format: `sbw1.<base64url JSON payload>.<HMAC-SHA256 hex>`, keyed
 * with the sandbox's card-hash key (keyedHash).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@sandbox/db/client';
import { maskPan } from '@hosted-checkout/contract/card-rules';
import { invalid } from '../core/api-error';
import type { PayinRow } from '../core/records';
import { keyedHash } from '../core/store';

/** The sandbox wallet's cards: a success, the 3DS challenge, and two declines (docs/design.md, section 6). */
export const WALLET_CARDS = [
  { pan: '4242424242424242', scenario: 'success' },
  { pan: '4000000000003220', scenario: 'challenge' },
  { pan: '4000000000000002', scenario: 'declined' },
  { pan: '4000000000009995', scenario: 'insufficientFunds' },
] as const;

/** What the wallet's page shows of a card: its place, mask and test scenario (never the PAN). */
export const walletCardList = () =>
  WALLET_CARDS.map((card, index) => ({ index, mask: maskPan(card.pan), last4: card.pan.slice(-4), scenario: card.scenario }));

/** A token's life, in ms. */
export const WALLET_TOKEN_TTL_MS = 5 * 60 * 1000;

interface Payload {
  /** pay-in id */
  p: string;
  /** amount, ISO 4217 minor units */
  a: number;
  /** currency */
  c: string;
  /** the card's place in WALLET_CARDS */
  k: number;
  /** expiry, epoch ms */
  x: number;
  /** nonce */
  n: string;
}

const sign = (db: Db, body: string) => keyedHash(db, `sandbox-wallet:${body}`);

/** A token for `row` and the wallet's card `cardIndex`. Throws 400 for an unknown card. */
export async function issueSandboxWalletToken(
  db: Db,
  row: Pick<PayinRow, 'id' | 'amountMinor' | 'currency'>,
  cardIndex: number,
  now = Date.now(),
): Promise<string> {
  if (!Number.isInteger(cardIndex) || !WALLET_CARDS[cardIndex]) throw invalid('card: not a card of the sandbox wallet');
  const payload: Payload = {
    p: row.id,
    a: row.amountMinor,
    c: row.currency,
    k: cardIndex,
    x: now + WALLET_TOKEN_TTL_MS,
    n: randomBytes(12).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `sbw1.${body}.${await sign(db, body)}`;
}

/**
 * Reads a token for `row`: the signature, then the pay-in, amount, currency and expiry. Answers
 * the card's PAN (for this request's memory only) and the nonce. Throws 400 with no token content.
 */
export async function readSandboxWalletToken(
  db: Db,
  token: string,
  row: Pick<PayinRow, 'id' | 'amountMinor' | 'currency'>,
  now = Date.now(),
): Promise<{ pan: string; nonce: string }> {
  const [version, body, mac] = token.split('.');
  if (version !== 'sbw1' || !body || !mac || !/^[0-9a-f]{64}$/.test(mac)) throw invalid('wallet.token: not a sandbox wallet token');
  const expected = Buffer.from(await sign(db, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(mac, 'hex'))) throw invalid('wallet.token: the sandbox wallet did not sign this token');
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  if (payload.p !== row.id || payload.a !== row.amountMinor || payload.c !== row.currency)
    throw invalid('wallet.token: issued for another pay-in or amount');
  if (!(payload.x > now)) throw invalid('wallet.token: expired');
  const card = WALLET_CARDS[payload.k];
  if (!card) throw invalid('wallet.token: not a card of the sandbox wallet');
  return { pan: card.pan, nonce: payload.n };
}
