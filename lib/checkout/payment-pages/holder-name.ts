/**
 * A card number typed into the holder-name field. A name never holds a long run of digits; a run
 * of CARD_NUMBER_DIGITS or more (any script's decimal digits, with or without spaces, dashes,
 * dots or slashes between them, Luhn-valid or not: the shortest PANs have 12) is treated as card
 * data: the form is not sent, the name is not put back in the re-rendered form, logged or passed
 * on, and the field says "a name, not a card number" (`card.errors.cardHolderName.cardNumber`).
 */
import type { CardFieldError } from '@hosted-checkout/contract/card-rules';

/** Digits in a run that make a holder name card data. */
export const CARD_NUMBER_DIGITS = 12;

/**
 * The holder-name field's error for a name holding a card number. A card field error of its own
 * (packages/contract/src/card-rules.ts, CardFieldError, and the card form's text, components/payment/page-text.ts).
 */
export const HOLDER_NAME_IS_CARD_NUMBER: CardFieldError = 'cardHolderName.cardNumber';

const DIGIT = /^\p{Nd}$/u;
const SEPARATOR = /^[\s\p{Pd}./]$/u;

/**
 * Whether `text` holds a run of CARD_NUMBER_DIGITS or more decimal digits (of any script), allowing
 * spaces, dashes, dots and slashes between them. One pass, no backtracking.
 */
export function holdsCardNumber(text: string): boolean {
  let run = 0;
  for (const char of text) {
    if (DIGIT.test(char)) {
      run += 1;
      if (run >= CARD_NUMBER_DIGITS) return true;
    } else if (!SEPARATOR.test(char)) run = 0;
  }
  return false;
}
