/**
 * The checkout payload of the sandbox SRC system (the SDKs' `checkoutResponse`). In production it
 * is a JWE, encrypted and JWS-signed; here `srcp1.<iv>.<ct>.<tag>` (base64url parts), AES-256-GCM
 * under HKDF-SHA256(card hash key, info `src-checkout-payload`), so the browser and the checkout
 * server carry opaque bytes and only the sandbox's processing opens it.
 *
 * Inside: the network token, derived and never stored (the brand's sandbox token range, Visa
 * `489537` / Mastercard `520473`, 9 digits of HMAC(card hash key, `src-token:<card>`), a Luhn
 * digit; the card's expiry), its cryptogram (TAVV for Visa, DSRP for Mastercard: 20 bytes of an
 * HMAC over the payload id, token, amount in ISO 4217 minor units and currency, base64, 28
 * characters; `CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM`), the ECI of a token without 3-D Secure
 * (Visa 07, Mastercard 06), and what it pays: pay-in, merchant, amount, currency, card, session.
 * It lives 15 minutes (the PSPs' `dpaDynamicDataTtlMinutes: 15`). Opening refuses, with a 400
 * naming the reason and never a number, a payload that does not open, has expired, or is of
 * another pay-in, merchant, amount, currency, card or session.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '@sandbox/db/client';
import { invalid } from '../core/api-error';
import { keyedHash, sandboxHashKey } from '../core/store';
import type { SrcBrand, SrcCardRow } from './cards';
import { newSrcId } from './secrets';

export const PAYLOAD_LIFETIME_S = 15 * 60;
/** The longest `checkoutResponse` accepted (characters). */
export const MAX_PAYLOAD_CHARS = 4096;
/** The brands' sandbox token ranges (first 6 digits of a token PAN). */
export const TOKEN_RANGES: Readonly<Record<SrcBrand, string>> = { VISA: '489537', MASTERCARD: '520473' };

/** The opened payload. Times in seconds since the epoch. */
export interface CheckoutPayload {
  jti: string;
  srcCorrelationId: string;
  srcDigitalCardId: string;
  payinId: string;
  merchantId: string;
  amountMinor: number;
  currency: string;
  token: { paymentToken: string; tokenExpirationMonth: string; tokenExpirationYear: string };
  dynamicData: { dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM'; dynamicDataValue: string };
  eci: '07' | '06';
  iat: number;
  exp: number;
}

/** The Luhn check digit (ISO/IEC 7812-1) of `digits`. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** The card's network token PAN (16 digits, in its brand's range, Luhn-valid, the same for the card every time). */
export async function tokenPanOf(db: Db, card: { id: string; brand: SrcBrand }): Promise<string> {
  const mac = await keyedHash(db, `src-token:${card.id}`);
  const body = `${TOKEN_RANGES[card.brand]}${(BigInt(`0x${mac}`) % 1_000_000_000n).toString().padStart(9, '0')}`;
  return body + luhnDigit(body);
}

/** The token's cryptogram (TAVV / DSRP) for payload `jti` paying `amountMinor` of `currency`: base64 of 20 bytes. */
export async function cryptogramOf(
  db: Db,
  input: { jti: string; tokenPan: string; amountMinor: number; currency: string },
): Promise<string> {
  const mac = await keyedHash(db, `src-tavv:${input.jti}:${input.tokenPan}:${input.amountMinor}:${input.currency}`);
  return Buffer.from(mac.slice(0, 40), 'hex').toString('base64');
}

const keys = new Map<string, Buffer>();
async function payloadKey(db: Db): Promise<Buffer> {
  const hashKey = await sandboxHashKey(db);
  let key = keys.get(hashKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', hashKey, Buffer.alloc(0), 'src-checkout-payload', 32));
    keys.set(hashKey, key);
  }
  return key;
}

const PREFIX = 'srcp1';

/** What a payload pays: the session's pay-in, merchant, amount (minor units), currency, and the card chosen. */
export interface PayloadFor {
  srcCorrelationId: string;
  payinId: string;
  merchantId: string;
  amountMinor: number;
  currency: string;
  card: Pick<SrcCardRow, 'id' | 'brand' | 'expiryMonth' | 'expiryYear'>;
}

/** Seals a new payload for `input` (15 min from `now`): `{ checkoutResponse, jti }`. */
export async function sealCheckoutPayload(db: Db, input: PayloadFor, now: Date = new Date()) {
  const jti = newSrcId('srcj');
  const paymentToken = await tokenPanOf(db, input.card);
  const iat = Math.floor(now.getTime() / 1000);
  const payload: CheckoutPayload = {
    jti,
    srcCorrelationId: input.srcCorrelationId,
    srcDigitalCardId: input.card.id,
    payinId: input.payinId,
    merchantId: input.merchantId,
    amountMinor: input.amountMinor,
    currency: input.currency,
    token: { paymentToken, tokenExpirationMonth: input.card.expiryMonth, tokenExpirationYear: input.card.expiryYear },
    dynamicData: {
      dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
      dynamicDataValue: await cryptogramOf(db, { jti, tokenPan: paymentToken, amountMinor: input.amountMinor, currency: input.currency }),
    },
    eci: input.card.brand === 'VISA' ? '07' : '06',
    iat,
    exp: iat + PAYLOAD_LIFETIME_S,
  };
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await payloadKey(db), iv);
  cipher.setAAD(Buffer.from(PREFIX));
  const ct = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  const parts = [iv, ct, cipher.getAuthTag()].map((part) => part.toString('base64url'));
  return { checkoutResponse: [PREFIX, ...parts].join('.'), jti };
}

