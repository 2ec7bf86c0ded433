/**
 * react-hook-form resolver of the card form over the shared card rules (`card-rules.ts`, on
 * card-validator). Error messages are the rules' error keys, turned into catalogue text by
 * the form. It replaces a zod/mini schema that only wrapped the same rules and cost the
 * card page about 20 KB of gzip JavaScript (docs/design.md, section 7: ≤ 30 KB).
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { validateCardForm, type CardFormValues } from '@hosted-checkout/contract/card-rules';

export interface CardFormInput extends CardFormValues {
  saveCard?: boolean;
}

export function cardFormResolver(options: { requireCvv: boolean }): Resolver<CardFormInput> {
  return async (values) => {
    const errors = Object.entries(validateCardForm(values, options));
    if (errors.length === 0) return { values, errors: {} };
    const fieldErrors: FieldErrors<CardFormInput> = {};
    for (const [field, key] of errors) fieldErrors[field as keyof CardFormValues] = { type: 'validate', message: key };
    return { values: {}, errors: fieldErrors };
  };
}
