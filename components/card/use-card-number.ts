'use client';
/** The card number as the customer types it: shown in its brand's digit groups, its brand and digits kept. */
import { useState } from 'react';
import { checkCardNumber, formatCardNumber, type CardBrand } from '@hosted-checkout/contract/card-rules';
import { reformatKeepingCaret } from './keep-caret';

/**
 * `brand` (null until recognised) and `digits` (the number's digits only) of the number field, for
 * the hint, the CVV's size and the BIN facts; `readNumber(input)` reformats the input in place
 * (caret kept) and reads them. They stay in this component's memory: nothing stores or logs them.
 */
export function useTypedCardNumber() {
  const [brand, setBrand] = useState<CardBrand | null>(null);
  const [digits, setDigits] = useState('');
  /** The number as typed: in its brand's groups, with the brand and digits kept for the hint, the CVV's size and the BIN facts. */
  const readNumber = (input: HTMLInputElement) => {
    const check = checkCardNumber(input.value);
    reformatKeepingCaret(input, () => formatCardNumber(check.digits, check.brand?.gaps));
    setBrand(check.brand);
    setDigits(check.digits);
  };
  return { brand, digits, readNumber };
}
