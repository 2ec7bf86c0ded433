'use client';
/**
 * The console's log of parent messages: what the embed host (the merchant page on the second
 * origin) relays from the checkout. Only messages from that origin are accepted.
 */
import { useEffect, useState } from 'react';

export function MessageLog({ hostOrigin, heading, empty }: { hostOrigin: string; heading: string; empty: string }) {
  const [messages, setMessages] = useState<string[]>([]);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== hostOrigin) return;
      const data = event.data as { relay?: unknown } | null;
      if (!data || typeof data !== 'object' || !('relay' in data)) return;
      setMessages((previous) => [...previous, JSON.stringify(data.relay)].slice(-50));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [hostOrigin]);
  return (
    <section aria-labelledby="message-log-heading" className="mt-3">
      <h3 id="message-log-heading" className="font-semibold">
        {heading}
      </h3>
      <ol aria-live="polite" data-testid="message-log" className="mt-1 max-h-64 overflow-auto rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs">
        {messages.length === 0 ? <li>{empty}</li> : messages.map((m, i) => <li key={i}>{m}</li>)}
      </ol>
    </section>
  );
}
