/**
 * Secure Payment Confirmation in the browser (W3C SPC, a passkey in 3-D Secure), loaded only when the issuer offers
 * it (the card page's own JavaScript stays within its budget): shows the browser's prompt with
 * exactly the offer's data (the merchant, the amount and the card) and answers the signed
 * assertion as JSON (WebAuthn's base64url encoding), or null when the browser has no SPC, the
 * customer cancels, or it fails: the issuer's ordinary challenge follows then.
 */
import type { SpcOffer } from '@hosted-checkout/contract/payin';

const bytes = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const base64url = (buffer: ArrayBuffer | null) =>
  buffer === null
    ? undefined
    : btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=/g, '');

/** The SPC assertion for `offer`, as the JSON the card action reports; null when there is none. */
export async function confirmWithPasskey(offer: SpcOffer): Promise<string | null> {
  if (typeof PaymentRequest === 'undefined') return null;
  try {
    const request = new PaymentRequest(
      [
        {
          supportedMethods: 'secure-payment-confirmation',
          data: {
            credentialIds: offer.credentialIds.map(bytes),
            challenge: bytes(offer.challenge),
            rpId: offer.rpId,
            payeeName: offer.payeeName,
            instrument: offer.instrument,
            timeout: offer.timeout,
          },
        },
      ],
      { total: { label: 'Total', amount: offer.total } },
    );
    if (!(await request.canMakePayment())) return null;
    const response = await request.show();
    await response.complete('success');
    const credential = response.details as PublicKeyCredential;
    const assertion = credential.response as AuthenticatorAssertionResponse;
    return JSON.stringify({
      id: credential.id,
      rawId: base64url(credential.rawId),
      type: 'public-key',
      response: {
        clientDataJSON: base64url(assertion.clientDataJSON),
        authenticatorData: base64url(assertion.authenticatorData),
        signature: base64url(assertion.signature),
        userHandle: base64url(assertion.userHandle),
      },
    });
  } catch {
    return null;
  }
}
