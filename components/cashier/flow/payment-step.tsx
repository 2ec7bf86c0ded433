'use client';
/**
 * A payment page (card or APM, same origin) inside the cashier or the widget, until it ends: the
 * framed page's messages say when (a final status, a payout waiting for the merchant, or a
 * redirect); only messages of this frame and of this origin count, and the first ending wins
 * (a page may post `status` and `redirect` in one tick). A decline the page shows while it still
 * takes another attempt (its `error` message, CARD_DECLINED) does not end the step: the owner is
 * told (`onDecline`), to offer another card or method beside it. Shared by the cashier's flow,
 * deposit again, and the retry after a decline.
 *
 * The issuer's 3-D Secure challenge of the framed card page shows here, in the cashier's own
 * document, in place of the payment page's frame (lib/framing/challenge-handoff.ts: the frame is
 * named `PAYMENT_STEP_FRAME`, the card page hands the challenge up): one frame below the
 * merchant's page rather than two, the cashier's full width, one Test mode badge. When the ACS
 * has sent its frame to our status page, that page shows in the payment page's frame again and
 * ends the step by its messages. Without JavaScript the card page's post goes to the ACS in this
 * frame, as before.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { isFinalView, viewOf } from '@/lib/checkout/shared/payment-state';
import { FRAME_ALLOW } from '@/lib/framing/permissions-policy';
import { handedOffChallenge, PAYMENT_STEP_FRAME } from '@/lib/framing/challenge-handoff';
import { ChallengeFrame } from '@/components/card/challenge-frame';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

/** How the framed payment ended: paid, waiting for the merchant (a payout), not paid, or the page left (a redirect). */
export type StepEnd = 'success' | 'waiting' | 'failed' | 'left';

/** The notice of how a step ended, from the flow's `done` texts (`waiting` falls back to `other` where a flow has none). */
export function endNotice(end: StepEnd, done: { success: string; failed: string; other: string; waiting?: string }): string {
  if (end === 'success') return done.success;
  if (end === 'failed') return done.failed;
  if (end === 'waiting' && done.waiting) return done.waiting;
  return done.other;
}

export interface PaymentStepProps {
  step: { url: string; type: CheckoutTransactionType; id: string };
  /** The frame's title, the cancel button's label and the 3-D Secure challenge's heading and intro (the flow's own texts carry them). */
  text: { frameTitle: string; cancel: string; challenge: { title: string; intro: string } };
  onEnd: (end: StepEnd) => void;
  onCancel: () => void;
  /** The framed pay-in's page showed a decline and takes another attempt (the cashier offers the way forward). */
  onDecline?: () => void;
}

export function PaymentStep({ step, text, onEnd, onCancel, onDecline }: PaymentStepProps) {
  const { frameTitle, cancel, challenge: challengeText } = text;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(560);
  // The payment page's address (the status page once a challenge has ended) and the challenge handed up by the card page.
  const [src, setSrc] = useState(step.url);
  const [challenge, setChallenge] = useState<string | null>(null);
  // Another step (deposit again shows one after another): its own page, no challenge yet.
  const [shownStep, setShownStep] = useState(step);
  if (shownStep !== step) {
    setShownStep(step);
    setSrc(step.url);
    setChallenge(null);
  }
  // The latest callbacks, read by the message listener without re-subscribing it (React's effect events).
  const endStep = useEffectEvent((how: StepEnd) => onEnd(how));
  const declined = useEffectEvent(() => onDecline?.());

  useEffect(() => {
    let ended = false;
    const end = (how: StepEnd) => {
      if (ended) return;
      ended = true;
      endStep(how);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frameRef.current?.contentWindow) return;
      const handedOff = handedOffChallenge(event, frameRef.current?.contentWindow, window.location.origin);
      if (handedOff) {
        setChallenge(handedOff);
        return;
      }
      const data = event.data as { source?: string; type?: string; status?: string; height?: number; errorKey?: string } | null;
      if (!data || data.source !== 'checkout') return;
      if (data.type === 'resize' && typeof data.height === 'number') setHeight(Math.max(200, data.height));
      if (data.type === 'status' && data.status) {
        const view = viewOf(step.type, data.status);
        if (view === 'success') end('success');
        else if (view === 'waiting') end('waiting');
        else if (isFinalView(view)) end('failed');
      }
      if (data.type === 'redirect') end('left');
      // A decline in the card page (every decline is CARD_DECLINED to the parent), the form still open.
      if (data.type === 'error' && data.errorKey === 'CARD_DECLINED' && step.type === 'payin' && !ended) declined();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [step]);

  return (
    <div className="space-y-2">
      {challenge ? (
        <ChallengeFrame
          url={challenge}
          title={challengeText.title}
          intro={challengeText.intro}
          onReturn={(href) => {
            setChallenge(null);
            setSrc(href);
          }}
        />
      ) : (
        <iframe
          ref={frameRef}
          name={PAYMENT_STEP_FRAME}
          title={frameTitle}
          src={src}
          height={height}
          allow={FRAME_ALLOW}
          className="w-full border-0"
        />
      )}
      <button type="button" onClick={onCancel} className="min-h-6 rounded-theme px-3 py-2 text-sm text-primary underline">
        {cancel}
      </button>
    </div>
  );
}
