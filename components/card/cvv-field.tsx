/**
 * The security code (CVV, CVC, CID) field of both card forms, the new card's (card-form.tsx) and
 * the saved cards' (saved-cards.tsx), so that the two cannot drift apart: the same markup as the
 * other card fields (CardField: label, hint and error tied by `aria-describedby`, the error
 * announced politely), the same hint (the brand's number of digits), the same error texts
 * (`card.cvvHint`, `card.errors.cvv.*`), the same rule (`checkCvv` in packages/contract/src/card-rules.ts: the
 * brand's length from card-validator), `autocomplete="cc-csc"` and a numeric keyboard. The
 * input is named `cvv`, the name both server actions read, so either form posts alike without
 * JavaScript. No state, and no value or defaultValue: the code is never put back in a page.
 */
import type { InputHTMLAttributes, Ref } from 'react';
import { CardField } from './card-fields';

/** Catalogue text of the field, one set of keys for a new card and a saved one (components/payment/page-text.ts). */
export interface CvvFieldText {
  /** `card.cvvHint` for 3 and for 4 digits. */
  cvvHint3: string;
  cvvHint4: string;
  /** `card.errors.cvv.required`, `card.errors.cvv.invalid`. */
  cvvRequired: string;
  cvvInvalid: string;
}

export interface CvvFieldProps {
  /** The input's id ('cvv' in the new-card form, 'saved-cvv' in the saved cards'); the hint's and the error's are `${id}-hint`, `${id}-error`. */
  id: string;
  /** The form's own label (`card.cvv`, `card.savedCvv`): distinct, as both forms may be on one page. */
  label: string;
  /** The brand's code length (card-validator: 3, or 4 for American Express): the hint and the input's maxlength. */
  size: number;
  /** An error key of the card rules (`checkCvv`'s, or the server's `fieldErrors.cvv`); any key but `cvv.required` reads as `cvv.invalid`. */
  error?: string;
  text: CvvFieldText;
  /** The form's handlers and ref (react-hook-form's registration, or the saved cards' own checks). */
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'onBlur'> & { ref?: Ref<HTMLInputElement> };
}

/** The error text of an error key of the security code, or undefined for none. */
export function cvvMessage(error: string | undefined, text: CvvFieldText): string | undefined {
  if (!error) return undefined;
  return error === 'cvv.required' ? text.cvvRequired : text.cvvInvalid;
}

/** The security code field of a card form. */
export function CvvField({ id, label, size, error, text, input }: CvvFieldProps) {
  return (
    <CardField
      id={id}
      label={label}
      hint={size === 4 ? text.cvvHint4 : text.cvvHint3}
      message={cvvMessage(error, text)}
      input={{
        ...input,
        name: 'cvv',
        type: 'text',
        inputMode: 'numeric',
        autoComplete: 'cc-csc',
        maxLength: size,
        dir: 'ltr',
      }}
    />
  );
}
