'use client';
/**
 * The customer's own financial limits (responsible gambling; UKGC RTS 12): deposit limits, loss
 * limits and net deposit limits, at one level of one form, deposit limits first, each per day,
 * week and month (empty: no limit), in two steps: the form, then a review of what each change does (now, or from a date after the cooling-off),
 * then the confirmation; also the confirmation of raises whose cooling-off is over (UKGC), and,
 * before a first deposit where the rules only ask, "no limits for now". Works without JavaScript
 * (each step is the action's answer); with it, the page reloads its figures once saved.
 * Labels, hints and errors are tied to each field (aria-describedby), the review heading takes
 * the focus, and the outcome is announced.
 */
import { useActionState, useEffect, useId, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { changeLimits, type LimitsState, type ShownChange } from '@/lib/checkout/cashier/responsible-gambling/responsible-gambling-action';
import { limitField } from '@/lib/checkout/cashier/responsible-gambling/limit-fields';
import type { LimitKind } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { fieldClass } from '@/components/theme/controls';
import { decimalInput, FormField, IntentButton } from '@/components/form/form-field';
import { dateText } from './panel-text';
import type { Period } from '@hosted-checkout/contract/responsible-gambling/limits';

const PERIODS: Period[] = ['day', 'week', 'month'];
const KINDS: LimitKind[] = ['deposit', 'loss', 'netDeposit'];

/** The text of one kind of limit: its heading and what it counts; for loss and net deposit limits, its field labels and review lines per period. */
export interface KindText {
  heading: string;
  hint: string;
  labels?: Record<Period, string>;
  changeNow?: Record<Period, string>;
  changeLater?: Record<Period, string>;
}

export interface LimitsFormText {
  labels: Record<Period, string>;
  /** Per period, where its limit in force was set when that was another currency: "(set in GBP: £50.00)"; '' otherwise. */
  setIn?: Partial<Record<Period, string>>;
  emptyHint: string;
  requiredHint: string;
  review: string;
  reviewHeading: string;
  /** Per period, with {from}, {to} (and {date}) to fill. */
  changeNow: Record<Period, string>;
  changeLater: Record<Period, string>;
  none: string;
  confirm: string;
  edit: string;
  saved: string;
  decline: string;
  confirmReady: string;
  errors: { invalid: string; ceiling: string; unavailable: string; rejected: string; noChange: string; required: Record<Period, string> };
  /** Per kind of limit (deposit limits' labels and lines are the fields above). */
  kinds: Record<LimitKind, KindText>;
}

interface Props {
  sessionId: string;
  numberLocale: string;
  currency: string;
  /** `ASK` and `REQUIRED`: before a first deposit (ASK offers "no limits for now"). */
  mode: 'manage' | 'ASK' | 'REQUIRED';
  /** The deposit limits in force, in the session currency (converted where set in another), as typed in the page's number format ('' for none). */
  initial: Record<Period, string>;
  /** The loss and net deposit limits shown, per field (`lossDay`, `netDepositMonth`…), as `initial`. */
  initialOther?: Record<string, string>;
  required: Period[];
  /** Lines of raises ready to confirm (UKGC); the confirm button shows with them. */
  ready: string[];
  text: LimitsFormText;
}

/** One change in words: the period's template with the amounts (or "no limit") and the date filled in. */
function changeLine(change: ShownChange, props: Props): string {
  const money = (v: number | null) =>
    v === null ? props.text.none : new Intl.NumberFormat(props.numberLocale, { style: 'currency', currency: props.currency }).format(v);
  const kind = props.text.kinds[change.kind ?? 'deposit'];
  const template =
    change.kind && change.kind !== 'deposit' && kind.changeNow && kind.changeLater
      ? (change.effectiveAt ? kind.changeLater : kind.changeNow)[change.period]
      : change.effectiveAt
        ? props.text.changeLater[change.period]
        : props.text.changeNow[change.period];
  const date = change.effectiveAt ? dateText(change.effectiveAt, props.numberLocale) : '';
  return template.replace('{from}', money(change.from)).replace('{to}', money(change.to)).replace('{date}', date);
}

export function LimitsForm(props: Props) {
  const { text } = props;
  const router = useRouter();
  const [state, formAction, pending] = useActionState<LimitsState, FormData>(changeLimits, { step: 'edit', values: props.initial });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Ids of this form's fields: two forms on a page (the panel's and the first deposit's) never share one.
  const id = useId();
  const values: Partial<Record<string, string>> = { ...props.initial, ...props.initialOther, ...state.values };

  useEffect(() => {
    if (state.step === 'review') headingRef.current?.focus();
    if (state.step === 'saved') {
      // The confirm button is gone: the focus goes to the outcome, which is also announced.
      statusRef.current?.focus();
      router.refresh();
    }
  }, [state, router]);

  const errorText = state.error
    ? state.error === 'required'
      ? text.errors.required[state.period ?? 'month']
      : state.error === 'noChange'
        ? text.errors.noChange
        : text.errors[state.error]
    : null;
  const hidden = (
    <>
      <input type="hidden" name="sessionId" value={props.sessionId} />
      <input type="hidden" name="numberLocale" value={props.numberLocale} />
    </>
  );

  if (state.step === 'review' && state.changes) {
    return (
      <form action={formAction} className="space-y-3" aria-busy={pending}>
        {hidden}
        {KINDS.flatMap((k) => PERIODS.map((p) => limitField(k, p))).map((f) => (
          <input key={f} type="hidden" name={f} value={values[f] ?? ''} />
        ))}
        <h3 ref={headingRef} tabIndex={-1} className="font-semibold">
          {text.reviewHeading}
        </h3>
        <ul className="list-disc space-y-1 ps-5 text-sm" data-testid="limit-changes">
          {state.changes.map((c) => (
            <li key={`${c.kind}-${c.period}`}>{changeLine(c, props)}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <IntentButton value="confirm" pending={pending} kind="primary" label={text.confirm} />
          <IntentButton value="edit" pending={pending} kind="secondary" label={text.edit} />
        </div>
      </form>
    );
  }

  return (
    <form action={formAction} noValidate className="space-y-3" aria-busy={pending}>
      {hidden}
      <p ref={statusRef} tabIndex={-1} role="status" className="min-h-5 text-sm font-medium" data-testid="limits-status">
        {state.step === 'saved' ? [text.saved, ...(state.changes ?? []).map((c) => changeLine(c, props))].join(' ') : null}
      </p>
      {props.ready.length > 0 ? (
        <div className="space-y-2 rounded-theme border border-primary p-3 text-sm">
          <ul className="space-y-1">
            {props.ready.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <IntentButton value="confirmReady" pending={pending} kind="primary" label={text.confirmReady} />
        </div>
      ) : null}
      {KINDS.map((kind) => (
        <fieldset key={kind} className="space-y-2" aria-describedby={`${id}-${kind}-about`} data-testid={`limits-${kind}`}>
          <legend className="font-semibold">{text.kinds[kind].heading}</legend>
          <p id={`${id}-${kind}-about`} className="text-xs text-fg-muted">
            {text.kinds[kind].hint}
          </p>
          <div className="grid gap-3 sm:grid-cols-3">
            {PERIODS.map((p) => {
              const field = limitField(kind, p);
              const invalid =
                (state.kind ?? 'deposit') === kind &&
                state.period === p &&
                (state.error === 'invalid' || state.error === 'required' || state.error === 'ceiling');
              const required = kind === 'deposit' && props.required.includes(p);
              const label = kind === 'deposit' ? text.labels[p] : (text.kinds[kind].labels?.[p] ?? text.labels[p]);
              return (
                <FormField key={field} id={`${id}-${field}`} label={label}>
                  <input
                    id={`${id}-${field}`}
                    name={field}
                    {...decimalInput}
                    defaultValue={values[field] ?? ''}
                    required={required}
                    aria-invalid={invalid || undefined}
                    aria-describedby={`${id}-${field}-hint${invalid ? ` ${id}-error` : ''}`}
                    className={`${fieldClass} mt-1 w-full`}
                  />
                  <p id={`${id}-${field}-hint`} className="text-xs text-fg-muted">
                    {required ? text.requiredHint : text.emptyHint}
                    {kind === 'deposit' && text.setIn?.[p] ? <span data-testid="limit-set-in"> {text.setIn[p]}</span> : null}
                  </p>
                </FormField>
              );
            })}
          </div>
        </fieldset>
      ))}
      <p id={`${id}-error`} aria-live="polite" className="min-h-5 text-sm text-danger">
        {errorText}
      </p>
      <div className="flex flex-wrap gap-3">
        <IntentButton value="review" pending={pending} kind="primary" label={text.review} />
        {props.mode === 'ASK' ? <IntentButton value="decline" pending={pending} kind="secondary" label={text.decline} /> : null}
      </div>
    </form>
  );
}
