/**
 * What the Node.js server does once at start (called from instrumentation.ts): masks card
 * numbers in everything the process writes to stdout and stderr (Next.js's own log lines and any
 * console call: packages/runtime/src/log.ts, `maskPansInOutput`, the last line of defence), checks the
 * configuration and stops the process with the bad variables named, says when the pages run in
 * test mode, makes every request's X-Forwarded-For end with its socket address (the customer IP
 * rule of packages/runtime/src/net/client-ip.ts), logs each request with its duration and id
 * (lib/net/request-log.ts), guards every request before Next.js (lib/net/request-guard.ts),
 * exits by a deadline after SIGTERM (packages/runtime/src/net/shutdown.ts), lets abort reasons go of the renders
 * that made them (lib/net/abort-reasons.ts), serves the Prometheus metrics on a port of
 * their own when METRICS_PORT is set (lib/net/metrics-listener.ts, closed on SIGTERM), and starts the
 * embedded sandbox's worker (stopped on SIGTERM) (timed outcomes, webhooks).
 */
import { assertConfig, ConfigError, type AppConfig } from '@/lib/config';
import { logger, maskPansInOutput } from '@hosted-checkout/runtime/log';
import { formatAbortReasons } from '@/lib/net/abort-reasons';
import { appendPeerToForwardedFor } from '@hosted-checkout/runtime/net/client-ip';
import { guardRequests } from '@/lib/net/request-guard';
import { logRequests } from '@/lib/net/request-log';
import { forgetAnswersOnClose } from '@/lib/payments-api/request-memo-close';
import { installShutdown, onShutdown } from '@hosted-checkout/runtime/net/shutdown';
import { addReadinessProbe } from '@/lib/checkout/shared/readiness';

/**
 * The Prometheus metrics listener on METRICS_HOST:METRICS_PORT (lib/net/metrics-listener.ts), asking
 * for METRICS_TOKEN when set, closed at shutdown; nothing without METRICS_PORT. A port it cannot
 * take is logged and the pages are served all the same (the scraper's `up` then says so): the
 * payments come before their metrics.
 */
async function startMetrics(config: AppConfig): Promise<void> {
  if (config.METRICS_PORT === undefined) return;
  const { startMetricsServer } = await import('@/lib/net/metrics-listener');
  try {
    const listener = await startMetricsServer(config.METRICS_PORT, config.METRICS_HOST, { token: config.METRICS_TOKEN });
    // Whether a token is asked for, never the token.
    const auth = config.METRICS_TOKEN ? 'bearer' : 'none';
    logger.info({ host: config.METRICS_HOST, port: listener.port, auth }, 'metrics: GET /metrics on their own port');
    onShutdown(() => void listener.close());
  } catch (error) {
    logger.error({ err: error, host: config.METRICS_HOST, port: config.METRICS_PORT }, 'metrics: the listener could not start');
  }
}

/** Runs the start-up steps above; exits the process (code 1) when the configuration is invalid. */
export async function startServer(): Promise<void> {
  // First: whatever is written from here on, by anyone, passes the card-number mask.
  maskPansInOutput();
  let config: AppConfig;
  try {
    config = assertConfig();
  } catch (error) {
    if (!ConfigError.is(error)) throw error;
    logger.fatal({ problems: error.problems }, error.message);
    console.error(error.message);
    process.exit(1);
  }
  // Before any request, in this order: the log (it sees refusals too), the socket's address at
  // the end of X-Forwarded-For (the customer IP rule), then the guard (sizes, address, origin,
  // timeouts: lib/net/request-guard.ts), which may answer before Next.js sees the request.
  logRequests();
  forgetAnswersOnClose();
  formatAbortReasons();
  appendPeerToForwardedFor();
  guardRequests();
  installShutdown();
  await startMetrics(config);
  if (config.testMode) {
    logger.warn(
      { paymentsApi: config.PAYMENTS_API_BASE_URL ?? 'embedded sandbox' },
      'TEST MODE: the hosted pages run against a sandbox of the payments service; no real payment is made, and every page shows a Test mode badge',
    );
  }
  if (!config.sandboxEnabled) return;
  const { pingSandboxDatabase, startSandboxWorker, stopSandboxWorker } = await import('@sandbox/service/worker');
  addReadinessProbe('database', pingSandboxDatabase);
  if (config.SANDBOX_WORKER === 'off') return;
  startSandboxWorker();
  // Graceful shutdown: the worker claims nothing more and finishes its pass; Next.js lets the
  // requests in flight finish before the process ends.
  onShutdown(() => {
    logger.info('shutdown: the sandbox worker stops claiming');
    void stopSandboxWorker();
  });
}
