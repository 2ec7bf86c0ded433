/**
 * Germany: the customer's way to ask for a monthly deposit limit above the EUR 1,000 the rules
 * allow (GlüStV 2021 §6c(1) S.3; docs/design.md, section 8), in the responsible gambling panel.
 * Offered to a GGL customer whose monthly limit is at the ceiling in force; then the request's
 * state: waiting for the merchant, approved (the new ceiling, which a raise of the limit then
 * reaches after 7 days), or declined (the merchant's reason). The form is a plain multipart post
 * to /api/cashier/{sessionId}/limit-raise (the same with and without JavaScript), which answers
 * back here with `?limitRaiseError=` naming the field at fault. A server component.
 */
import { LIMIT_RAISE_CURRENCY, LIMIT_RAISE_MAX } from '@hosted-checkout/contract/responsible-gambling/limit-raise';
import { money } from '@/lib/checkout/cashier/format-money';
import { actionClass, decimalInput, FieldError, FieldHint, FormField } from '@/components/form/form-field';
import { LIMIT_RAISE_FORM_ERRORS, type LimitRaiseFormError } from '@/lib/checkout/cashier/responsible-gambling/limit-raise-form';
import { dateText, type PanelProps, type ResponsibleGamblingMessages } from './panel-text';

/** The error a post answered with (`?limitRaiseError=`), when it is one the form knows. */
export const limitRaiseErrorOf = (value: string | string[] | undefined): LimitRaiseFormError | undefined =>
  LIMIT_RAISE_FORM_ERRORS.find((e) => e === value);

/** The field each error is shown beside (the others: the form's own line). */
const FIELD_OF: Partial<Record<LimitRaiseFormError, 'income' | 'ceiling' | 'document'>> = {
  income: 'income',
  ceiling: 'ceiling',
  documentType: 'document',
  documentSize: 'document',
};

const fieldClass = 'mt-1 block min-h-6 w-full rounded-theme border border-control bg-surface px-3 py-2';

/** The request's state and the form, for a GGL customer in a EUR session; nothing otherwise. */
export function LimitRaise({
  g,
  session,
  rg,
  locale,
  error,
}: Omit<PanelProps, 'merchantUrl'> & { g: ResponsibleGamblingMessages; error?: LimitRaiseFormError }) {
  const ceiling = rg.monthlyCeiling;
  if (ceiling === undefined || !rg.regulators.includes('GGL') || session.currency !== LIMIT_RAISE_CURRENCY) return null;
  const eur = (amount: number) => money(amount, LIMIT_RAISE_CURRENCY, locale);
  const request = rg.limitRaise;
  const atCeiling = (rg.limits.month ?? 0) >= ceiling;
  const id = 'limit-raise';
  const fieldError = error ? FIELD_OF[error] : undefined;
  const errorText = (e: LimitRaiseFormError) =>
    e === 'ceiling'
      ? g('limitRaise.errors.ceiling', { ceiling: eur(ceiling), max: eur(LIMIT_RAISE_MAX) })
      : e === 'unavailable' || e === 'rejected'
        ? g(`errors.${e}`)
        : g(`limitRaise.errors.${e}`);
  const describedBy = (field: 'income' | 'ceiling' | 'document') =>
    `${id}-${field}-hint${fieldError === field ? ` ${id}-${field}-error` : ''}`;
  let state = null;
  if (request?.status === 'pending')
    state = (
      <p role="status" data-testid="limit-raise-pending">
        {g('limitRaise.pending', {
          amount: eur(request.requestedCeiling),
          date: dateText(request.createdAt, locale),
          ceiling: eur(ceiling),
        })}
      </p>
    );
  else if (request?.status === 'approved' && request.approvedCeiling !== undefined)
    state = (
      <p role="status" data-testid="limit-raise-approved">
        {g('limitRaise.approved', { amount: eur(request.approvedCeiling) })}
      </p>
    );
  else if (request?.status === 'declined')
    state = (
      <p role="status" data-testid="limit-raise-declined">
        {g('limitRaise.declined', { amount: eur(request.requestedCeiling), reason: request.declineReason ?? '' })}
      </p>
    );
  const offer = request?.status !== 'pending' && atCeiling && ceiling < LIMIT_RAISE_MAX;
  if (!state && !offer) return null;
  return (
    <div id={id} tabIndex={-1} className="space-y-2" data-testid="limit-raise">
      {state}
      {offer ? (
        <details open={error !== undefined} className="rounded-theme border border-control p-3">
          <summary className="min-h-6 cursor-pointer font-medium text-primary">{g('limitRaise.offer')}</summary>
          <form
            method="post"
            action={`/api/cashier/${encodeURIComponent(session.sessionId)}/limit-raise`}
            encType="multipart/form-data"
            className="mt-3 space-y-3"
            aria-describedby={`${id}-intro`}
          >
            <p id={`${id}-intro`} className="text-sm">
              {g('limitRaise.intro', { ceiling: eur(ceiling) })}
            </p>
            {error && !fieldError ? (
              <p role="alert" className="text-sm text-danger">
                {errorText(error)}
              </p>
            ) : null}
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="numberLocale" value={locale} />
            <FormField id={`${id}-income`} label={g('limitRaise.income')}>
              <input
                id={`${id}-income`}
                name="income"
                required
                {...decimalInput}
                aria-describedby={describedBy('income')}
                aria-invalid={fieldError === 'income' || undefined}
                className={fieldClass}
              />
              <FieldHint id={`${id}-income`}>{g('limitRaise.incomeHint')}</FieldHint>
              <FieldError id={`${id}-income`}>{fieldError === 'income' && error ? errorText(error) : null}</FieldError>
            </FormField>
            <FormField id={`${id}-ceiling`} label={g('limitRaise.ceiling')}>
              <input
                id={`${id}-ceiling`}
                name="ceiling"
                required
                {...decimalInput}
                aria-describedby={describedBy('ceiling')}
                aria-invalid={fieldError === 'ceiling' || undefined}
                className={fieldClass}
              />
              <FieldHint id={`${id}-ceiling`}>
                {g('limitRaise.ceilingHint', { ceiling: eur(ceiling), max: eur(LIMIT_RAISE_MAX) })}
              </FieldHint>
              <FieldError id={`${id}-ceiling`}>{fieldError === 'ceiling' && error ? errorText(error) : null}</FieldError>
            </FormField>
            <FormField id={`${id}-document`} label={g('limitRaise.document')}>
              <input
                id={`${id}-document`}
                name="document"
                type="file"
                accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
                aria-describedby={describedBy('document')}
                aria-invalid={fieldError === 'document' || undefined}
                className="mt-1 block w-full text-sm"
              />
              <FieldHint id={`${id}-document`}>{g('limitRaise.documentHint')}</FieldHint>
              <FieldError id={`${id}-document`}>{fieldError === 'document' && error ? errorText(error) : null}</FieldError>
            </FormField>
            <button className={actionClass.primary}>{g('limitRaise.send')}</button>
          </form>
        </details>
      ) : null}
    </div>
  );
}
