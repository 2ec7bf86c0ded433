/**
 * Wallet tokens of the shapes Google Pay and Apple Pay return, for tests: Google Pay's
 * PAYMENT_GATEWAY token (protocol ECv2: Google Pay API, "Payment data cryptography") and Apple
 * Pay's paymentData (EC_v1: "Payment token format reference"). The sandbox cannot check Google's
 * or Apple's signatures offline, nor decrypt without a gateway key: its TEST reading takes the
 * encrypted part as the decrypted payload in base64, and these builders write it so.
 */
import { randomUUID } from 'node:crypto';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** Google Pay's tokenizationData.token for a card (PAN_ONLY, or CRYPTOGRAM_3DS with a cryptogram). */
export function googlePayToken(options: {
  gatewayMerchantId: string;
  pan: string;
  authMethod?: 'PAN_ONLY' | 'CRYPTOGRAM_3DS';
  expiresInMs?: number;
  messageId?: string;
}): string {
  const authMethod = options.authMethod ?? 'PAN_ONLY';
  const payload = {
    gatewayMerchantId: options.gatewayMerchantId,
    messageExpiration: String(Date.now() + (options.expiresInMs ?? 600_000)),
    messageId: options.messageId ?? `AH2Ejt${randomUUID()}`,
    paymentMethod: 'CARD',
    paymentMethodDetails: {
      expirationYear: 2031,
      expirationMonth: 12,
      pan: options.pan,
      authMethod,
      ...(authMethod === 'CRYPTOGRAM_3DS' ? { cryptogram: 'AAAAAA==', eciIndicator: '05' } : {}),
    },
  };
  return JSON.stringify({
    protocolVersion: 'ECv2',
    signature: 'MEQCIH6Q4OwQ0jAceFEkGF0JID6sJNXxOEi4r+mA7biRxqBQAiAondqoUpU/bdsrAOpZIsrHQS9nwiiNwOrr24RyPeHA0Q==',
    intermediateSigningKey: {
      signedKey: '{"keyExpiration":"1542323393147","keyValue":"MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"}',
      signatures: ['MEYCIQCO2EIi48s8VTH+ilMEpoXLFfkxAwHjfPSCVED/QDSHmQ=='],
    },
    signedMessage: JSON.stringify({
      encryptedMessage: b64(payload),
      ephemeralPublicKey: 'BOdoXP1aiNp.....kh3JUhiSZKHYF2Y=',
      tag: 'MAf9kgfzWpS2vAXWLb2D8ivGAS0kuzRJhyqiGgMkMVk=',
    }),
  });
}

/** Apple Pay's token.paymentData (EC_v1, paymentDataType 3DSecure) for a card and amount (minor units, ISO 4217 numeric currency). */
export function applePayToken(options: { pan: string; amountMinor: number; currencyNumeric: string; transactionId?: string }): string {
  const payload = {
    applicationPrimaryAccountNumber: options.pan,
    applicationExpirationDate: '311231',
    currencyCode: options.currencyNumeric,
    transactionAmount: options.amountMinor,
    deviceManufacturerIdentifier: '040010030273',
    paymentDataType: '3DSecure',
    paymentData: { onlinePaymentCryptogram: 'Af9x/QwAA/DjmU65oyc1MAABAAA=', eciIndicator: '5' },
  };
  return JSON.stringify({
    version: 'EC_v1',
    data: b64(payload),
    signature: 'MIAGCSqGSIb3DQEHAqCAMIACAQExDzANBglghkgBZQMEAgEFADCABgkqhkiG9w0BBwEAAKCAMIID',
    header: {
      ephemeralPublicKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE',
      publicKeyHash: 'tqYV+tmG9aMh+l/K6cicUnPqkb1gUiLjSTM9gEz6Nl0=',
      transactionId: options.transactionId ?? randomUUID().replace(/-/g, ''),
    },
  });
}
