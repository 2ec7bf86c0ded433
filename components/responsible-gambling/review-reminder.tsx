'use client';
/**
 * The six-monthly reminder to review one's financial limits and account history (UKGC RTS 12;
 * docs/design.md, section 8): a region near the top of the cashier with links to the limits
 * (#responsible-gambling-limits) and the history (#history-heading) of the page, and a button that dismisses it
 * until the next six months (the service remembers it per customer). A server action's form:
 * without JavaScript the page answers with the outcome; with it, the outcome is announced and
 * takes the focus.
 */
import { useActionState, useEffect, useRef } from 'react';
import { dismissReview, type ReviewState } from '@/lib/checkout/cashier/responsible-gambling/responsible-gambling-action';
import { PanelSection } from './panel-section';

export interface ReviewReminderText {
  heading: string;
  body: string;
  limits: string;
  history: string;
  dismiss: string;
  done: string;
  errors: { unavailable: string; rejected: string };
}

export function ReviewReminderForm({ sessionId, text }: { sessionId: string; text: ReviewReminderText }) {
  const [state, formAction, pending] = useActionState<ReviewState, FormData>(dismissReview, {});
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.dismissed) statusRef.current?.focus();
  }, [state]);
  return (
    <PanelSection
      headingId="review-reminder"
      heading={text.heading}
      className="space-y-2 rounded-theme border border-primary p-4"
      testId="review-reminder"
    >
      {state.dismissed ? (
        <p ref={statusRef} tabIndex={-1} role="status" data-testid="review-reminder-done">
          {text.done}
        </p>
      ) : (
        <>
          <p>{text.body}</p>
          <ul className="space-y-1 text-sm">
            <li>
              <a href="#responsible-gambling-limits" className="text-primary underline">
                {text.limits}
              </a>
            </li>
            <li>
              <a href="#history-heading" className="text-primary underline">
                {text.history}
              </a>
            </li>
          </ul>
          <form action={formAction} aria-busy={pending}>
            <input type="hidden" name="sessionId" value={sessionId} />
            <button disabled={pending} className="min-h-6 rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary">
              {text.dismiss}
            </button>
          </form>
          <p aria-live="polite" className="min-h-5 text-sm text-danger">
            {state.error ? text.errors[state.error] : null}
          </p>
        </>
      )}
    </PanelSection>
  );
}
