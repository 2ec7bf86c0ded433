/**
 * OpenTelemetry tracing, off unless a collector is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): @vercel/otel registers the SDK with an OTLP/HTTP exporter;
 * Next.js then traces every page render, route handler and server action, and
 * `tracedCall` adds one client span per call to the payments service. Span attributes hold the
 * operation, method, path template and status, never a body (card data travels only in bodies).
 */
import { SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';

/** Whether an exporter is configured. */
const tracingConfigured = (env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);

/** Registers tracing once, at start (instrumentation.ts), when configured. */
export async function startTracing(): Promise<boolean> {
  if (!tracingConfigured()) return false;
  const { registerOTel } = await import('@vercel/otel');
  registerOTel({ serviceName: process.env.OTEL_SERVICE_NAME ?? 'hosted-checkout' });
  return true;
}

/**
 * Runs `call` in a client span `payments-api {operationId}` (a no-op without tracing). The
 * span's status is ERROR when `call` throws; `call` may set `http.response.status_code`.
 */
export function tracedCall<T>(operationId: string, method: string, pathTemplate: string, call: (span: Span) => Promise<T>): Promise<T> {
  return trace.getTracer('hosted-checkout').startActiveSpan(
    `payments-api ${operationId}`,
    {
      kind: SpanKind.CLIENT,
      attributes: { 'payments_api.operation': operationId, 'http.request.method': method, 'url.template': pathTemplate },
    },
    async (span) => {
      try {
        return await call(span);
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
