'use client';
/**
 * Connects a framed page to the merchant's page: `ready` once, then `resize` with the
 * page's height in CSS px on every layout change. Renders nothing.
 */
import { useEffect } from 'react';
import { initParentMessaging, postToParent } from '@/lib/framing/parent-messages';

export function FrameBridge(props: { allowedOrigins: string[]; transactionType?: string; paymentId?: string; sessionId?: string }) {
  const { allowedOrigins, transactionType, paymentId, sessionId } = props;
  useEffect(() => {
    initParentMessaging(allowedOrigins, { transactionType, paymentId, sessionId });
    postToParent('ready');
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
  }, [allowedOrigins, transactionType, paymentId, sessionId]);
  return null;
}
