'use client';
/**
 * A merchant page's embedding, as the console's second origin shows it: the checkout in an
 * iframe, sized from `resize`, its messages accepted from the checkout's origin only and relayed
 * to the console (the parent) on the console's origin only. The iframe is created once the
 * listener is in place, so the checkout's `ready` is never lost.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** A value that never changes while the page lives (useSyncExternalStore's subscription to nothing). */
const noSubscription = () => () => undefined;

export function EmbedHost({
  src,
  checkoutOrigin,
  consoleOrigin,
  title,
}: {
  src: string;
  checkoutOrigin: string;
  consoleOrigin: string;
  title: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  // False on the server and while hydrating, true once the page runs here: the frame is then
  // created, after the hydration's effects (the listener below) have run.
  const listening = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== checkoutOrigin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { source?: string; version?: number; type?: string; height?: number } | null;
      if (!data || data.source !== 'checkout' || data.version !== 1) return;
      if (data.type === 'resize' && typeof data.height === 'number' && frame.current) frame.current.height = String(data.height);
      if (window.parent !== window) window.parent.postMessage({ relay: data }, consoleOrigin);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [checkoutOrigin, consoleOrigin]);
  return listening ? <iframe ref={frame} title={title} src={src} height="600" className="w-full border-0" /> : null;
}
