/**
 * The client half of the EMV 3-D Secure Browser object (reference, "Browser"): the fields only
 * the browser knows, read from `window`, `navigator` and `screen`. No dependencies, so the
 * card page stays light; the server completes the object in `browser-info.ts`.
 */

/** Browser fields the client provides. Sizes in CSS px; `timeZoneOffset` in minutes (UTC − local). */
export interface ClientBrowserFields {
  language?: string;
  timeZoneOffset?: number;
  timeZone?: string;
  colorDepth?: number;
  screenHeight?: number;
  screenWidth?: number;
  windowHeight?: number;
  windowWidth?: number;
  javaEnabled?: boolean;
  javascriptEnabled?: boolean;
}

/** Reads the client fields (call in the browser). */
export function collectClientBrowserFields(): ClientBrowserFields {
  return {
    language: navigator.language,
    timeZoneOffset: new Date().getTimezoneOffset(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    colorDepth: screen.colorDepth,
    screenHeight: screen.height,
    screenWidth: screen.width,
    windowHeight: window.innerHeight,
    windowWidth: window.innerWidth,
    javaEnabled: false,
    javascriptEnabled: true,
  };
}
