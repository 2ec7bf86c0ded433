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
