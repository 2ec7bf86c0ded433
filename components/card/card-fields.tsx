/**
 * The card forms' fields (card-form.tsx; the security code of both forms, cvv-field.tsx): a text
 * field with its label, hint and error line tied by `aria-describedby` (the error announced
 * politely), and the cardholder's choice of brand of a co-badged card (EU IFR article 8). No
 * state: the form owns values and messages.
 */
import type { InputHTMLAttributes } from 'react';
import { fieldClass } from '@/components/theme/controls';
import { FieldHint, FormField } from '@/components/form/form-field';

const inputClass = `${fieldClass} w-full`;

export interface CardFieldProps {
  /** The input's id ('cardNumber', 'expiry', 'cvv', 'cardHolderName', 'saved-cvv'); the hint's and the error's are `${id}-hint`, `${id}-error`. */
  id: string;
  label: string;
  /** Shown under the label and tied to the input; none for the holder's name. */
  hint?: string;
  /** The field's error, or undefined. */
  message?: string;
  /** The input's own attributes (react-hook-form's registration, handlers, autocomplete…). */
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };
  /** Extra classes of the input. */
  inputClassName?: string;
}

/** One field of the card form. */
export function CardField({ id, label, hint, message, input, inputClassName = '' }: CardFieldProps) {
  const describedBy = [hint !== undefined ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(' ');
  return (
    <FormField id={id} label={label}>
      {hint !== undefined ? <FieldHint id={id}>{hint}</FieldHint> : null}
      <input
        id={id}
        {...input}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} mt-1 ${inputClassName}`.trim()}
      />
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-danger" aria-live="polite">
        {message}
      </p>
    </FormField>
  );
}

/**
 * A card form's banner (use-decline-banner.ts): an alert region always in the page, so that it
 * can be focused when a decline arrives, drawn as a box only with a `banner`; `spacing` classes
 * go before the box's own.
 */
export function DeclineBanner({ banner, spacing, ref }: { banner: string | null; spacing?: string; ref: React.Ref<HTMLDivElement> }) {
  const box = 'rounded-theme border border-danger bg-danger-soft p-3 text-sm text-danger';
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={banner ? `${spacing ? `${spacing} ` : ''}${box}` : ''}>
      {banner}
    </div>
  );
}

/** The two brands of a co-badged card as a radio group, defaulting to `preferred`. */
export function CoBadgedChoice(props: { brands: string[]; preferred: string; legend: string; hint: string }) {
  return (
    <fieldset className="mb-2" aria-describedby="brand-choice-hint">
      <legend className="text-sm font-medium">{props.legend}</legend>
      <p id="brand-choice-hint" className="text-sm text-fg-muted">
        {props.hint}
      </p>
      <div className="mt-1 flex flex-wrap gap-4">
        {props.brands.map((name) => (
          <label key={name} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="preferredBrand"
              value={name}
              defaultChecked={name === props.preferred}
              className="size-4 accent-primary"
            />
            {name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
