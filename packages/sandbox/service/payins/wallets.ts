/**
 * Wallets at the sandbox's PSP (docs/design.md, E21): `POST /public/payin/{id}/process/wallet`
 * takes the token a wallet returned and charges the card behind it through the test-card table,
 * as process/card does (3-D Secure included). Three token formats:
 * - SANDBOX_WALLET: the sandbox wallet's own token (sandbox-wallet-token.ts), signed by the
 *   sandbox and bound to the pay-in, its amount and currency, and a test card of the wallet;
 * - GOOGLE_PAY: `tokenizationData.token` of PAYMENT_GATEWAY tokenization, protocol ECv2
 *   (Google Pay API, "Payment data cryptography"): the envelope's shape is checked, and in the
 *   sandbox (TEST environment) `signedMessage.encryptedMessage` is read as the decrypted payload
 *   in base64. Google's signature needs its signing keys (online) and decryption the gateway's
 *   private key: a production PSP does both; this sandbox cannot, and says so;
 * - APPLE_PAY: `token.paymentData` (EC_v1, Apple Pay "Payment token format reference"): likewise
 *   the header's shape is checked, and `data` is read as the decrypted payload in base64.
 * A token's PAN lives in this request's memory only: it is analysed like a card's, masked and
 * hashed, never stored, logged, or put in an error. A wallet the merchant does not offer is 400;
 * a token is used once (its reference: Google's messageId, Apple's transactionId, the sandbox
 * wallet's nonce).
 */
import type { Db } from '@sandbox/db/client';
import { eq } from 'drizzle-orm';
import { payins, walletTokens } from '@sandbox/db/schema';
import type { PayinProcessingResponse, ProcessWalletRequest } from '@hosted-checkout/contract/payin';
import type { WalletType } from '@hosted-checkout/contract/enums';
import type { ApplePaySession, ApplePaySessionRequest } from '@hosted-checkout/contract/payin';
import type { StoredCard } from '@sandbox/db/stored-shapes';
import { invalid, notFound } from '../core/api-error';
import { canAccess, type Principal } from '../core/auth';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { analyseCard, assertValidCard } from '../core/saved-cards';
import { outcomeForCard, type CardOutcome } from '../core/test-cards';
import { assertFundingAccepted, fundingPolicy } from '../responsible-gambling/funding-rules';
import { fundingTypeOf } from './bin-table';
import { cardAnswer, chargeCard } from './card-charge';
import { assertProcessable, limitedBySession, loadPayinToProcess } from './payin-guards';
import { readSandboxWalletToken } from './sandbox-wallet-token';
import { newId } from '../core/store';
import type { PayinRow } from '../core/records';

/** The card a token stands for: its digits (memory only), expiry, and whether the device authenticated the cardholder. */
interface TokenCard {
  pan: string;
  expiryMonth: string;
  expiryYear: string;
  holder: string;
  /** A device cryptogram (Google Pay CRYPTOGRAM_3DS, Apple Pay 3DSecure): the cardholder is authenticated, no challenge. */
  authenticated: boolean;
  /** The token's own id (message id, transaction id, nonce): one use per pay-in. */
  ref: string;
}

/** ISO 4217 numeric codes of the currencies the sandbox's merchants enable (Apple Pay names currencies by number). */
const NUMERIC_CURRENCY: Record<string, string> = { '978': 'EUR', '840': 'USD', '826': 'GBP', '392': 'JPY', '986': 'BRL', '414': 'KWD' };

const json = (text: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};
const str = (value: unknown) => (typeof value === 'string' ? value : '');
/** A number or numeric string of a token; NaN for anything else (an object's toString never runs). */
const num = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
const fromBase64 = (text: string) => json(Buffer.from(text, 'base64').toString('utf8'));
const twoDigits = (value: unknown) => (Number.isInteger(num(value)) ? String(num(value)).padStart(2, '0') : '');

