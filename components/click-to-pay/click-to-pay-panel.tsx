'use client';
/**
 * The card page's Click to Pay panel (EMVCo Secure Remote Commerce; docs/design.md, E28), loaded
 * by ./click-to-pay-slot.tsx only where it is offered. The checkout is the SRC Initiator: it asks
 * the SRC system (./src-client.ts) whether this browser is remembered, else offers a one-time code
 * to the pay-in's customer, lists their cards (masked), and pays with the one chosen: the SRC
 * system's sealed payload goes to the `payByClickToPay` action, whose answer is a card's (the
 * issuer's 3DS step in the page, a decline, or the status page). Views follow EMVCo's Click to
 * Pay CX guidelines: offer, code, card list, "Not you?" (another email or number), locked. The
 * card fields below stay usable throughout, and are hidden only while the card list is shown.
 */
import { useEffect, useRef, useState } from 'react';
import type { ClickToPaySession, SrcCard } from '@hosted-checkout/contract/click-to-pay';
import { payByClickToPay } from '@/lib/checkout/payment-pages/card-payment-action';
import { submitPaymentForm } from '@/lib/checkout/payment-pages/submit-payment-form';
import { ThreeDSStep, useCardAction, type ThreeDSText } from '@/components/card/three-ds-step';
import { SecurityCheck } from '@/components/card/security-check';
import type { ClickToPayText } from './click-to-pay-text';
import { fillText, ltr } from './fill-text';
import { srcCall, type SrcResult } from './src-client';
import { CardTray, CodeForm, IdentityForm, type Notice } from './click-to-pay-views';

/** The panel's props: the page's, the SRC session, and the text (resolved on the server). */
export interface ClickToPayPanelProps {
  paymentId: string;
  locale: string;
  acceptHeader: string;
  initialAttemptKey: string;
  challengeRequired?: boolean;
  text: ClickToPayText;
  cardText: ThreeDSText & { processing: string; securityCheck: { working: string; done: string } };
  session: ClickToPaySession;
}

/** What the panel shows. */
type View =
  | { name: 'idle' }
  | { name: 'offer'; identity: string }
  | { name: 'code'; destination: string; notice?: Notice }
  | { name: 'tray'; idToken: string; identity: string; cards: SrcCard[] }
  | { name: 'recognised'; idToken: string; identity: string; cards: SrcCard[] }
  | { name: 'switch'; notice?: Notice }
  | { name: 'message'; notice: Notice }
  | { name: 'closed' };

/** The card form's hidden field naming the validated SRC session (a card typed and linked goes to that profile). */
function markSession(correlationId: string) {
  const field = document.getElementById('clickToPaySession');
  if (field instanceof HTMLInputElement) field.value = correlationId;
}

/**
 * Whether the customer is busy with the card fields (focus in them, or a number typed): a browser
 * recognised then is offered its cards without taking the form away or moving focus (WCAG 3.2.2).
 */
function typingCard(): boolean {
  const forms = document.querySelector('[data-card-forms]');
  if (!forms) return false;
  if (forms.contains(document.activeElement)) return true;
  return [...forms.querySelectorAll<HTMLInputElement>('input[type="text"], input:not([type])')].some((input) => input.value !== '');
}

