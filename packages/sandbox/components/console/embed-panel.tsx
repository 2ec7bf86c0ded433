'use client';
/**
 * The console's embedding panel: the merchant page of the second origin (which frames the
 * checkout) and the log of what it relays. The iframe is created only once the listener is in
 * place, so the checkout's first messages (`ready`) cannot arrive before anyone listens; only
 * messages from the embed host's origin and window are accepted.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** A value that never changes while the page lives (useSyncExternalStore's subscription to nothing). */
const noSubscription = () => () => undefined;

interface EmbedPanelProps {
  hostOrigin: string;
  /** The embed host page, on hostOrigin, with the checkout page as ?src=. */
  hostUrl: string;
  frameTitle: string;
  heading: string;
  empty: string;
}

export function EmbedPanel({ hostOrigin, hostUrl, frameTitle, heading, empty }: EmbedPanelProps) {
  const [messages, setMessages] = useState<string[]>([]);
  // False on the server and while hydrating, true once the page runs here: the frame is then
  // created, after the hydration's effects (the listener below) have run.
  const listening = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== hostOrigin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { relay?: unknown } | null;
      if (!data || typeof data !== 'object' || !('relay' in data)) return;
      setMessages((previous) => [...previous, JSON.stringify(data.relay)].slice(-50));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [hostOrigin]);
  return (
    <>
      {listening ? (
        <iframe
          ref={frame}
          title={frameTitle}
          src={hostUrl}
          height="640"
          className="mt-2 w-full max-w-xl rounded-theme border border-line"
        />
      ) : (
        <noscript>
          <iframe title={frameTitle} src={hostUrl} height="640" className="mt-2 w-full max-w-xl rounded-theme border border-line" />
        </noscript>
      )}
      <section aria-labelledby="message-log-heading" className="mt-3">
        <h3 id="message-log-heading" className="font-semibold">
          {heading}
        </h3>
        <ol
          aria-live="polite"
          data-testid="message-log"
          className="mt-1 max-h-64 overflow-auto rounded-theme border border-line bg-surface p-2 font-mono text-xs"
        >
          {messages.length === 0 ? <li>{empty}</li> : messages.map((m, i) => <li key={i}>{m}</li>)}
        </ol>
      </section>
    </>
  );
}
