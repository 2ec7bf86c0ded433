'use client';
/**
 * One alternative payment method's form, rendered from its field descriptors (the methods list): every
 * field type through `controlFor`, the same rules as the server through `checkFields`, errors
 * tied to their fields. Posts to `payByMethod`; works without JavaScript.
 */
import { fieldClass, SubmitButton } from '@/components/theme/controls';
import { useActionState, useRef, useState, type FormEvent } from 'react';
import { submitPaymentForm } from '@/lib/checkout/payment-pages/submit-payment-form';
import type { MethodFormState } from '@/lib/checkout/payment-pages/apm-action';
import { checkField, controlFor, type FieldDescriptor, type FieldError } from '@/lib/checkout/payment-pages/method-fields';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

export interface MethodFormText {
  submit: string;
  processing: string;
  choose: string;
  optional: string;
  fieldErrors: Record<FieldError, string>;
}

interface MethodFormProps {
  action: (previous: MethodFormState, form: FormData) => Promise<MethodFormState>;
  transactionType: CheckoutTransactionType;
  paymentId: string;
  locale: string;
  acceptHeader: string;
  initialAttemptKey: string;
  methodId: string;
  /** The method's fields, each `label` already in the page's language. */
  fields: FieldDescriptor[];
  text: MethodFormText;
}

const inputClass = `${fieldClass} mt-1 w-full`;

export function MethodForm(props: MethodFormProps) {
  const { fields, text, methodId } = props;
  const [state, formAction, pending] = useActionState<MethodFormState, FormData>(props.action, { attemptKey: props.initialAttemptKey });
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const id = (name: string) => `${methodId}-${name}`;
  const errorOf = (name: string) => errors[name] ?? state.fieldErrors?.[name];

  const validate = (field: FieldDescriptor, value: string) => {
    const error = checkField(field, value);
    setErrors((previous) => {
      const next = { ...previous };
      if (error) next[field.name] = error;
      else delete next[field.name];
      return next;
    });
    return error;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = formRef.current;
    if (!form || pending) return;
    let firstInvalid: HTMLElement | null = null;
    for (const field of fields) {
      const element = form.elements.namedItem(`field:${field.name}`) as HTMLInputElement | HTMLSelectElement | null;
      if (validate(field, element?.value ?? '') && !firstInvalid) firstInvalid = element;
    }
    if (firstInvalid) {
      firstInvalid.focus();
      return;
    }
    submitPaymentForm(form, formAction);
  };

  return (
    <form ref={formRef} action={formAction} onSubmit={onSubmit} noValidate aria-busy={pending} className="space-y-1">
      <input type="hidden" name="transactionType" value={props.transactionType} />
      <input type="hidden" name="paymentId" value={props.paymentId} />
      <input type="hidden" name="methodId" value={methodId} />
      <input type="hidden" name="locale" value={props.locale} />
      <input type="hidden" name="attemptKey" value={state.attemptKey} />
      <input type="hidden" name="acceptHeader" value={props.acceptHeader} />
      <input type="hidden" name="browser" defaultValue="" />
      {state.formError && state.banner ? (
        <div role="alert" className="mb-3 rounded-theme border border-danger bg-danger-soft p-3 text-sm text-danger">
          {state.banner}
        </div>
      ) : null}
      {fields.map((field) => {
        const control = controlFor(field);
        const error = errorOf(field.name);
        const label = field.label;
        const common = {
          id: id(field.name),
          name: `field:${field.name}`,
          defaultValue: state.values?.[field.name] ?? '',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': `${id(field.name)}-error`,
          'aria-required': field.required || undefined,
          onBlur: (event: { target: { value: string } }) => {
            if (event.target.value !== '' || errors[field.name]) validate(field, event.target.value);
          },
          className: inputClass,
        };
        return (
          <div key={field.name}>
            <label htmlFor={id(field.name)} className="block text-sm font-medium">
              {label}
              {field.required ? null : <span className="font-normal text-fg-muted"> ({text.optional})</span>}
            </label>
            {control.element === 'select' ? (
              <select {...common}>
                <option value="">{text.choose}</option>
                {field.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={control.inputType}
                inputMode={control.inputMode}
                autoComplete={control.autoComplete}
                maxLength={control.maxLength}
              />
            )}
            <p id={`${id(field.name)}-error`} aria-live="polite" className="mt-1 min-h-5 text-sm text-danger">
              {error ? text.fieldErrors[error] : null}
            </p>
          </div>
        );
      })}
      <SubmitButton pending={pending} label={text.submit} processing={text.processing} />
    </form>
  );
}
