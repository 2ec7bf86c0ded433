'use client';
/**
 * Shows its children only in the top-most of our documents: not in a page framed by a document
 * of our own origin (lib/framing/own-frame.ts). The server's reading of the request
 * (`framedOnServer`) draws the page and its hydration, so nothing appears and goes; the browser's
 * reading of the window takes over from then on (after a client-side navigation or refresh, whose
 * requests say nothing of the frame, and where the server could not tell).
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { framedByOwnOrigin } from '@/lib/framing/own-frame';

/** A frame's parent does not change while the document lives: nothing to subscribe to. */
const subscribe = () => () => {};

export function TopDocumentOnly({ framedOnServer, children }: { framedOnServer: boolean; children: ReactNode }) {
  const framed = useSyncExternalStore(
    subscribe,
    () => framedByOwnOrigin(window),
    () => framedOnServer,
  );
  return framed ? null : children;
}
