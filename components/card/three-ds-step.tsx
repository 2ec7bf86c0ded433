'use client';
/**
 * The issuer's 3-D Secure steps inside the card page, for a new card and a saved card alike
 * (EMV 3-D Secure 2.2, "3DS Method" and "Challenge flow"):
 * - the 3DS Method: `threeDSMethodData` is posted to the ACS's Method URL in a hidden frame; when
 *   the ACS sends that frame to our notification URL (`/api/payments/payin/{id}/3ds-method`, same
 *   origin, so readable) the indicator is Y; after 10 s without it, N. The indicator is posted to
 *   the form's own server action (its Method step), with the attempt's key;
 * - the challenge, in a frame of its own at an EMV window size (`ChallengeFrame`), after the
 *   issuer's passkey prompt when it offers one (Secure Payment Confirmation: `SpcFirst`); inside
 *   the cashier's frame, handed up to the cashier, which shows it (lib/framing/challenge-handoff.ts).
 * No card data passes here: the forms have unmounted by then.
 */
import { startTransition, useCallback, useActionState, useEffect, useId, useRef, useState } from 'react';
import type { CardPaymentState } from '@/lib/checkout/payment-pages/card-payment-action';
import { recordFrameMetric } from '@/lib/framing/frame-vitals';
import { ChallengeFrame } from './challenge-frame';
import { required } from '@hosted-checkout/contract/required';

/** The EMV limit on the 3DS Method: after 10 s the page goes on with indicator N. */
const METHOD_TIMEOUT_MS = 10_000;

type Action = (previous: CardPaymentState, form: FormData) => Promise<CardPaymentState>;

/** The props both card forms (a new card, a saved card) take for their action and its first state. */
export interface CardActionProps {
  /** Server action the form posts to. */
  action: Action;
  /** False for a payout's destination card: no CVV field. */
  requireCvv: boolean;
  paymentId: string;
  /** `?locale=` of the page, kept on the way to the status page ('' when absent). */
  locale: string;
  acceptHeader: string;
  initialAttemptKey: string;
  /** Reason key of the decline that brought the customer back to the form. */
  initialDeclineReason?: string;
  /** That decline in words (lib/checkout/payment-pages/form-banner.ts); later ones come with the action's state. */
  initialBanner?: string;
}

/**
 * A card form's action state (the server action itself, so the form posts without JavaScript),
 * which also carries the 3DS Method's report: `reportMethod(Y|N)` posts `threeDSCompInd` to the
 * same action and its answer (challenge, decline, status page) becomes the form's next state.
 */
export function useCardAction(action: Action, initial: CardPaymentState, paymentId: string, locale: string) {
  const [state, formAction, pending] = useActionState<CardPaymentState, FormData>(action, initial);
  const report = useCallback(
    (field: 'threeDSCompInd' | 'spcAssertion', value: string) => {
      const form = new FormData();
      form.set('paymentId', paymentId);
      form.set('locale', locale);
      form.set('attemptKey', state.attemptKey);
      form.set(field, value);
      startTransition(() => formAction(form));
    },
    [formAction, paymentId, locale, state.attemptKey],
  );
  const reportMethod = useCallback((indicator: 'Y' | 'N') => report('threeDSCompInd', indicator), [report]);
  const reportSpc = useCallback((assertion: string) => report('spcAssertion', assertion), [report]);
  return { state, formAction, pending, reportMethod, reportSpc };
}

export interface ThreeDSText {
  challengeTitle: string;
  challengeIntro: string;
  /** Shown while the issuer's 3DS Method runs. */
  methodRunning: string;
  /** Shown while the browser's passkey prompt (SPC) is open. */
  spcRunning: string;
}

/**
 * The issuer's passkey prompt (Secure Payment Confirmation) before its challenge: the prompt's module loads only
 * now; its assertion goes to `onAssertion`, and without one (cancelled, failed, no SPC) the
 * challenge frame shows.
 */
