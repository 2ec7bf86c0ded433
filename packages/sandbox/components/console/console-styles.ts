/** What the sandbox console's panels share: their props and the classes of their fields and buttons. */
import type { consoleOverview } from '@sandbox/service/pages/console-data';

export interface PanelProps {
  token: string;
  currencies: string[];
  routers: string[];
  /** The checkout's origin (links to the hosted pages). */
  checkoutOrigin: string;
  overview: Awaited<ReturnType<typeof consoleOverview>>;
}

export const field = 'mt-1 block w-full rounded-theme border border-control px-2 py-1.5';
export const button = 'rounded-theme bg-primary px-3 py-1.5 font-semibold text-on-primary hover:bg-primary-strong';
export const small = 'rounded-theme border border-primary px-2 py-1 text-sm text-primary hover:bg-primary-soft';

/** A link back to the console for the merchant of `token`, with `extra` in its query. */
export const consoleHrefFor = (token: string, extra: Record<string, string> = {}) =>
  `/sandbox?${new URLSearchParams({ token, ...extra }).toString()}`;
