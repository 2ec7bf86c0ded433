/**
 * Next.js start-up hook: on the Node.js server, tracing when a collector is configured
 * (lib/tracing.ts), then the configuration check, the test-mode notice and the sandbox's worker
 * (lib/startup.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startTracing } = await import('@/lib/tracing');
  await startTracing();
  const { startServer } = await import('@/lib/startup');
  await startServer();
}
