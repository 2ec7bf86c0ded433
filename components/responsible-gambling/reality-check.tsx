'use client';
/**
 * Reality checks (UKGC RTS 13, Spelinspektionen, MGA; docs/design.md, section 8): one
 * interval after the session started, or after the last check was acknowledged, a modal dialog
 * says how long the customer has been in the session (a duration in the page's language, by Intl)
 * and what they deposited and withdrew, until they choose to go on or to take a break. The
 * interval is the customer's choice within the rules (RealityCheckSettings).
 */
import { useActionState, useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { setRealityCheck, type RealityCheckState } from '@/lib/checkout/cashier/responsible-gambling/responsible-gambling-action';
import { durationText } from '@hosted-checkout/contract/responsible-gambling/duration';
import { actionClass, FormField } from '@/components/form/form-field';

export interface RealityCheckText {
  title: string;
  /** "You have been in this session for {duration}.": the duration is formatted here (Intl, the page's language). */
  time: string;
  money: string;
  continue: string;
  takeBreak: string;
}

interface Props {
  startedAt: string;
  intervalMinutes: number;
  /** The page's language: the duration in its words ("1 hour, 5 minutes"). */
  locale: string;
  breakHref: string;
  text: RealityCheckText;
}

/** When this tab last acknowledged a check of the session (ms), from sessionStorage; null when never or refused. */
function storedAck(key: string): number | null {
  try {
    const value = Number(sessionStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function RealityCheck({ startedAt, intervalMinutes, locale, breakHref, text }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  /** When the check on show was due to show (ms), or null. */
  const [shownAt, setShownAt] = useState<number | null>(null);
  const [ackAt, setAckAt] = useState<number | null>(null);

  // The next check is one interval after the last one acknowledged in this tab (kept across reloads
  // in sessionStorage), or after the session's start: a changed interval counts from then, and a
  // page opened after the time has passed shows its check at once.
  const storageKey = `reality-check:${startedAt}`;
  useEffect(() => {
    if (!intervalMinutes) return;
    const base = Math.max(Date.parse(startedAt), ackAt ?? 0, storedAck(storageKey) ?? 0);
    const due = base + intervalMinutes * 60_000;
    const timer = setTimeout(() => setShownAt(Date.now()), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [startedAt, intervalMinutes, ackAt, storageKey]);

  useEffect(() => {
    if (shownAt !== null && dialogRef.current && !dialogRef.current.open) dialogRef.current.showModal();
  }, [shownAt]);

  const close = () => {
    dialogRef.current?.close();
    const now = Date.now();
    setShownAt(null);
    setAckAt(now);
    try {
      sessionStorage.setItem(storageKey, String(now));
    } catch {
      // Storage refused (a framed page's partition): the time lives in this page only.
    }
  };
  const minutes = shownAt === null ? 0 : Math.max(1, Math.round((shownAt - Date.parse(startedAt)) / 60_000));

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-labelledby="reality-check-title"
      aria-describedby="reality-check-body"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="max-w-sm rounded-theme border border-control bg-surface p-5 text-fg backdrop:bg-black/50"
    >
      <h2 id="reality-check-title" className="mb-2 text-lg font-semibold">
        {text.title}
      </h2>
      <div id="reality-check-body" className="space-y-1">
        <p>{shownAt === null ? null : text.time.replace('{duration}', durationText(minutes, locale))}</p>
        <p>{text.money}</p>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" autoFocus onClick={close} className={actionClass.primary}>
          {text.continue}
        </button>
        <a href={breakHref} target="_blank" rel="noopener noreferrer" onClick={close} className={actionClass.secondary}>
          {text.takeBreak}
        </a>
      </div>
    </dialog>
  );
}

export interface RealitySettingsText {
  label: string;
  off: string;
  /** Per offered interval, its label ("Every 30 minutes"). */
  every: Record<number, string>;
  save: string;
  /** With {minutes} to fill. */
  saved: string;
  savedOff: string;
  errors: { unavailable: string; rejected: string };
}

/** The customer's choice of interval: the choices the rules allow, "never" where they allow it. */
export function RealityCheckSettings(props: {
  sessionId: string;
  current: number;
  choices: number[];
  allowOff: boolean;
  text: RealitySettingsText;
}) {
  const { text } = props;
  const router = useRouter();
  const [state, formAction, pending] = useActionState<RealityCheckState, FormData>(setRealityCheck, {});
  // The reminder runs at the interval the service now has.
  useEffect(() => {
    if (state.saved !== undefined) router.refresh();
  }, [state, router]);
  const message = state.error
    ? text.errors[state.error]
    : state.saved === undefined
      ? null
      : state.saved === 0
        ? text.savedOff
        : text.saved.replace('{minutes}', String(state.saved));
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3" aria-busy={pending}>
      <input type="hidden" name="sessionId" value={props.sessionId} />
      <FormField id="reality-minutes" label={text.label}>
        <select
          id="reality-minutes"
          name="minutes"
          defaultValue={String(props.current)}
          aria-describedby="reality-status"
          className="mt-1 min-h-6 rounded-theme border border-control bg-surface px-2 py-1"
        >
          {props.allowOff ? <option value="0">{text.off}</option> : null}
          {props.choices.map((m) => (
            <option key={m} value={m}>
              {text.every[m]}
            </option>
          ))}
        </select>
      </FormField>
      <button disabled={pending} className="min-h-6 rounded-theme border border-primary px-4 py-2 font-semibold text-primary">
        {text.save}
      </button>
      <p id="reality-status" role="status" className="min-h-5 basis-full text-sm">
        {message}
      </p>
    </form>
  );
}
