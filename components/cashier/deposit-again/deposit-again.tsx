'use client';
/**
 * The widget's "deposit again": the customer's last paid card deposit, the same amount
 * with the same saved card, in one press; the card page then asks for the card's security code
 * alone. Every rule of the session still holds (the service refuses with the cashier's
 * messages), and a double press or a second tab gets the same deposit, paid at most once
 * (lib/checkout/cashier/deposit-again-action.ts).
 */
import { useActionState, useState } from 'react';
import { useRouter } from 'next/navigation';
import { depositAgain } from '@/lib/checkout/cashier/deposit-again-action';
import type { DepositStepState } from '@/lib/checkout/cashier/deposit-step';
import type { CashierError } from '@/lib/checkout/cashier/cashier-failure';
import { endNotice, PaymentStep } from '../flow/payment-step';

export interface DepositAgainText {
  heading: string;
  button: string;
  card: string;
  processing: string;
  frameTitle: string;
  cancel: string;
  /** The issuer's 3-D Secure challenge, when the card page hands it up (../flow/payment-step.tsx). */
  challenge: { title: string; intro: string };
  done: { success: string; failed: string; other: string };
  errors: Partial<Record<CashierError, string>> & { rejected: string };
}

export function DepositAgain(props: { sessionId: string; payinId: string; locale: string; text: DepositAgainText }) {
  const { text } = props;
  const router = useRouter();
  const [state, formAction, pending] = useActionState<DepositStepState, FormData>(depositAgain, {});
  const [shown, setShown] = useState<DepositStepState['step'] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const step = state.step && shown !== state.step ? state.step : null;

  if (step) {
    return (
      <PaymentStep
        step={step}
        text={text}
        onCancel={() => {
          setShown(step);
          router.refresh();
        }}
        onEnd={(end) => {
          setShown(step);
          setNotice(endNotice(end, text.done));
          router.refresh();
        }}
      />
    );
  }

  return (
    <section aria-labelledby="again-heading" className="space-y-2 rounded-theme border border-line p-3">
      <h2 id="again-heading" className="text-base font-semibold">
        {text.heading}
      </h2>
      <p role="status" className="min-h-5 text-sm">
        {notice}
      </p>
      <form action={formAction} aria-busy={pending} className="space-y-2">
        <input type="hidden" name="sessionId" value={props.sessionId} />
        <input type="hidden" name="payinId" value={props.payinId} />
        <input type="hidden" name="locale" value={props.locale} />
        <p id="again-card" className="text-sm text-fg-muted">
          {text.card}
        </p>
        <button
          disabled={pending}
          aria-describedby="again-card again-error"
          className="min-h-6 w-full rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary disabled:opacity-70"
        >
          {pending ? text.processing : text.button}
        </button>
        <p id="again-error" role="alert" className="min-h-5 text-sm text-danger">
          {state.error ? (text.errors[state.error] ?? text.errors.rejected) : null}
        </p>
      </form>
    </section>
  );
}
