'use client';
/**
 * The theme's style element (components/theme/theme-style.tsx) with the nonce the document's
 * Content-Security-Policy names. Rendered by the server, it carries the request's nonce; created
 * in the browser by a client navigation (a server action's redirect to the status page), the
 * server's nonce is that later request's, which this document's CSP does not name, and the style
 * would be blocked: there it takes the document's own nonce, read from its first nonce'd script.
 */
import { useSyncExternalStore } from 'react';

/** A value that never changes while the page lives (useSyncExternalStore's subscription to nothing). */
const noSubscription = () => () => undefined;

/** The nonce of the document's first nonce'd script (browsers hide the attribute, not the property), or undefined. */
const documentNonce = () => document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;

export function ThemeStyleElement({ css, nonce }: { css: string; nonce: string | undefined }) {
  const current = useSyncExternalStore(
    noSubscription,
    () => documentNonce() ?? nonce,
    () => nonce,
  );
  return <style nonce={current} dangerouslySetInnerHTML={{ __html: css }} />;
}
