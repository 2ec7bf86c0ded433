/**
 * The ACS page's passkey probe: it answers whether a passkey can be made here, and answers
 * within its bound even when the platform never does, so the challenge's answer (shown once the
 * probe answered) is never held and never says "no" only because it was given too early.
 */
import { describe, expect, it } from 'vitest';
import { probePasskeyCapability, type ProbeEnvironment } from './passkey-probe';

const credential = (answer: () => Promise<boolean>): ProbeEnvironment['PublicKeyCredential'] => ({
  parseCreationOptionsFromJSON: () => ({}),
  isUserVerifyingPlatformAuthenticatorAvailable: answer,
});

describe('probePasskeyCapability', () => {
  it('is true with a user-verifying platform authenticator, the JSON helpers and the frame allowed', async () => {
    expect(await probePasskeyCapability({ PublicKeyCredential: credential(async () => true) })).toBe(true);
    const allows = { featurePolicy: { allowsFeature: (f: string) => f === 'publickey-credentials-create' } };
    expect(await probePasskeyCapability({ document: allows, PublicKeyCredential: credential(async () => true) })).toBe(true);
  });

  it('waits for a slow platform answer within its bound', async () => {
    const slow = credential(() => new Promise((resolve) => setTimeout(() => resolve(true), 50)));
    expect(await probePasskeyCapability({ PublicKeyCredential: slow }, 1000)).toBe(true);
  });

  it('is false after its bound when the platform never answers, and when it fails', async () => {
    const started = Date.now();
    expect(await probePasskeyCapability({ PublicKeyCredential: credential(() => new Promise(() => undefined)) }, 100)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(
      await probePasskeyCapability({ PublicKeyCredential: credential(async () => Promise.reject(new Error('NotAllowedError'))) }),
    ).toBe(false);
  });

  it('is false without WebAuthn, without its JSON helpers, without an authenticator, or in a frame not allowed to create credentials', async () => {
    expect(await probePasskeyCapability({})).toBe(false);
    expect(await probePasskeyCapability({ PublicKeyCredential: { isUserVerifyingPlatformAuthenticatorAvailable: async () => true } })).toBe(
      false,
    );
    expect(await probePasskeyCapability({ PublicKeyCredential: credential(async () => false) })).toBe(false);
    const denies = { featurePolicy: { allowsFeature: () => false } };
    expect(await probePasskeyCapability({ document: denies, PublicKeyCredential: credential(async () => true) })).toBe(false);
  });
});
