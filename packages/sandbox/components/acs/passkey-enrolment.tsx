'use client';
/**
 * The ACS's passkey offer after a passed challenge: "Create a passkey" runs WebAuthn
 * registration with the options the ACS made (the `payment` extension: the passkey can confirm
 * payments by Secure Payment Confirmation) and posts the browser's RegistrationResponseJSON to
 * the ACS's action; a refused or failed registration is said, and "Not now" goes on. The card
 * number is never part of it: the passkey belongs to the card's record at the issuer.
 */
import { useRef, useState } from 'react';

interface PasskeyEnrolmentProps {
  paymentId: string;
  /** The enrolment token of the browser that passed the challenge. */
  token: string;
  /** PublicKeyCredentialCreationOptionsJSON, as the ACS made them. */
  options: Record<string, unknown>;
  action: (form: FormData) => Promise<void>;
  text: { create: string; failed: string; created: string };
}

export function PasskeyEnrolment({ paymentId, token, options, action, text }: PasskeyEnrolmentProps) {
  const form = useRef<HTMLFormElement>(null);
  const credential = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'working' | 'failed' | 'created'>('idle');

  const create = async () => {
    setState('working');
    try {
      const parse = (PublicKeyCredential as unknown as { parseCreationOptionsFromJSON(o: unknown): PublicKeyCredentialCreationOptions })
        .parseCreationOptionsFromJSON;
      const publicKey = parse({ ...options, extensions: undefined });
      // The SPC extension (W3C SPC §5): the parser may not know it, so it is set on the parsed options.
      (publicKey as { extensions?: unknown }).extensions = { payment: { isPayment: true } };
      const made = (await navigator.credentials.create({ publicKey })) as (PublicKeyCredential & { toJSON(): unknown }) | null;
      if (!made || !credential.current || !form.current) throw new Error('no credential');
      credential.current.value = JSON.stringify(made.toJSON());
      setState('created');
      form.current.requestSubmit();
    } catch {
      setState('failed');
    }
  };

  return (
    <form ref={form} action={action} className="space-y-3">
      <input type="hidden" name="paymentId" value={paymentId} />
      <input type="hidden" name="token" value={token} />
      <input ref={credential} type="hidden" name="credential" value="" />
      <button
        type="button"
        onClick={create}
        disabled={state === 'working' || state === 'created'}
        className="rounded-theme bg-primary px-4 py-3 font-semibold text-on-primary"
      >
        {text.create}
      </button>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {state === 'failed' ? text.failed : state === 'created' ? text.created : ''}
      </p>
    </form>
  );
}
