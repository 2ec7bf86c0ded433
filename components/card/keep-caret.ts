/**
 * The caret of a card form's input kept in place while its value is re-formatted (a browser
 * helper of the card form; the digit rules are the contract's, packages/contract/src/card-rules.ts).
 */
import { caretAfterDigits, digitsOnly } from '@hosted-checkout/contract/card-rules';

/**
 * Re-formats an input's value with `format` and keeps the caret after the same number of
 * digits as before, so editing in the middle of a card number or expiry does not throw the
 * caret to the end. Only moves the caret of the focused element.
 */
export function reformatKeepingCaret(input: HTMLInputElement, format: (raw: string) => string): void {
  const caret = input.selectionStart ?? input.value.length;
  const digitsBefore = digitsOnly(input.value.slice(0, caret)).length;
  const atEnd = caret >= input.value.length;
  input.value = format(input.value);
  if (atEnd || input.ownerDocument.activeElement !== input) return;
  const position = caretAfterDigits(input.value, digitsBefore);
  input.setSelectionRange(position, position);
}