/** Google Pay ECv2 (PAYMENT_GATEWAY): the envelope, then the payload's gateway merchant, expiry and card. Throws 400. */
function googlePayCard(token: string, row: PayinRow, now: number): TokenCard {
  const envelope = json(token);
  const signed = envelope ? json(str(envelope.signedMessage)) : null;
  const key = envelope?.intermediateSigningKey as Record<string, unknown> | undefined;
  if (
    !envelope ||
    envelope.protocolVersion !== 'ECv2' ||
    !str(envelope.signature) ||
    !key ||
    !str(key.signedKey) ||
    !Array.isArray(key.signatures) ||
    !signed
  )
    throw invalid('wallet.token: not a Google Pay ECv2 token');
  if (!str(signed.ephemeralPublicKey) || !str(signed.tag)) throw invalid('wallet.token: not a Google Pay ECv2 token');
  const payload = fromBase64(str(signed.encryptedMessage));
  const details = payload?.paymentMethodDetails as Record<string, unknown> | undefined;
  if (!payload || payload.paymentMethod !== 'CARD' || !details) throw invalid('wallet.token: Google Pay message is not a card');
  if (str(payload.gatewayMerchantId) !== row.merchantId) throw invalid('wallet.token: Google Pay message is for another gateway merchant');
  if (!(num(payload.messageExpiration) > now)) throw invalid('wallet.token: Google Pay message has expired');
  const authMethod = str(details.authMethod);
  if (authMethod !== 'PAN_ONLY' && authMethod !== 'CRYPTOGRAM_3DS') throw invalid('wallet.token: unknown Google Pay authMethod');
  if (authMethod === 'CRYPTOGRAM_3DS' && !str(details.cryptogram)) throw invalid('wallet.token: CRYPTOGRAM_3DS without a cryptogram');
  if (!str(payload.messageId)) throw invalid('wallet.token: Google Pay message without a messageId');
  return {
    pan: str(details.pan),
    expiryMonth: twoDigits(details.expirationMonth),
    expiryYear: Number.isInteger(num(details.expirationYear)) ? String(num(details.expirationYear)) : '',
    holder: 'Google Pay',
    authenticated: authMethod === 'CRYPTOGRAM_3DS',
    ref: `gp:${str(payload.messageId).slice(0, 128)}`,
  };
}

/** Apple Pay EC_v1: the header, then the payload's amount, currency, expiry and card. Throws 400. */
function applePayCard(token: string, row: PayinRow): TokenCard {
  const paymentData = json(token);
  const header = paymentData?.header as Record<string, unknown> | undefined;
  if (
    !paymentData ||
    paymentData.version !== 'EC_v1' ||
    !str(paymentData.signature) ||
    !header ||
    !str(header.ephemeralPublicKey) ||
    !str(header.transactionId)
  )
    throw invalid('wallet.token: not an Apple Pay EC_v1 token');
  const payload = fromBase64(str(paymentData.data));
  if (!payload) throw invalid('wallet.token: Apple Pay data is not readable');
  const currency = NUMERIC_CURRENCY[str(payload.currencyCode)];
  if (!currency) throw invalid('wallet.token: Apple Pay currency is not one the sandbox takes');
  if (num(payload.transactionAmount) !== row.amountMinor || currency !== row.currency)
    throw invalid("wallet.token: Apple Pay amount is not the pay-in's");
  const expiry = str(payload.applicationExpirationDate);
  const cryptogram = str((payload.paymentData as Record<string, unknown> | undefined)?.onlinePaymentCryptogram);
  if (!/^\d{6}$/.test(expiry) || payload.paymentDataType !== '3DSecure' || !cryptogram)
    throw invalid('wallet.token: Apple Pay data is not a 3DSecure card');
  return {
    pan: str(payload.applicationPrimaryAccountNumber),
    expiryMonth: expiry.slice(2, 4),
    expiryYear: `20${expiry.slice(0, 2)}`,
    holder: 'Apple Pay',
    authenticated: true,
    ref: `ap:${str(header.transactionId).slice(0, 128)}`,
  };
}

/** The card behind a token, checked against the pay-in. Throws 400. */
async function tokenCard(tx: Db, row: PayinRow, type: WalletType, token: string): Promise<TokenCard> {
  if (type === 'GOOGLE_PAY') return googlePayCard(token, row, Date.now());
  if (type === 'APPLE_PAY') return applePayCard(token, row);
  const read = await readSandboxWalletToken(tx, token, row);
  return {
    pan: read.pan,
    expiryMonth: '12',
    expiryYear: String(new Date().getUTCFullYear() + 3),
    holder: 'Sandbox wallet',
    authenticated: false,
    ref: `sw:${read.nonce}`,
  };
}

/**
 * Spends a token for a pay-in, by its reference (message id, transaction id, nonce): a token pays
 * once. The primary key decides between two pay-ins racing with one token. Throws 400 when it
 * was spent before. In the processing transaction: a failure later rolls the spending back.
 */
async function spendToken(tx: Db, ref: string, payinId: string): Promise<void> {
  const spent = await tx.insert(walletTokens).values({ ref, payinId }).onConflictDoNothing().returning({ ref: walletTokens.ref });
  if (spent.length === 0) throw invalid('wallet.token: this token was used already');
}

