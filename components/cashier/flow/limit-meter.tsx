'use client';
/**
 * The limit meter on the cashier's deposit step (docs/design.md, section 8, "A limit meter before
 * Pay"): what the most restrictive limit leaves, which limit it is, the licences in force and the
 * funding types refused, rendered by the server (lib/checkout/cashier/limit-meter.ts,
 * limit-meter-text.ts), so the figure is on the page without JavaScript. With JavaScript the step
 * watches the figures while it is open (on showing again, on focus, every 15 s, and when a pending
 * change takes effect): when the service's version differs from the page's, Pay is disabled and
 * the page reloads its figures (`router.refresh()`); the new figure is announced. The deposit
 * form posts the version it showed, and the action refuses one made on older figures.
 */
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';

/** The meter as the server words it for the page's language. */
export interface LimitMeterView {
  /** The fingerprint of the figures shown (posted with the deposit as `limitsVersion`). */
  version: string;
  /** When the figures next change by the clock alone (ISO 8601), or null. */
  nextChangeAt: string | null;
  /** "You can deposit up to €40.00 now." */
  headline: string;
  /** Which limit binds: "Your deposit limit for a week leaves €40.00 of €100.00." */
  boundBy?: string;
  /** "Rules of … apply to your account." */
  rulesOf?: string;
  /** "Not accepted: credit cards." */
  refused?: string;
  /** Said while the page fetches changed figures. */
  stale: string;
  /** The meter's heading (its region's name). */
  label: string;
}

/** How often an open deposit step asks whether its figures changed (ms). */
const CHECK_MS = 15_000;

/**
 * Whether the figures of `meter` are older than the service's: checks `/api/cashier/{id}/limits`
 * while the page is visible and refreshes the page's server data when they differ. True until the
 * page shows the service's version.
 */
export function useLimitsWatch(sessionId: string, meter: LimitMeterView | undefined): boolean {
  const router = useRouter();
  const [latest, setLatest] = useState<string | null>(null);
  // New figures from the server (a refresh, a deposit ended here) are the service's: what was fetched before is forgotten.
  const [seen, setSeen] = useState(meter?.version);
  if (seen !== meter?.version) {
    setSeen(meter?.version);
    setLatest(null);
  }
  const version = meter?.version;
  const nextChangeAt = meter?.nextChangeAt ?? null;
  useEffect(() => {
    if (version === undefined) return;
    let cancelled = false;
    const check = async () => {
      if (document.visibilityState === 'hidden') return;
      try {
        const response = await fetch(`/api/cashier/${encodeURIComponent(sessionId)}/limits`, { cache: 'no-store' });
        if (!response.ok || cancelled) return;
        const answer = (await response.json()) as { version?: unknown };
        if (typeof answer.version !== 'string' || cancelled) return;
        setLatest(answer.version);
        if (answer.version !== version) router.refresh();
      } catch {
        // Offline or the checkout restarting: the next check, or the action on Pay, decides.
      }
    };
    const onShow = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const interval = setInterval(() => void check(), CHECK_MS);
    const due = nextChangeAt ? Date.parse(nextChangeAt) - Date.now() : NaN;
    const timer = due > 0 && due < 2 ** 31 - 1 ? setTimeout(() => void check(), due + 1_000) : undefined;
    document.addEventListener('visibilitychange', onShow);
    window.addEventListener('focus', onShow);
    return () => {
      cancelled = true;
      clearInterval(interval);
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onShow);
      window.removeEventListener('focus', onShow);
    };
  }, [sessionId, version, nextChangeAt, router]);
  return version !== undefined && latest !== null && latest !== version;
}

/** The meter: the figure, the binding limit, the licences and refused funding; while `stale`, that it is being updated. */
export function LimitMeter({ meter, stale }: { meter: LimitMeterView; stale: boolean }) {
  return (
    <section
      aria-labelledby="limit-meter-heading"
      data-testid="limit-meter"
      className="rounded-theme border border-control bg-surface p-3 text-sm"
    >
      <h3 id="limit-meter-heading" className="font-semibold">
        {meter.label}
      </h3>
      {/* Announced when the figure changes (a polite live region: the first render is not read out). */}
      <p id="limit-meter-figure" aria-live="polite" className="mt-1 font-medium" data-testid="limit-meter-figure">
        {stale ? meter.stale : meter.headline}
      </p>
      {meter.boundBy ? <p className="text-fg-muted">{meter.boundBy}</p> : null}
      {meter.rulesOf ? <p className="text-fg-muted">{meter.rulesOf}</p> : null}
      {meter.refused ? (
        <p className="text-fg-muted" data-testid="limit-meter-refused">
          {meter.refused}
        </p>
      ) : null}
    </section>
  );
}
