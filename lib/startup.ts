/**
 * What the Node.js server does once at start (called from instrumentation.ts): checks the
 * configuration and stops the process with the bad variables named, says when the pages run in
 * test mode, makes every request's X-Forwarded-For end with its socket address (the customer IP
 * rule of lib/net/client-ip.ts), logs each request with its duration and id
 * (lib/net/request-log.ts), and starts the embedded sandbox's worker (stopped on SIGTERM) (timed outcomes, webhooks).
 */
import { assertConfig, ConfigError, type AppConfig } from '@/lib/config';
import { logger } from '@/lib/log';
import { appendPeerToForwardedFor } from '@/lib/net/client-ip';
import { logRequests } from '@/lib/net/request-log';

export async function startServer(): Promise<void> {
  let config: AppConfig;
  try {
    config = assertConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    logger.fatal({ problems: error.problems }, error.message);
    console.error(error.message);
    process.exit(1);
  }
  // Before any request: the socket's address ends X-Forwarded-For (the customer IP rule).
  appendPeerToForwardedFor();
  logRequests();
  if (config.testMode) {
    logger.warn(
      { paymentsApi: config.PAYMENTS_API_BASE_URL ?? 'embedded sandbox' },
      'TEST MODE: the hosted pages run against a sandbox of the payments service; no real payment is made, and every page shows a Test mode badge',
    );
  }
  if (!config.sandboxEnabled || config.SANDBOX_WORKER === 'off') return;
  const { startSandboxWorker, stopSandboxWorker } = await import('@/lib/sandbox/worker');
  startSandboxWorker();
  // Graceful shutdown: the worker claims nothing more and finishes its pass; Next.js lets the
  // requests in flight finish before the process ends.
  process.once('SIGTERM', () => {
    logger.info('SIGTERM: the sandbox worker stops claiming');
    void stopSandboxWorker();
  });
}
