'use client';
/**
 * A hidden field of the ACS challenge form: "1" when this browser can make a passkey (WebAuthn
 * with a user-verifying platform authenticator), so that the ACS offers one after a passed
 * challenge (E20). Without JavaScript, or without such an authenticator, "0": no offer.
 */
import { useEffect, useState } from 'react';

export function PasskeyCapable() {
  const [capable, setCapable] = useState(false);
  useEffect(() => {
    let live = true;
    const check = typeof PublicKeyCredential === 'undefined' ? Promise.resolve(false) : PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false);
    void check.then((yes) => live && setCapable(yes));
    return () => {
      live = false;
    };
  }, []);
  return <input type="hidden" name="passkeyCapable" value={capable ? '1' : '0'} />;
}
