/**
 * Server configuration from the environment (README, "Configuration").
 * - CHECKOUT_URL: public origin of these pages ({checkout_url}); default http://localhost:$PORT.
 * - PAYMENTS_API_BASE_URL / PAYMENTS_API_TOKEN: the payments service; unset → embedded sandbox.
 * - SANDBOX=1: serve the sandbox even when a real service is configured.
 */

const port = () => process.env.PORT ?? '3000';

/** Public origin of the hosted pages, without a trailing slash. */
export function checkoutUrl(): string {
  return (process.env.CHECKOUT_URL ?? `http://localhost:${port()}`).replace(/\/+$/, '');
}

/** Whether the embedded sandbox answers under /sandbox. */
export function sandboxEnabled(): boolean {
  return !process.env.PAYMENTS_API_BASE_URL || process.env.SANDBOX === '1';
}

/** Where the checkout server calls the payments service, and with which bearer token. */
export function paymentsApiConfig(): { baseUrl: string; token: string; timeoutMs: number } {
  const configured = process.env.PAYMENTS_API_BASE_URL;
  return {
    baseUrl: (configured ?? `http://127.0.0.1:${port()}/sandbox/api`).replace(/\/+$/, ''),
    token: process.env.PAYMENTS_API_TOKEN ?? (configured ? '' : 'sbx_checkout'),
    timeoutMs: Number(process.env.PAYMENTS_API_TIMEOUT_MS ?? 15000),
  };
}

/** The embedded sandbox's own API on this server (the console calls it as a merchant would). */
export function sandboxApiBaseUrl(): string {
  return `http://127.0.0.1:${port()}/sandbox/api`;
}

/**
 * The same server under its other loopback name (localhost ↔ 127.0.0.1): a second origin for
 * the console's embedding demo, as a merchant's site would be. Null for other hosts.
 */
export function twinOrigin(origin: string): string | null {
  const url = new URL(origin);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  else if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else return null;
  return url.origin;
}
