/**
 * What a build without the sandbox (an image for a real payments service, BUILD_WITHOUT_SANDBOX=1:
 * next.config.mjs) has in place of the sandbox's worker module (packages/sandbox/service/worker.ts):
 * the same exports, each refusing with the reason, so that such a build started without
 * PAYMENTS_API_BASE_URL stops at start with a clear message instead of serving a half checkout.
 */
const absent = (): never => {
  throw new Error(
    'This build carries no sandbox of the payments service: set PAYMENTS_API_BASE_URL and PAYMENTS_API_TOKEN (and SANDBOX=0)',
  );
};

/** Refuses: no sandbox in this build. */
export const startSandboxWorker = (): void => absent();
/** Refuses: no sandbox in this build. */
export const stopSandboxWorker = async (): Promise<void> => absent();
/** Refuses: no sandbox in this build. */
export const pingSandboxDatabase = async (): Promise<boolean> => absent();
