/**
 * The themed controls every payment form shares (card, saved card, APM, cashier): the text
 * field's classes and the submit button, locked while the request is in flight. Plain
 * components: usable from server and client components alike.
 */

/** A text field in the theme: control border (3:1), page background, danger border when invalid. Width is the caller's. */
export const fieldClass =
  'block rounded-theme border border-control bg-page px-3 py-2.5 text-base text-fg placeholder:text-fg-muted aria-[invalid=true]:border-danger';

/** The form's full-width submit button; says `processing` and is disabled while `pending`. */
export function SubmitButton(props: { pending: boolean; disabled?: boolean; label: string; processing: string; className?: string }) {
  return (
    <button
      type="submit"
      disabled={props.pending || props.disabled}
      className={`w-full rounded-theme bg-primary px-4 py-3 text-base font-semibold text-on-primary hover:bg-primary-strong disabled:cursor-wait disabled:opacity-70 ${props.className ?? ''}`}
    >
      {props.pending ? props.processing : props.label}
    </button>
  );
}
