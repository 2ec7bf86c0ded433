/**
 * Whether a page is framed by one of our own documents (the cashier's frame of a payment page,
 * a payment page's frame of the sandbox's ACS, the sandbox console's embedding demo). Such a page
 * is part of the page around it, which already says what the whole is: the Test mode badge is
 * drawn by the top-most of our documents only (components/frame/test-mode-badge.tsx).
 *
 * Two readings of one fact: the server's, from the request's Fetch Metadata (W3C Fetch Metadata
 * Request Headers: `Sec-Fetch-Dest` `iframe` or `frame`, `Sec-Fetch-Site` `same-origin`), known
 * before the page is drawn but only for a document's own request; and the browser's, from the
 * window (its parent readable and of our origin), which also holds after a client-side
 * navigation or refresh, whose requests say nothing of the frame.
 */

/** The Fetch Metadata headers of a request, by (case-insensitive) name; null when absent. */
export type HeaderReader = (name: string) => string | null;

/**
 * True when the request is a frame's document asked for by a document of our own origin
 * (`Sec-Fetch-Dest` iframe or frame, `Sec-Fetch-Site` same-origin). False for a top-level page,
 * a frame of another site (a merchant's), a request without Fetch Metadata (an older browser),
 * and the fetches of a client-side navigation (`Sec-Fetch-Dest` empty).
 */
export function requestFramedByOwnOrigin(header: HeaderReader): boolean {
  const dest = header('sec-fetch-dest');
  return (dest === 'iframe' || dest === 'frame') && header('sec-fetch-site') === 'same-origin';
}

/** What `framedByOwnOrigin` reads of a window: itself, its parent and its origin. */
export interface WindowLike {
  parent: unknown;
  location: { origin: string };
}

/**
 * True in a document whose parent window is of its own origin. Reading another origin's
 * `location.origin` throws (the same-origin policy), so a merchant's frame answers false.
 */
export function framedByOwnOrigin(win: WindowLike): boolean {
  if (win.parent === win || !win.parent) return false;
  try {
    return (win.parent as WindowLike).location.origin === win.location.origin;
  } catch {
    return false;
  }
}