/** What the opener expects the payload to pay. */
export interface PayloadExpected {
  payinId: string;
  merchantId: string;
  amountMinor: number;
  currency: string;
  srcDigitalCardId: string;
  srcCorrelationId: string;
}

const FIELD = 'clickToPay.checkoutResponse';
const SEALED = /^srcp1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

function decrypt(key: Buffer, sealed: string): CheckoutPayload {
  const match = SEALED.exec(sealed);
  if (!match) throw invalid(`${FIELD}: not a Click to Pay payload`);
  const [, iv = '', ct = '', tag = ''] = match;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(PREFIX));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as CheckoutPayload;
  } catch {
    throw invalid(`${FIELD}: does not open`);
  }
}

/**
 * Opens `sealed` and checks it pays what `expected` says, before `exp` as of `now`, with the token
 * and cryptogram the card and amount give. Throws SandboxApiError 400 VALIDATION_ERROR naming the
 * reason (does not open, expired, another pay-in / merchant / amount / currency / card / session,
 * cryptogram). Spending it once (`c2p:<jti>`) is the caller's.
 */
export async function openCheckoutPayload(
  db: Db,
  sealed: string,
  expected: PayloadExpected,
  now: Date = new Date(),
): Promise<CheckoutPayload> {
  if (typeof sealed !== 'string' || sealed.length > MAX_PAYLOAD_CHARS) throw invalid(`${FIELD}: not a Click to Pay payload`);
  const payload = decrypt(await payloadKey(db), sealed);
  if (payload.exp * 1000 <= now.getTime()) throw invalid(`${FIELD}: expired`);
  if (payload.payinId !== expected.payinId) throw invalid(`${FIELD}: is for another pay-in`);
  if (payload.merchantId !== expected.merchantId) throw invalid(`${FIELD}: is for another merchant`);
  if (payload.amountMinor !== expected.amountMinor) throw invalid(`${FIELD}: is for another amount`);
  if (payload.currency !== expected.currency) throw invalid(`${FIELD}: is for another currency`);
  if (payload.srcDigitalCardId !== expected.srcDigitalCardId) throw invalid(`${FIELD}: is for another card`);
  if (payload.srcCorrelationId !== expected.srcCorrelationId) throw invalid(`${FIELD}: is of another session`);
  const brand: SrcBrand = payload.token.paymentToken.startsWith(TOKEN_RANGES.MASTERCARD) ? 'MASTERCARD' : 'VISA';
  const tokenPan = await tokenPanOf(db, { id: payload.srcDigitalCardId, brand });
  const cryptogram = await cryptogramOf(db, {
    jti: payload.jti,
    tokenPan,
    amountMinor: expected.amountMinor,
    currency: expected.currency,
  });
  if (tokenPan !== payload.token.paymentToken || cryptogram !== payload.dynamicData.dynamicDataValue)
    throw invalid(`${FIELD}: the token's cryptogram does not verify`);
  return payload;
}
