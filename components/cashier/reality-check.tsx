'use client';
/**
 * Reality checks (E23; UKGC RTS 13, Spelinspektionen, MGA; docs/design.md, section 8): at each
 * interval since the session started, a modal dialog says how long the customer has been in the
 * session and what they deposited and withdrew, until they choose to go on or to take a break.
 * The interval is the customer's choice within the rules (RealityCheckSettings). Texts arrive
 * filled in from the server: the k-th check's sentence is `bodies[k - 1]` (the last one after).
 */
import { useActionState, useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { setRealityCheck, type RealityCheckState } from '@/lib/checkout/responsible-gambling-action';

export interface RealityCheckText {
  title: string;
  /** The k-th check's sentence ("You have been in this session for 60 minutes."). */
  bodies: string[];
  money: string;
  continue: string;
  takeBreak: string;
}

interface Props {
  startedAt: string;
  intervalMinutes: number;
  breakHref: string;
  text: RealityCheckText;
}

/** The checks this tab has seen of the session, from sessionStorage (0 when none or refused). */
function storedCount(key: string): number {
  try {
    return Number(sessionStorage.getItem(key)) || 0;
  } catch {
    return 0;
  }
}

export function RealityCheck({ startedAt, intervalMinutes, breakHref, text }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [due, setDue] = useState(0);
  const [seen, setSeen] = useState(0);

  // The checks seen are kept per tab (sessionStorage), so a reload does not show one again, and a
  // page opened after an interval has passed shows its check at once.
  const storageKey = `reality-check:${startedAt}`;
  useEffect(() => {
    if (!intervalMinutes) return;
    const start = Date.parse(startedAt);
    const step = intervalMinutes * 60_000;
    const now = Date.now();
    const seenBefore = Math.max(seen, storedCount(storageKey));
    const passed = Math.floor((now - start) / step);
    if (passed > seenBefore) {
      setDue(passed);
      return;
    }
    const next = seenBefore + 1;
    const timer = setTimeout(() => setDue(next), Math.max(0, start + next * step - now));
    return () => clearTimeout(timer);
  }, [startedAt, intervalMinutes, seen, storageKey]);

  useEffect(() => {
    if (due > seen && dialogRef.current && !dialogRef.current.open) dialogRef.current.showModal();
  }, [due, seen]);

  const close = () => {
    dialogRef.current?.close();
    setSeen(due);
    try {
      sessionStorage.setItem(storageKey, String(due));
    } catch {
      // Storage refused (a framed page's partition): the count lives in this page only.
    }
  };
  const body = text.bodies[Math.min(due, text.bodies.length) - 1] ?? '';

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
        <p>{body}</p>
        <p>{text.money}</p>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" autoFocus onClick={close} className="min-h-6 rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary">
          {text.continue}
        </button>
        <a href={breakHref} target="_blank" rel="noopener noreferrer" onClick={close} className="min-h-6 rounded-theme border border-control px-4 py-2 font-semibold">
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
export function RealityCheckSettings(props: { sessionId: string; current: number; choices: number[]; allowOff: boolean; text: RealitySettingsText }) {
  const { text } = props;
  const router = useRouter();
  const [state, formAction, pending] = useActionState<RealityCheckState, FormData>(setRealityCheck, {});
  // The reminder runs at the interval the service now has.
  useEffect(() => {
    if (state.saved !== undefined) router.refresh();
  }, [state, router]);
  const message = state.error ? text.errors[state.error] : state.saved === undefined ? null : state.saved === 0 ? text.savedOff : text.saved.replace('{minutes}', String(state.saved));
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3" aria-busy={pending}>
      <input type="hidden" name="sessionId" value={props.sessionId} />
      <div>
        <label htmlFor="reality-minutes" className="block text-sm font-medium">
          {text.label}
        </label>
        <select id="reality-minutes" name="minutes" defaultValue={String(props.current)} aria-describedby="reality-status" className="mt-1 min-h-6 rounded-theme border border-control bg-surface px-2 py-1">
          {props.allowOff ? <option value="0">{text.off}</option> : null}
          {props.choices.map((m) => (
            <option key={m} value={m}>
              {text.every[m]}
            </option>
          ))}
        </select>
      </div>
      <button disabled={pending} className="min-h-6 rounded-theme border border-primary px-4 py-2 font-semibold text-primary">
        {text.save}
      </button>
      <p id="reality-status" role="status" className="min-h-5 basis-full text-sm">
        {message}
      </p>
    </form>
  );
}
