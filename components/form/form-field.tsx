/**
 * The pieces every cashier, responsible gambling and card form repeats (docs/design.md, the
 * forms' accessibility): a labelled field (the label above its control, tied by `htmlFor`), its
 * hint and error lines (`${id}-hint`, `${id}-error`, for the control's `aria-describedby`), and
 * the step buttons of a form posted with an `intent`. Plain components: usable from server and
 * client components alike; the form owns values, state and messages.
 */
import type { ReactNode } from 'react';

/** The classes of a form's step buttons and links: the main step, and the other choices. */
export const actionClass = {
  primary: 'min-h-6 rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary',
  secondary: 'min-h-6 rounded-theme border border-control px-4 py-2 font-semibold',
} as const;

/** The attributes of a typed amount: a decimal keyboard, no autofill, digits left to right in every language. */
export const decimalInput = { inputMode: 'decimal', autoComplete: 'off', dir: 'ltr' } as const;

/** The attributes of a form's `amount` field (decimalInput, posted as `amount`). */
export const amountInput = { name: 'amount', ...decimalInput } as const;

/** A field: `label` above the control whose id is `id`, then the control and its lines (`children`). */
export function FormField(props: { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="block text-sm font-medium">
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/** The hint line of the field `id` (`${id}-hint`), muted. */
export function FieldHint(props: { id: string; children: ReactNode }) {
  return (
    <p id={`${props.id}-hint`} className="text-sm text-fg-muted">
      {props.children}
    </p>
  );
}

/** The error line of the field `id` (`${id}-error`): always there (its height kept), empty without an error. */
export function FieldError(props: { id: string; children: ReactNode }) {
  return (
    <p id={`${props.id}-error`} className="min-h-5 text-sm text-danger">
      {props.children}
    </p>
  );
}

/** A submit button saying `label` and posting `intent=value`, disabled while `pending`; `kind` 'primary' for the main step. */
export function IntentButton(props: { value: string; pending: boolean; kind: keyof typeof actionClass; label: string }) {
  return (
    <button name="intent" value={props.value} disabled={props.pending} className={actionClass[props.kind]}>
      {props.label}
    </button>
  );
}
