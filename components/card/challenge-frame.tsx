'use client';
/**
 * The issuer's 3-D Secure challenge shown inside the card page (EMV 3-D Secure 2, challenge
 * window sizes: 01 250×400, 02 390×400, 03 500×600, 04 600×400, 05 full width; CSS px), the
 * largest 400 px high window that fits the page's width, else full width. The frame has a title,
 * takes the focus when it loads, and the merchant's page gets a `challenge` message (its size;
 * `resize` follows from the page's own height). When the challenge ends, the ACS sends the frame
 * to our status page: the card page then goes there itself (the frame's address is watched). The
 * time from showing the frame to that is the frame's `threeds_challenge` timing (lib/framing/frame-vitals.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { postToParent } from '@/lib/framing/parent-messages';
import { recordFrameMetric } from '@/lib/framing/frame-vitals';
import { FRAME_ALLOW } from '@/lib/framing/permissions-policy';

const WINDOWS = [
  { size: '04', width: 600, height: 400 },
  { size: '02', width: 390, height: 400 },
  { size: '01', width: 250, height: 400 },
] as const;

/** The EMV window that fits `available` CSS px: 04, 02, 01, else 05 (full width, 400 high). */
function challengeWindow(available: number): { size: string; width: number | null; height: number } {
  const fit = WINDOWS.find((w) => w.width <= available);
  return fit ? { size: fit.size, width: fit.width, height: fit.height } : { size: '05', width: null, height: 400 };
}

export function ChallengeFrame({ url, title, intro }: { url: string; title: string; intro: string }) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [window_, setWindow] = useState<ReturnType<typeof challengeWindow> | null>(null);

  useEffect(() => {
    const chosen = challengeWindow(box.current?.clientWidth ?? 0);
    setWindow(chosen);
    postToParent('challenge', { windowSize: chosen.size });
  }, []);

  // The ACS ends by sending its frame to our status page, by a load or by a client-side
  // navigation (no load event): the frame's address is watched, readable once it is our origin.
  useEffect(() => {
    const started = performance.now();
    const timer = setInterval(() => {
      let here: URL | null = null;
      try {
        const href = frame.current?.contentWindow?.location.href;
        here = href && href !== 'about:blank' ? new URL(href) : null;
      } catch {
        here = null; // still on the issuer's origin
      }
      if (here && /^\/payments\/payin\/[^/]+\/status$/.test(here.pathname)) {
        clearInterval(timer);
        recordFrameMetric('threeds_challenge', performance.now() - started);
        window.location.assign(here.href);
      }
    }, 250);
    return () => clearInterval(timer);
  }, []);

  const onLoad = () => frame.current?.focus();

  return (
    <section aria-labelledby="challenge-title" className="space-y-2" ref={box}>
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
            height: `${window_.height}px`,
            border: 0,
            display: 'block',
          }}
        />
      ) : null}
    </section>
  );
}
