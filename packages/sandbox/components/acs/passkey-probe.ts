/**
 * Whether this browser can make a passkey on the ACS page (for Secure Payment Confirmation), asked before the challenge's
 * answer can be given (packages/sandbox/components/acs/challenge-answer.tsx): the frame is allowed to
 * create credentials (Permissions Policy), WebAuthn's JSON helpers the offer uses are there, and
 * a user-verifying platform authenticator is available. The last is asynchronous: answered
 * within `boundMs` (default PROBE_BOUND_MS), else false, so the page never waits on it for long.
 */

/** Longest wait for the platform authenticator's answer, in milliseconds. */
export const PROBE_BOUND_MS = 3000;

/** The browser's objects the probe reads (the page's own globals by default; tests give fakes). */
export interface ProbeEnvironment {
  document?: { featurePolicy?: { allowsFeature(feature: string): boolean } };
  PublicKeyCredential?: { parseCreationOptionsFromJSON?: unknown; isUserVerifyingPlatformAuthenticatorAvailable?: () => Promise<boolean> };
}

/** True when a passkey can be made here; false when not, when the check fails, or after `boundMs`. Never rejects. */
export async function probePasskeyCapability(
  env: ProbeEnvironment = globalThis as ProbeEnvironment,
  boundMs = PROBE_BOUND_MS,
): Promise<boolean> {
  const policy = env.document?.featurePolicy;
  const allowed = !policy || policy.allowsFeature('publickey-credentials-create') || policy.allowsFeature('payment');
  const credential = env.PublicKeyCredential;
  if (
    !allowed ||
    !credential ||
    typeof credential.parseCreationOptionsFromJSON !== 'function' ||
    typeof credential.isUserVerifyingPlatformAuthenticatorAvailable !== 'function'
  )
    return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), boundMs);
  });
  try {
    return await Promise.race([
      credential.isUserVerifyingPlatformAuthenticatorAvailable.call(credential).then((yes) => yes === true),
      bound,
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
