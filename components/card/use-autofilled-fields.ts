'use client';
/**
 * The card form's fields already filled when it hydrates (a browser's autofill, or typing while
 * the page's script was still loading): they get what typed ones get. React fires no change for
 * them: its value tracking starts from them.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatExpiryInput } from '@hosted-checkout/contract/card-rules';
import { reformatKeepingCaret } from './keep-caret';

/**
 * Once, after the first render: the number field's value (if any) is read as typed (`readNumber`:
 * its groups and brand) and handed to the form (`numberField`), the expiry's (if any) gets its
 * slash and is handed to the form (`expiryField`). The values stay in the inputs.
 */
export function useAutofilledFields(
  formRef: RefObject<HTMLFormElement | null>,
  readNumber: (input: HTMLInputElement) => void,
  numberField: UseFormRegisterReturn<'cardNumber'>,
  expiryField: UseFormRegisterReturn<'expiry'>,
) {
  const hydrated = useRef(false);
  useEffect(() => {
    if (hydrated.current) return;
    hydrated.current = true;
    const number = formRef.current?.querySelector<HTMLInputElement>('#cardNumber');
    if (number?.value) {
      readNumber(number);
      void numberField.onChange({ target: number, type: 'change' });
    }
    const expiry = formRef.current?.querySelector<HTMLInputElement>('#expiry');
    if (expiry?.value) {
      reformatKeepingCaret(expiry, formatExpiryInput);
      void expiryField.onChange({ target: expiry, type: 'change' });
    }
  });
}
