/**
 * A withdrawal waiting for its destination (payout CREATED: the customer left the card or account
 * step) in the pending list of the cashier and the widget: what it waits for, a link back to that
 * step, and a form that cancels it at once, releasing its amount. Plain HTML: both work without
 * JavaScript (the form posts to the `cancelWithdrawal` server action, lib/checkout/cashier/cashier-action.ts).
 */

export interface UnfinishedWithdrawalText {
  /** Why it waits and what happens if it is left. */
  hint: string;
  continueLink: string;
  /** "Continue the withdrawal of {amount}". */
  continueLinkLabel: string;
  cancel: string;
  /** "Cancel the withdrawal of {amount}". */
  cancelLabel: string;
}

/** What the cancel form posts besides the payout: the session, the page it comes back to, its `?locale=` ('' for none). */
export interface UnfinishedWithdrawalForm {
  action: (form: FormData) => Promise<void>;
  sessionId: string;
  view: 'cashier' | 'widget';
  locale: string;
}

/**
 * The hint, "Continue" (`continueHref`, the page's address ending in `continue=`, completed with the
 * payout id) and "Cancel" of payout `payoutId`; `amount` is its formatted amount, named in the labels.
 */
export function UnfinishedWithdrawal(props: {
  payoutId: string;
  amount: string;
  continueHref: string;
  form: UnfinishedWithdrawalForm;
  text: UnfinishedWithdrawalText;
}) {
  const { payoutId, amount, form, text } = props;
  return (
    <div data-testid="unfinished" className="basis-full space-y-1">
      <p className="text-fg-muted">{text.hint}</p>
      <form action={form.action} className="flex flex-wrap items-center gap-x-4">
        <input type="hidden" name="sessionId" value={form.sessionId} />
        <input type="hidden" name="payoutId" value={payoutId} />
        <input type="hidden" name="view" value={form.view} />
        <input type="hidden" name="locale" value={form.locale} />
        <a
          href={`${props.continueHref}${encodeURIComponent(payoutId)}`}
          aria-label={text.continueLinkLabel.replace('{amount}', amount)}
          className="min-h-6 py-1 font-semibold text-primary underline"
        >
          {text.continueLink}
        </a>
        <button aria-label={text.cancelLabel.replace('{amount}', amount)} className="min-h-6 py-1 text-danger underline">
          {text.cancel}
        </button>
      </form>
    </div>
  );
}
