'use client';
/**
 * A hidden field of the ACS challenge form: "1" when this browser can make a passkey here
 * (WebAuthn with a user-verifying platform authenticator, the JSON helpers the offer uses, and
 * the frame allowed to create credentials), so that the ACS offers one after a passed challenge
 * (E20). Without JavaScript, or without any of these, "0": no offer that could only fail.
 */
import { useEffect, useState } from 'react';

export function PasskeyCapable() {
  const [capable, setCapable] = useState(false);
  useEffect(() => {
    let live = true;
    const policy = (document as Document & { featurePolicy?: { allowsFeature(feature: string): boolean } }).featurePolicy;
    const allowed = !policy || policy.allowsFeature('publickey-credentials-create') || policy.allowsFeature('payment');
    const helpers = typeof PublicKeyCredential !== 'undefined' && typeof (PublicKeyCredential as unknown as { parseCreationOptionsFromJSON?: unknown }).parseCreationOptionsFromJSON === 'function';
    const check = !allowed || !helpers ? Promise.resolve(false) : PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false);
    void check.then((yes) => live && setCapable(yes));
    return () => {
      live = false;
    };
  }, []);
  return <input type="hidden" name="passkeyCapable" value={capable ? '1' : '0'} />;
}
