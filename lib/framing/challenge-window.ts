/**
 * The size of the issuer's 3-D Secure challenge frame (EMV 3-D Secure 2, challenge window sizes,
 * CSS px: 01 250×400, 02 390×400, 03 500×600, 04 600×400, 05 full width). The largest 400 px high
 * window that fits the width the page has: 04 from 600 px, 02 from 390 px; narrower (a phone, or
 * the cashier inside a merchant's frame), 05, the full width, rather than 01's 250 px, which left
 * the ACS a column too narrow for its buttons. The height is the window's, or the ACS page's own
 * when the page can read it (the sandbox's ACS on our origin) and it is taller: the frame never
 * scrolls inside itself.
 */

/** A challenge window: its EMV size code, its width in CSS px (null: the full width) and its height. */
export interface ChallengeWindow {
  size: '02' | '04' | '05';
  width: number | null;
  height: number;
}

const WINDOWS = [
  { size: '04', width: 600, height: 400 },
  { size: '02', width: 390, height: 400 },
] as const;

/** The EMV window for `available` CSS px of width: 04, 02, else 05 (full width, 400 high). */
export function challengeWindow(available: number): ChallengeWindow {
  const fit = WINDOWS.find((w) => w.width <= available);
  return fit ? { size: fit.size, width: fit.width, height: fit.height } : { size: '05', width: null, height: 400 };
}

/** The frame's height in CSS px: the window's, or `contentHeight` (the framed page's, when readable; null when not) when taller. */
export function challengeFrameHeight(window: ChallengeWindow, contentHeight: number | null): number {
  return contentHeight !== null && Number.isFinite(contentHeight) ? Math.max(window.height, Math.ceil(contentHeight)) : window.height;
}
