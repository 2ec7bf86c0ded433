/**
 * The frame of the sandbox bank's pages (browser and app): the bank's name, the page's heading,
 * what is being paid to whom, and the note that the page stands in for the bank in the sandbox.
 */
import type { ReactNode } from 'react';

/** The page: bank name, heading (h1), optional summary, the sandbox note, then the step. */
export function BankShell(props: { bankName: string; heading: string; paying?: string; note: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-md space-y-4 px-4 py-6">
      {props.bankName ? <p className="text-sm font-semibold tracking-wide text-fg-muted uppercase">{props.bankName}</p> : null}
      <h1 className="text-xl font-semibold">{props.heading}</h1>
      {props.paying ? <p className="text-base font-medium">{props.paying}</p> : null}
      <p className="text-sm text-fg-muted">{props.note}</p>
      {props.children}
    </main>
  );
}

/** A message tied to a form (role alert), or nothing. */
export function BankError(props: { id: string; message: string | null }) {
  return (
    <p id={props.id} className="min-h-5 text-sm text-danger" role={props.message ? 'alert' : undefined}>
      {props.message}
    </p>
  );
}
