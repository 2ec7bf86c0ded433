'use client';
/**
 * One method of the APM page's list. The server's HTML renders one method's form only: the one
 * the address chose (`?method=`), or the only one; every other method is a link to its own
 * address, which renders its form (the list without JavaScript). Once the page runs, each method
 * is a disclosure (`<details>`) that opens its form in place, every form rendered here from the
 * descriptors once the page runs (so a keyboard reaches a field as soon as its method opens); the
 * chosen one keeps the form the server rendered.
 */
import { useSyncExternalStore } from 'react';
import { MethodForm, type MethodFormText } from './method-form';
import type { MethodFormState } from '@/lib/checkout/payment-pages/apm-action';
import type { FieldDescriptor } from '@/lib/checkout/payment-pages/method-fields';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

/** A method as the list shows it: `href` opens its form without JavaScript; `fields` labelled in the page's language. */
export interface ListedMethod {
  id: string;
  name: string;
  href: string;
  attemptKey: string;
  fields: FieldDescriptor[];
  text: MethodFormText;
}

interface MethodChoiceProps {
  method: ListedMethod;
  /** Open with its form in the server's HTML: chosen by `?method=`, or the only method. */
  open: boolean;
  action: (previous: MethodFormState, form: FormData) => Promise<MethodFormState>;
  transactionType: CheckoutTransactionType;
  paymentId: string;
  locale: string;
  acceptHeader: string;
}

const noSubscription = () => () => {};
/** False in the server's HTML and while hydrating, true once the page runs. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The method as a link to its own form (before the page runs), else as a disclosure opening the form in place. */
export function MethodChoice({ method, open, ...form }: MethodChoiceProps) {
  const hydrated = useHydrated();
  if (!hydrated && !open) {
    // Styled as the disclosure it becomes (the same marker, which turns with the writing direction).
    return (
      <div className="rounded-theme border border-line p-3">
        <a href={method.href} className="list-item list-inside list-[disclosure-closed] cursor-pointer font-semibold">
          {method.name}
        </a>
      </div>
    );
  }
  return (
    <details className="rounded-theme border border-line p-3" open={open}>
      <summary className="cursor-pointer font-semibold">{method.name}</summary>
      {/* Every form is in the page once it runs (a closed disclosure's content is neither shown nor
          focusable), so a keyboard that opens a method and tabs on at once reaches its first field. */}
      <div className="mt-3">
        <MethodForm {...form} initialAttemptKey={method.attemptKey} methodId={method.id} fields={method.fields} text={method.text} />
      </div>
    </details>
  );
}
