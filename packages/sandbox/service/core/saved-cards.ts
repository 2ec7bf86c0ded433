/**
 * Cards in the sandbox (docs/design.md, section 4): the one analysis of card data a request
 * makes (digits, brand, the checkout's own validation, the form the sandbox keeps), and the
 * customer's saved cards: saving, loading for a pay-in or a payout, and the checks a saved
 * card passes before it pays (expiry, its brand's CVV length). The PAN and the CVV serve the
 * analysis and the keyed hash only; neither is stored nor put in an error.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cards } from '@sandbox/db/schema';
import {
  checkCardNumber,
  isExpiryCurrent,
  maskPan,
  validateCardForm,
  type CardBrand,
  type CardFieldError,
  type CardFormValues,
  cvvFitsBrand,
} from '@hosted-checkout/contract/card-rules';
import { invalid, notFound } from './api-error';
import { keyedHash, newId } from './store';
import type { StoredCard } from '@sandbox/db/stored-shapes';

/** Card data of a request (pay-in and payout card processing, legacy h2h): expiry "MM" and "YYYY"; no CVV for a payout destination. */
interface CardInput {
  cardNumber: string;
  cardHolderName: string;
  expiryMonth: string;
  expiryYear: string;
  cvv?: string;
}

interface CardAnalysis {
  /** The PAN's digits: for the test-card outcome only. */
  digits: string;
  brand: CardBrand | null;
  /** The checkout's errors per field (validateCardForm); empty when the card is valid. */
  errors: Partial<Record<keyof CardFormValues, CardFieldError>>;
  /** The card as the sandbox keeps it (brand, mask, expiry, holder, keyed hash); null for an invalid card. */
  stored: StoredCard | null;
}

/**
 * Analyses card data once for the whole request: brand, length and Luhn, then the checkout's
 * validation (expiry, CVV per brand when `requireCvv`, holder), then the stored form.
 */
export async function analyseCard(tx: Db, data: CardInput, options: { requireCvv: boolean }): Promise<CardAnalysis> {
  const pan = checkCardNumber(data.cardNumber);
  const errors = validateCardForm(
    { cardNumber: pan.digits, expiry: `${data.expiryMonth}/${data.expiryYear}`, cvv: data.cvv, cardHolderName: data.cardHolderName },
    { requireCvv: options.requireCvv, number: pan },
  );
  const valid = pan.brand !== null && Object.keys(errors).length === 0;
  return {
    digits: pan.digits,
    brand: pan.brand,
    errors,
    stored:
      valid && pan.brand
        ? {
            mask: maskPan(pan.digits),
            brand: pan.brand.niceType,
            hash: await keyedHash(tx, pan.digits),
            expiryMonth: data.expiryMonth,
            expiryYear: data.expiryYear,
            holder: data.cardHolderName.trim(),
          }
        : null,
  };
}

/** Refuses an invalid card exactly as the checkout does: 400 naming the first field, never the value. */
export function assertValidCard(card: CardAnalysis): asserts card is CardAnalysis & { stored: StoredCard } {
  if (card.stored) return;
  const [field, error] = Object.entries(card.errors)[0] ?? ['cardNumber', 'cardNumber.unsupported'];
  throw invalid(`cardData.${field}: ${error}`);
}

/** Saves a card for the customer (once per card hash); returns its cardId. */
export async function saveCard(tx: Db, merchantId: string, customerId: string, card: StoredCard): Promise<string> {
  const [existing] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.customerId, customerId), eq(cards.hash, card.hash)))
    .limit(1);
  if (existing) {
    await tx
      .update(cards)
      .set({ expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, holder: card.holder, lastUsedAt: new Date() })
      .where(eq(cards.id, existing.id));
    return existing.id;
  }
  const id = newId('card');
  const { mask, brand, hash, expiryMonth, expiryYear, holder } = card;
  await tx.insert(cards).values({ id, merchantId, customerId, mask, brand, hash, expiryMonth, expiryYear, holder });
  return id;
}

/** The customer's saved card `cardId` as stored, with its cardId. Throws 404 for an unknown card or another customer's. */
export async function loadSavedCard(tx: Db, customerId: string, cardId: string): Promise<StoredCard> {
  const [saved] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.customerId, customerId)))
    .limit(1);
  if (!saved) throw notFound('Saved card');
  const { id, mask, brand, hash, expiryMonth, expiryYear, holder } = saved;
  return { cardId: id, mask, brand, hash, expiryMonth, expiryYear, holder };
}

/** Marks a saved card as just used: the checkout preselects the most recent. */
export async function touchSavedCard(tx: Db, cardId: string): Promise<void> {
  await tx.update(cards).set({ lastUsedAt: new Date() }).where(eq(cards.id, cardId));
}

/** A saved card pays a pay-in when it has not expired and the CVV has its brand's length. Throws 400. */
export function assertSavedCardPayable(card: StoredCard, cvv: string): void {
  if (!isExpiryCurrent({ month: card.expiryMonth, year: card.expiryYear })) throw invalid('savedCardData.cardId: the card has expired');
  if (!cvvFitsBrand(card.brand, cvv)) throw invalid('savedCardData.cvv: cvv.invalid');
}