/** The panel (see the module's note). */
export function ClickToPayPanel({
  paymentId,
  locale,
  acceptHeader,
  initialAttemptKey,
  challengeRequired,
  text,
  cardText,
  session,
}: ClickToPayPanelProps) {
  const { state, formAction, pending, reportMethod, reportSpc } = useCardAction(
    payByClickToPay,
    { attemptKey: initialAttemptKey },
    paymentId,
    locale,
  );
  const [view, setView] = useState<View>({ name: 'idle' });
  const [busy, setBusy] = useState(false);
  const [checkReady, setCheckReady] = useState(true);
  const formRef = useRef<HTMLFormElement>(null);
  const call = <Op extends Parameters<typeof srcCall>[1]>(op: Op, body?: Record<string, unknown>) =>
    srcCall(session.srcOrigin, op, session.srcClientToken, body);

  /** The view of a refusal the customer can do nothing about here but pay by card. */
  const refusal = (result: Extract<SrcResult<unknown>, { ok: false }>, identity: string): View => {
    if (result.reason === 'ACCT_INACCESSIBLE') {
      const until = new Date(String(result.extra.lockedUntil ?? ''));
      const time = Number.isNaN(until.getTime()) ? '' : new Intl.DateTimeFormat(locale || undefined, { timeStyle: 'short' }).format(until);
      return { name: 'message', notice: { text: fillText(text.locked, { identity: ltr(identity), time }), alert: true } };
    }
    if (result.reason === 'RETRIES_EXCEEDED') return { name: 'message', notice: { text: text.tooManyCodes, alert: true } };
    return { name: 'message', notice: { text: text.unavailable, alert: true } };
  };

  const showCards = (idToken: string, identity: string, cards: SrcCard[]) => {
    markSession(session.srcCorrelationId);
    setView(cards.length > 0 ? { name: 'tray', idToken, identity, cards } : { name: 'message', notice: { text: text.noCards } });
  };

  useEffect(() => {
    let gone = false;
    void call('recognize').then((result) => {
      if (gone || !result.ok) return;
      const answer = result.body;
      if (answer.recognized && answer.cards.length > 0 && typingCard())
        setView({ name: 'recognised', idToken: answer.idToken, identity: answer.maskedIdentity.value, cards: answer.cards });
      else if (answer.recognized) showCards(answer.idToken, answer.maskedIdentity.value, answer.cards);
      else if (answer.consumerPresent && answer.maskedIdentity) setView({ name: 'offer', identity: answer.maskedIdentity.value });
    });
    return () => {
      gone = true;
    };
    // Once per session: the answer decides the first view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session.srcCorrelationId]);

  /** Sends a code to the session's identity; `again`: the customer asked for a new one in the code view. */
  const sendCode = async (identity: string, again = false) => {
    setBusy(true);
    const result = await call('validation-initiate');
    setBusy(false);
    if (result.ok) {
      const destination = result.body.maskedValidationChannel;
      return setView({ name: 'code', destination, ...(again ? { notice: { text: text.resent } } : {}) });
    }
    if (result.reason === 'RESEND_TOO_SOON' && view.name === 'code')
      return setView({ ...view, notice: { text: text.resendTooSoon, alert: true } });
    setView(refusal(result, identity));
  };

  const identityOf = () => (view.name === 'offer' || view.name === 'tray' ? view.identity : view.name === 'code' ? view.destination : '');

  const submitCode = async (code: string, rememberMe: boolean) => {
    if (view.name !== 'code') return;
    if (!/^\d{6}$/.test(code)) return setView({ ...view, notice: { text: text.codeFormat, alert: true, field: true } });
    setBusy(true);
    const result = await call('validation-complete', {
      validationData: code,
      rememberMe,
      locale: locale || document.documentElement.lang || 'en',
    });
    setBusy(false);
    if (result.ok) return showCards(result.body.idToken, result.body.maskedIdentity.value, result.body.cards);
    if (result.reason === 'CODE_INVALID')
      return setView({
        ...view,
        notice: { text: fillText(text.codeWrong, { remaining: String(result.extra.attemptsRemaining ?? '') }), alert: true, field: true },
      });
    if (result.reason === 'CODE_EXPIRED') return setView({ ...view, notice: { text: text.codeExpired, alert: true, field: true } });
    setView(refusal(result, view.destination));
  };

  const notYou = async () => {
    setBusy(true);
    const result = await call('sign-out');
    setBusy(false);
    markSession('');
    // Not forgotten (the SRC system did not answer): say so, rather than seem to forget.
    setView(result.ok ? { name: 'switch' } : { name: 'message', notice: { text: text.unavailable, alert: true } });
  };

  const lookUp = async (type: 'EMAIL' | 'MOBILE_PHONE_NUMBER', value: string) => {
    setBusy(true);
    const result = await call('identity-lookup', { identity: { type, value } });
    setBusy(false);
    if (!result.ok)
      return setView(
        result.reason === 'CONSUMER_ID_FORMAT_INVALID'
          ? { name: 'switch', notice: { text: text.identityInvalid, alert: true, field: true } }
          : refusal(result, value),
      );
    const masked = result.body.maskedIdentity?.value ?? value;
    if (!result.body.consumerPresent)
      return setView({ name: 'switch', notice: { text: fillText(text.noProfile, { identity: ltr(masked) }), alert: true } });
    await sendCode(masked);
  };

  const pay = async (idToken: string, srcDigitalCardId: string) => {
    const form = formRef.current;
    if (!form || pending || busy || !checkReady) return;
    setBusy(true);
    const result = await call('checkout', { idToken, srcDigitalCardId });
    setBusy(false);
    if (!result.ok) return setView(refusal(result, identityOf()));
    const fields = form.elements;
    (fields.namedItem('srcCorrelationId') as HTMLInputElement).value = result.body.srcCorrelationId;
    (fields.namedItem('srcDigitalCardId') as HTMLInputElement).value = srcDigitalCardId;
    const payload = fields.namedItem('checkoutResponse') as HTMLInputElement;
    payload.value = result.body.checkoutResponse;
    submitPaymentForm(form, formAction);
    // The post has its copy: the payload does not stay in the page.
    payload.value = '';
  };

  // The issuer's step in the page; the card forms step aside meanwhile (globals.css, data-wallet-step).
  if (state.challengeUrl || state.threeDSMethod)
    return (
      <div data-wallet-step>
        <ThreeDSStep state={state} paymentId={paymentId} text={cardText} onMethodDone={reportMethod} onSpcAssertion={reportSpc} />
      </div>
    );
  if (view.name === 'idle' || view.name === 'closed') return null;

  const banner = state.formError || state.declineReason ? (state.banner ?? text.unavailable) : null;
  const close = () => {
    markSession('');
    setView({ name: 'closed' });
    requestAnimationFrame(() => document.getElementById('cardNumber')?.focus());
  };

  return (
    <section
      aria-labelledby="c2p-heading"
      aria-busy={pending || busy}
      className="mb-6 space-y-3 rounded-theme border border-line p-4"
      data-click-to-pay={view.name}
    >
      <h2 id="c2p-heading" className="text-base font-semibold">
        {text.heading}
      </h2>
      <form ref={formRef} action={formAction} hidden>
        <input type="hidden" name="paymentId" value={paymentId} />
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="attemptKey" value={state.attemptKey} />
        <input type="hidden" name="acceptHeader" value={acceptHeader} />
        <input type="hidden" name="browser" defaultValue="" />
        <input type="hidden" name="srcCorrelationId" defaultValue="" />
        <input type="hidden" name="srcDigitalCardId" defaultValue="" />
        <input type="hidden" name="checkoutResponse" defaultValue="" />
        <SecurityCheck
          key={state.attemptKey}
          required={Boolean(challengeRequired || state.challengeRequired)}
          text={cardText.securityCheck}
          onReady={setCheckReady}
        />
      </form>
      {view.name === 'offer' ? (
        <>
          <p>{fillText(text.found, { identity: ltr(view.identity) })}</p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              disabled={busy}
              onClick={() => void sendCode(view.identity)}
              className="min-h-11 rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary disabled:opacity-70"
            >
              {text.sendCode}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void notYou()}
              className="min-h-11 rounded-theme px-2 py-2 font-semibold text-primary underline"
            >
              {text.notYou}
            </button>
          </div>
        </>
      ) : null}
      {view.name === 'recognised' ? (
        <>
          <p>{fillText(text.found, { identity: ltr(view.identity) })}</p>
          <button
            type="button"
            onClick={() => showCards(view.idToken, view.identity, view.cards)}
            className="min-h-11 rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary"
          >
            {text.showCards}
          </button>
        </>
      ) : null}
      {view.name === 'code' ? (
        <CodeForm
          text={text}
          destination={view.destination}
          notice={view.notice}
          busy={busy}
          onSubmit={submitCode}
          onResend={() => void sendCode(view.destination, true)}
          onNotYou={() => void notYou()}
          onUseCard={close}
        />
      ) : null}
      {view.name === 'tray' ? (
        <CardTray
          text={text}
          identity={view.identity}
          cards={view.cards}
          busy={busy || pending || !checkReady}
          pending={pending}
          processing={cardText.processing}
          banner={banner}
          onPay={(id) => void pay(view.idToken, id)}
          onNotYou={() => void notYou()}
          onUseCard={close}
        />
      ) : null}
      {view.name === 'switch' ? (
        <IdentityForm text={text} notice={view.notice} busy={busy} onSubmit={(type, value) => void lookUp(type, value)} />
      ) : null}
      {view.name === 'message' ? <MessageView notice={view.notice} /> : null}
    </section>
  );
}

/** A message the panel ends on (locked, no cards, not available): focused when it is an alert, so it is read at once. */
function MessageView({ notice }: { notice: Notice }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice.alert) ref.current?.focus();
  }, [notice]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={notice.alert ? 'alert' : 'status'}
      className="rounded-theme border border-danger bg-danger-soft p-3 text-sm text-danger"
    >
      {notice.text}
    </p>
  );
}
