'use client';
/**
 * A payment page (card or APM, same origin) inside the cashier or the widget, until it ends: the
 * framed page's messages say when (a final status, a payout waiting for the merchant, or a
 * redirect); only messages of this frame and of this origin count, and the first ending wins
 * (a page may post `status` and `redirect` in one tick). A decline the page shows while it still
 * takes another attempt (its `error` message, CARD_DECLINED) does not end the step: the owner is
 * told (`onDecline`), to offer another card or method beside it. Shared by the cashier's flow,
 * deposit again, and the retry after a decline.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { isFinalView, viewOf } from '@/lib/checkout/shared/payment-state';
import { FRAME_ALLOW } from '@/lib/framing/permissions-policy';
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
  /** The frame's title and the cancel button's label (the flow's own texts carry both). */
  text: { frameTitle: string; cancel: string };
  onEnd: (end: StepEnd) => void;
  onCancel: () => void;
  /** The framed pay-in's page showed a decline and takes another attempt (the cashier offers the way forward). */
  onDecline?: () => void;
}

export function PaymentStep({ step, text, onEnd, onCancel, onDecline }: PaymentStepProps) {
  const { frameTitle, cancel } = text;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(560);
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
      <iframe ref={frameRef} title={frameTitle} src={step.url} height={height} allow={FRAME_ALLOW} className="w-full border-0" />
      <button type="button" onClick={onCancel} className="min-h-6 rounded-theme px-3 py-2 text-sm text-primary underline">
        {cancel}
      </button>
    </div>
  );
}
