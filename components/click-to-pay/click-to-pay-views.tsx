'use client';
/**
 * The Click to Pay panel's forms (./click-to-pay-panel.tsx), after EMVCo's Click to Pay CX
 * guidelines: the one-time code (with "Remember me" and its shared-device warning), the card list
 * (one native radio per card, masked, with its art), and another email or mobile number ("Not
 * you?"). Each focuses its first field or heading when it opens; errors are tied to their field by
 * `aria-describedby` and announced. No state of the flow here: the panel owns it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SrcCard } from '@hosted-checkout/contract/click-to-pay';
import { fieldClass } from '@/components/theme/controls';
import type { ClickToPayText } from './click-to-pay-text';
import { fillText, ltr } from './fill-text';

/** A line the panel shows: an alert (an error, focused or tied to its field) or a status; `field`: it belongs to the view's field. */
export interface Notice {
  text: string;
  alert?: boolean;
  field?: boolean;
}

const primary = 'min-h-11 rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary disabled:opacity-70';
const linkButton = 'min-h-11 rounded-theme px-2 py-2 font-semibold text-primary underline';

/** The code sent to the customer: one field, "Remember me", Continue, a new code, another identity, or the card fields. */
export function CodeForm(props: {
  text: ClickToPayText;
  destination: string;
  notice?: Notice;
  busy: boolean;
  onSubmit: (code: string, rememberMe: boolean) => void;
  onResend: () => void;
  onNotYou: () => void;
  onUseCard: () => void;
}) {
  const { text, notice } = props;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [notice]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    props.onSubmit(String(data.get('c2pCode') ?? '').trim(), data.get('c2pRemember') === 'on');
  };
  const fieldError = notice?.field ? notice : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div>
        <label htmlFor="c2p-code" className="block font-medium">
          {text.codeLabel}
        </label>
        <p id="c2p-code-hint" className="text-sm text-fg-muted">
          {fillText(text.sentTo, { destination: ltr(props.destination) })}
        </p>
        <input
          ref={input}
          id="c2p-code"
          name="c2pCode"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby="c2p-code-hint c2p-code-error"
          className={`${fieldClass} mt-1 w-40 font-mono tracking-widest`}
        />
        <p id="c2p-code-error" role="alert" className="mt-1 min-h-5 text-sm text-danger">
          {fieldError?.text}
        </p>
      </div>
      {notice && !notice.field ? (
        <p role={notice.alert ? 'alert' : 'status'} className="text-sm">
          {notice.text}
        </p>
      ) : null}
      <div className="flex items-start gap-2">
        <input
          id="c2p-remember"
          name="c2pRemember"
          type="checkbox"
          aria-describedby="c2p-remember-hint"
          className="mt-1 size-6 accent-primary"
        />
        <div>
          <label htmlFor="c2p-remember" className="text-sm">
            {text.rememberMe}
          </label>
          <p id="c2p-remember-hint" className="text-xs text-fg-muted">
            {text.rememberMeHint}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={props.busy} className={primary}>
          {text.continue}
        </button>
        <button type="button" disabled={props.busy} onClick={props.onResend} className={linkButton}>
          {text.resend}
        </button>
        <button type="button" disabled={props.busy} onClick={props.onNotYou} className={linkButton}>
          {text.notYou}
        </button>
        <button type="button" onClick={props.onUseCard} className={linkButton}>
          {text.useCard}
        </button>
      </div>
    </form>
  );
}

/** The customer's Click to Pay cards: one radio each (the last used first, chosen), Pay, another identity, or the card fields. */
export function CardTray(props: {
  text: ClickToPayText;
  identity: string;
  cards: SrcCard[];
  busy: boolean;
  pending: boolean;
  processing: string;
  banner: string | null;
  onPay: (srcDigitalCardId: string) => void;
  onNotYou: () => void;
  onUseCard: () => void;
}) {
  const { text, cards } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState(cards[0]?.srcDigitalCardId ?? '');
  useEffect(() => heading.current?.focus(), []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen) props.onPay(chosen);
  };
  return (
    <form onSubmit={submit} className="space-y-3" data-c2p-tray>
      <h3 ref={heading} tabIndex={-1} className="text-sm">
        {fillText(text.signedAs, { identity: ltr(props.identity) })}
      </h3>
      <p role="status" className="sr-only">
        {fillText(text.cardsFound, { count: cards.length })}
      </p>
      <div role="alert" className={props.banner ? 'rounded-theme border border-danger bg-danger-soft p-3 text-sm text-danger' : ''}>
        {props.banner}
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold">{text.cardsLegend}</legend>
        {cards.map((card) => (
          <label key={card.srcDigitalCardId} className="flex min-h-11 items-center gap-3 rounded-theme border border-control p-2">
            <input
              type="radio"
              name="c2pCard"
              value={card.srcDigitalCardId}
              checked={chosen === card.srcDigitalCardId}
              onChange={() => setChosen(card.srcDigitalCardId)}
              className="size-5 accent-primary"
            />
            {/* eslint-disable-next-line @next/next/no-img-element -- the SRC system's card art, a data: URI; nothing to optimise */}
            <img src={card.artUri} alt="" width={40} height={26} className="rounded-sm" />
            <span className="flex flex-col text-sm">
              <span>
                {card.descriptorName} <span dir="ltr">•••• {card.panLastFour}</span>
              </span>
              <span className="text-fg-muted">
                {fillText(text.expires, { expiry: `${card.panExpirationMonth}/${card.panExpirationYear.slice(-2)}` })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={props.busy} className={`${primary} w-full`}>
        {props.pending ? props.processing : text.pay}
      </button>
      <div className="flex flex-wrap gap-3">
        <button type="button" disabled={props.busy} onClick={props.onNotYou} className={linkButton}>
          {text.notYou}
        </button>
        <button type="button" onClick={props.onUseCard} className={linkButton}>
          {text.useCard}
        </button>
      </div>
    </form>
  );
}

/** "Not you?": another email or mobile number (a number starts with + and its country code), then a code to it. */
export function IdentityForm(props: {
  text: ClickToPayText;
  notice?: Notice;
  busy: boolean;
  onSubmit: (type: 'EMAIL' | 'MOBILE_PHONE_NUMBER', value: string) => void;
}) {
  const { text, notice } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (notice?.field) input.current?.focus();
  }, [notice]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('c2pIdentity') ?? '').trim();
    props.onSubmit(/^\+?[\d\s()-]+$/.test(value) ? 'MOBILE_PHONE_NUMBER' : 'EMAIL', value);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <h3 ref={heading} tabIndex={-1} className="font-semibold">
        {text.switchHeading}
      </h3>
      <div>
        <label htmlFor="c2p-identity" className="block font-medium">
          {text.identityLabel}
        </label>
        <p id="c2p-identity-hint" className="text-sm text-fg-muted">
          {text.identityHint}
        </p>
        <input
          ref={input}
          id="c2p-identity"
          name="c2pIdentity"
          type="text"
          autoComplete="email"
          maxLength={254}
          dir="ltr"
          aria-invalid={notice?.field ? true : undefined}
          aria-describedby="c2p-identity-hint c2p-identity-error"
          className={`${fieldClass} mt-1 w-full`}
        />
        <p id="c2p-identity-error" role="alert" className="mt-1 min-h-5 text-sm text-danger">
          {notice?.text}
        </p>
      </div>
      <button type="submit" disabled={props.busy} className={primary}>
        {text.findCards}
      </button>
    </form>
  );
}
