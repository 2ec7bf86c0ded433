/** Next.js start-up hook: starts the embedded sandbox's worker (timed outcomes, webhooks). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { sandboxEnabled } = await import('@/lib/config');
  if (!sandboxEnabled() || process.env.SANDBOX_WORKER === 'off') return;
  const { startSandboxWorker } = await import('@/lib/sandbox/worker');
  startSandboxWorker();
}