/** A device-authenticated card skips the issuer's challenge (liability shift): its challenge outcome is a success. */
const walletOutcome = (card: TokenCard): CardOutcome => {
  const outcome = outcomeForCard(card.pan);
  if (!card.authenticated) return outcome;
  return outcome.scenario === 'challenge' || outcome.scenario === 'method' ? { scenario: 'success' } : outcome;
};

/**
 * POST /public/payin/{payinId}/process/wallet. The merchant must offer the wallet (400),
 * the pay-in be processable (409), the token valid for it (400) and not used on it before (400).
 */
export async function processWallet(
  tx: Db,
  principal: Principal,
  id: string,
  request: ProcessWalletRequest,
  ctx: RequestContext,
): Promise<PayinProcessingResponse> {
  const row = await loadPayinToProcess(tx, principal, id, 'card', ctx, async (loaded) => {
    const { settings } = await merchantConfig(tx, loaded.merchantId, ctx);
    if (!(settings.wallets ?? []).includes(request.wallet.type))
      throw invalid(`wallet.type: the merchant does not offer ${request.wallet.type}`);
  });
  // The merchant's configuration is read once per request (merchantConfig's memo).
  const config = await merchantConfig(tx, row.merchantId, ctx);
  const card = await tokenCard(tx, row, request.wallet.type, request.wallet.token);
  await spendToken(tx, card.ref, row.id);
  const analysed = await analyseCard(
    tx,
    { cardNumber: card.pan, cardHolderName: card.holder, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear },
    { requireCvv: false },
  );
  if (!analysed.stored) throw invalid('wallet.token: the card in the token is not valid');
  assertValidCard(analysed);
  assertFundingAccepted(await fundingPolicy(tx, config, row.customerId), fundingTypeOf(analysed.digits));
  const stored: StoredCard = { ...analysed.stored, wallet: { type: request.wallet.type, ref: card.ref } };
  return cardAnswer(
    tx,
    await limitedBySession(row, () =>
      chargeCard(tx, row, stored, walletOutcome(card), request.browser, ctx, { deviceAuthenticated: card.authenticated }),
    ),
    ctx,
  );
}

/**
 * Apple Pay's merchant validation hosts (Apple, "Setting up your server", listings 1 and 2:
 * production and the development sandbox, global and China). A service posts to no other.
 */
const APPLE_PAY_GATEWAYS = new Set([
  'apple-pay-gateway.apple.com',
  'cn-apple-pay-gateway.apple.com',
  'apple-pay-gateway-cert.apple.com',
  'cn-apple-pay-gateway-cert.apple.com',
]);

/** Whether `value` is an Apple Pay validation URL: https, an Apple gateway host, its `/paymentservices/` path, no port or credentials. */
export function isApplePayValidationUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    APPLE_PAY_GATEWAYS.has(url.hostname) &&
    url.port === '' &&
    !url.username &&
    !url.password &&
    url.pathname.startsWith('/paymentservices/')
  );
}

/**
 * POST /public/payin/{payinId}/wallet/apple-pay/session: Apple Pay's merchant validation.
 * A production service posts to `validationUrl` with its merchant identity certificate; the
 * sandbox, offline, checks the URL as the service must (Apple's gateway hosts only: never an
 * address the caller chooses) and answers a merchant session of Apple's shape, marked a sandbox's.
 * Reads the pay-in without locking it (validation creates nothing). 400 when the merchant does not
 * offer Apple Pay or the URL is not Apple's; 409 for a pay-in that cannot be paid.
 */
export async function startApplePaySession(
  tx: Db,
  principal: Principal,
  id: string,
  request: ApplePaySessionRequest,
  ctx: RequestContext,
): Promise<ApplePaySession> {
  const [row] = await tx.select().from(payins).where(eq(payins.id, id)).limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Pay-in');
  assertProcessable(row);
  const config = await merchantConfig(tx, row.merchantId, ctx);
  if (!(config.settings.wallets ?? []).includes('APPLE_PAY')) throw invalid('the merchant does not offer APPLE_PAY');
  if (!isApplePayValidationUrl(request.validationUrl)) throw invalid('validationUrl: not an Apple Pay validation URL');
  if (!/^[A-Za-z0-9.-]{1,253}$/.test(request.domain)) throw invalid('domain: not a host name');
  const now = Date.now();
  return {
    merchantSession: {
      epochTimestamp: now,
      expiresAt: now + 60 * 60 * 1000,
      merchantSessionIdentifier: newId('sbx_apmsi'),
      nonce: newId('n'),
      merchantIdentifier: `merchant.sandbox.${row.merchantId}`,
      domainName: request.domain,
      displayName: config.settings.displayName.slice(0, 64),
      signature: 'sandbox',
    },
  };
}
