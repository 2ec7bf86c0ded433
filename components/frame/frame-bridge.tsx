'use client';
/**
 * Connects a framed page to the merchant's page: `ready` once, then `resize` with the
 * page's height in CSS px on every layout change; and starts the page's own measurements
 * (lib/framing/frame-vitals.ts) as `page`, with `timing` messages when the merchant's settings
 * say `frameTimings`. Renders nothing.
 */
import { useEffect } from 'react';
import { initParentMessaging, postToParent } from '@/lib/framing/parent-messages';
import { startFrameVitals } from '@/lib/framing/frame-vitals';
import type { FramePage } from '@/lib/framing/frame-vitals-labels';

/** The frame bridge of page `page` (see above); `frameTimings`: the merchant's opt-in to `timing` messages (default off). */
export function FrameBridge(props: {
  allowedOrigins: string[];
  page: FramePage;
  frameTimings?: boolean;
  transactionType?: string;
  paymentId?: string;
  sessionId?: string;
}) {
  const { allowedOrigins, page, frameTimings = false, transactionType, paymentId, sessionId } = props;
  useEffect(() => {
    initParentMessaging(allowedOrigins, { transactionType, paymentId, sessionId });
    postToParent('ready');
    startFrameVitals(page, frameTimings);
    let last = -1;
    const report = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        postToParent('resize', { height });
      }
    };
    report();
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [allowedOrigins, page, frameTimings, transactionType, paymentId, sessionId]);
  return null;
}
