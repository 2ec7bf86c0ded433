/**
 * The EMV 3-D Secure Browser object (reference, "Browser"): client fields from `window`,
 * `navigator` and `screen`; `acceptHeader`, `userAgent` and `customerIp` from the request
 * on the server. Without JavaScript the object carries what the server knows and
 * `javascriptEnabled: false`, as EMV 3DS 2.2 allows for browser-based authentication.
 * Server side; the browser's half is `browser-fields.ts` (kept free of zod for the card page).
 */
import { Browser } from '@hosted-checkout/contract/common';

import type { ClientBrowserFields } from './browser-fields';

const ClientFields = Browser.pick({
  language: true,
  timeZoneOffset: true,
  timeZone: true,
  colorDepth: true,
  screenHeight: true,
  screenWidth: true,
  windowHeight: true,
  windowWidth: true,
  javaEnabled: true,
  javascriptEnabled: true,
});

/**
 * Completes the Browser object on the server. `customerIp` is the trusted client address
 * (packages/runtime/src/net/client-ip.ts), never the left of X-Forwarded-For. `clientJson` is the form's hidden field
 * (absent without JavaScript; ignored when malformed). `acceptHeader` is the Accept header
 * of the page request, carried by the form, since a server action's own is not the page's.
 */
export function completeBrowser(
  clientJson: string | null,
  request: { acceptHeader: string | null; userAgent: string | null; customerIp: string | undefined; acceptLanguage: string | null },
): Browser {
  let client: ClientBrowserFields | null = null;
  if (clientJson) {
    try {
      const parsed = ClientFields.safeParse(JSON.parse(clientJson));
      if (parsed.success && parsed.data.javascriptEnabled === true) client = parsed.data;
    } catch {
      client = null;
    }
  }
  const ip = request.customerIp;
  const language = request.acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  return {
    ...(client ?? { javaEnabled: false, javascriptEnabled: false, ...(language ? { language: language.slice(0, 35) } : {}) }),
    ...(request.acceptHeader ? { acceptHeader: request.acceptHeader.slice(0, 2048) } : {}),
    ...(request.userAgent ? { userAgent: request.userAgent.slice(0, 2048) } : {}),
    ...(ip ? { customerIp: ip.slice(0, 45) } : {}),
  };
}
