/**
 * A software WebAuthn authenticator for unit tests (W3C WebAuthn Level 3, §6.1 authenticator
 * data, §8.7 "none" attestation; FIDO CTAP2 COSE keys): one ES256 (P-256) passkey that registers
 * with `none` attestation and signs assertions over the client data it is given, such as SPC's
 * `payment.get`. Browser tests use Chromium's virtual authenticator instead (CDP WebAuthn).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { required } from '@hosted-checkout/contract/required';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** Flags of authenticator data: user present (0x01), user verified (0x04), attested credential data (0x40). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export function softwareAuthenticator(rpId: string, options: { userVerified?: boolean } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const rawId = randomBytes(16);
  const id = b64(rawId);
  const rpIdHash = sha256(rpId);
  const uv = options.userVerified === false ? 0 : UV;
  let counter = 0;
  return {
    id,
    /** A RegistrationResponseJSON for `challenge` (base64url) made on `origin`. */
    register(challenge: string, origin: string) {
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin, crossOrigin: false }));
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(required(jwk.x, 'the x of the P-256 public key'), 'base64url')],
        [-3, Buffer.from(required(jwk.y, 'the y of the P-256 public key'), 'base64url')],
      ]);
      const credentialData = Buffer.concat([Buffer.alloc(16), Buffer.from([0, rawId.length]), rawId, Buffer.from(isoCBOR.encode(cose))]);
      const authData = Buffer.concat([rpIdHash, Buffer.from([UP | uv | AT]), u32(counter), credentialData]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ['internal' as const] },
        clientExtensionResults: {},
      };
    },
    /** An assertion over `clientData` (the JSON the browser would write), signed ES256 (DER); `userVerified: false` clears the UV flag of this one. */
    assert(clientData: Record<string, unknown>, once: { userVerified?: boolean } = {}) {
      counter += 1;
      const clientDataJSON = Buffer.from(JSON.stringify(clientData));
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([UP | (once.userVerified === false ? 0 : uv)]), u32(counter)]);
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authenticatorData), signature: b64(signature) },
      };
    },
  };
}