function SpcFirst({ state, text, onAssertion }: { state: CardPaymentState; text: ThreeDSText; onAssertion: (assertion: string) => void }) {
  const [gaveUp, setGaveUp] = useState(false);
  const asked = useRef(false);
  const offer = state.spc;
  useEffect(() => {
    if (!offer || asked.current) return;
    asked.current = true;
    void import('./spc-prompt')
      .then(({ confirmWithPasskey }) => confirmWithPasskey(offer))
      .catch(() => null)
      .then((assertion) => (assertion ? onAssertion(assertion) : setGaveUp(true)));
  }, [offer, onAssertion]);
  if (gaveUp || !offer)
    return (
      <ChallengeFrame
        url={required(state.challengeUrl, 'the 3-D Secure challenge address')}
        title={text.challengeTitle}
        intro={text.challengeIntro}
      />
    );
  return (
    <p role="status" className="py-6 text-center text-sm">
      {text.spcRunning}
    </p>
  );
}

/** Runs the 3DS Method in a hidden frame and calls `onDone` once: Y when notified, N after 10 s (its duration is the frame's `threeds_method` timing). */
function MethodFrame({
  paymentId,
  url,
  data,
  text,
  onDone,
}: {
  paymentId: string;
  url: string;
  data: string;
  text: string;
  onDone: (indicator: 'Y' | 'N') => void;
}) {
  const target = `threeds-method-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const form = useRef<HTMLFormElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const finished = useRef(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    const started = performance.now();
    const finish = (indicator: 'Y' | 'N') => {
      if (finished.current) return;
      finished.current = true;
      clearInterval(watch);
      clearTimeout(limit);
      recordFrameMetric('threeds_method', performance.now() - started);
      done.current(indicator);
    };
    const notification = `/api/payments/payin/${encodeURIComponent(paymentId)}/3ds-method`;
    // The frame's address is readable once the ACS has sent it back to our origin.
    const watch = setInterval(() => {
      try {
        const here = frame.current?.contentWindow?.location;
        if (here && here.origin === window.location.origin && here.pathname === notification) finish('Y');
      } catch {
        // still on the issuer's origin
      }
    }, 100);
    const limit = setTimeout(() => finish('N'), METHOD_TIMEOUT_MS);
    if (!finished.current) form.current?.submit();
    return () => {
      clearInterval(watch);
      clearTimeout(limit);
    };
  }, [paymentId]);

  return (
    <div>
      <p role="status" className="py-6 text-center text-sm">
        {text}
      </p>
      <form ref={form} method="post" action={url} target={target} hidden>
        <input type="hidden" name="threeDSMethodData" value={data} />
      </form>
      <iframe ref={frame} name={target} title="3-D Secure" hidden aria-hidden="true" tabIndex={-1} style={{ display: 'none' }} />
    </div>
  );
}

/** The 3DS step a card form's state asks for (Method or challenge), or null when none. */
export function ThreeDSStep({
  state,
  paymentId,
  text,
  onMethodDone,
  onSpcAssertion,
}: {
  state: CardPaymentState;
  paymentId: string;
  text: ThreeDSText;
  onMethodDone: (indicator: 'Y' | 'N') => void;
  onSpcAssertion: (assertion: string) => void;
}) {
  if (state.challengeUrl && state.spc) return <SpcFirst key={state.attemptKey} state={state} text={text} onAssertion={onSpcAssertion} />;
  if (state.challengeUrl) return <ChallengeFrame url={state.challengeUrl} title={text.challengeTitle} intro={text.challengeIntro} />;
  if (state.threeDSMethod)
    return (
      <MethodFrame
        key={state.attemptKey}
        paymentId={paymentId}
        url={state.threeDSMethod.url}
        data={state.threeDSMethod.data}
        text={text.methodRunning}
        onDone={onMethodDone}
      />
    );
  return null;
}
