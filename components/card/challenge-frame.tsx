'use client';
/**
 * The issuer's 3-D Secure challenge in a frame (EMV 3-D Secure 2 challenge windows,
 * lib/framing/challenge-window.ts): 600 or 390 px wide when the page has the room, else the full
 * width; 400 px high, or the ACS page's own height when it can be read (the sandbox's ACS, on our
 * origin) and is taller, so the frame never scrolls inside itself. The frame has a title, takes
 * the focus when it loads, and the merchant's page gets a `challenge` message (its size; `resize`
 * follows from the page's own height). When the challenge ends, the ACS sends the frame to our
 * status page: the card page then goes there itself (the frame's address is watched), or the
 * cashier is told (`onReturn`). The time from showing the frame to that is the frame's
 * `threeds_challenge` timing (lib/framing/frame-vitals.ts).
 *
 * Shown by the card page and by the cashier. A card page inside the cashier's frame of a payment
 * page hands the challenge up to the cashier (lib/framing/challenge-handoff.ts), which shows it
 * here in its own document: one frame, one Test mode badge, the cashier's full width.
 */
import { useEffect, useRef, useState } from 'react';
import { postToParent } from '@/lib/framing/parent-messages';
import { recordFrameMetric } from '@/lib/framing/frame-vitals';
import { FRAME_ALLOW } from '@/lib/framing/permissions-policy';
import { challengeFrameHeight, challengeWindow, type ChallengeWindow } from '@/lib/framing/challenge-window';
import { handOffChallenge } from '@/lib/framing/challenge-handoff';

/** The height of the framed page when it is ours to read (same origin), else null. */
function framedPageHeight(frame: HTMLIFrameElement | null): number | null {
  try {
    const body = frame?.contentDocument?.body;
    return body ? body.getBoundingClientRect().height : null;
  } catch {
    return null;
  }
}

export interface ChallengeFrameProps {
  url: string;
  title: string;
  intro: string;
  /**
   * The cashier's: the challenge ended on our status page `href` (the cashier shows it in its frame
   * of the payment page). Without it (the card page), the page goes there itself, and first hands
   * the challenge up to the cashier when it is inside the cashier's frame.
   */
  onReturn?: (href: string) => void;
}

export function ChallengeFrame({ url, title, intro, onReturn }: ChallengeFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [window_, setWindow] = useState<ChallengeWindow | null>(null);
  const [contentHeight, setContentHeight] = useState<number | null>(null);
  // Latest `onReturn`, read by the watcher without restarting it.
  const returned = useRef(onReturn);
  useEffect(() => {
    returned.current = onReturn;
  }, [onReturn]);

  useEffect(() => {
    // A card page in the cashier's frame: the cashier shows the challenge (no frame here, no message to the merchant).
    if (!returned.current && handOffChallenge(url, window)) return;
    const chosen = challengeWindow(box.current?.clientWidth ?? 0);
    setWindow(chosen);
    postToParent('challenge', { windowSize: chosen.size });
  }, [url]);

  // The ACS ends by sending its frame to our status page, by a load or by a client-side
  // navigation (no load event): the frame's address is watched, readable once it is our origin.
  // Meanwhile the frame follows the height of a page it can read.
  useEffect(() => {
    if (!window_) return;
    const started = performance.now();
    const timer = setInterval(() => {
      let here: URL | null = null;
      try {
        const href = frame.current?.contentWindow?.location.href;
        here = href && href !== 'about:blank' ? new URL(href) : null;
      } catch {
        here = null; // still on the issuer's origin
      }
      setContentHeight(framedPageHeight(frame.current));
      if (here && /^\/payments\/payin\/[^/]+\/status$/.test(here.pathname)) {
        clearInterval(timer);
        recordFrameMetric('threeds_challenge', performance.now() - started);
        if (returned.current) returned.current(here.href);
        else window.location.assign(here.href);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [window_]);

  const onLoad = () => {
    setContentHeight(framedPageHeight(frame.current));
    frame.current?.focus();
  };

  return (
    <section aria-labelledby="challenge-title" className="min-w-0 space-y-2" ref={box}>
      <h2 id="challenge-title" className="text-base font-semibold">
        {title}
      </h2>
      <p className="text-sm text-fg-muted">{intro}</p>
      {window_ ? (
        <iframe
          ref={frame}
          src={url}
          title={title}
          onLoad={onLoad}
          allow={FRAME_ALLOW}
          data-window-size={window_.size}
          style={{
            width: window_.width ? `${window_.width}px` : '100%',
            maxWidth: '100%',
            height: `${challengeFrameHeight(window_, contentHeight)}px`,
            border: 0,
            display: 'block',
          }}
        />
      ) : null}
    </section>
  );
}
