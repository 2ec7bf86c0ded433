/**
 * The one sentence the status page says of a card pay-in's 3-D Secure (docs/design.md, section
 * 3, "3-D Secure outcomes"): from the pay-in's `threeDs` result (packages/contract/src/three-ds-outcome.ts),
 * a `status.authentication.*` catalogue key. No ECI, no liability: those are the merchant's.
 */
import type { ThreeDsResult } from '@hosted-checkout/contract/three-ds-outcome';

/** The `status.authentication.*` keys, one per outcome the customer can tell apart. */
export const THREE_DS_SENTENCES = [
  'authenticated',
  'device',
  'frictionless',
  'attempted',
  'dataOnly',
  'lowValue',
  'lowRisk',
  'trusted',
  'outsideEurope',
  'moto',
  'notAuthenticated',
] as const;
export type ThreeDsSentence = (typeof THREE_DS_SENTENCES)[number];

const EXEMPTION_SENTENCE = { LOW_VALUE: 'lowValue', TRA: 'lowRisk', TRUSTED_BENEFICIARY: 'trusted' } as const;

/** The sentence of a pay-in's 3-D Secure result; none before it ends (or for another method). */
export function threeDsSentence(
  result: (Pick<ThreeDsResult, 'outcome' | 'exemption' | 'outOfScope'> & Partial<Pick<ThreeDsResult, 'version'>>) | undefined,
): ThreeDsSentence | undefined {
  switch (result?.outcome) {
    case 'AUTHENTICATED':
      // No 3DS message: a wallet's device cryptogram, the cardholder confirmed on the device, not with the bank.
      return result.version === null ? 'device' : 'authenticated';
    case 'FRICTIONLESS':
      return 'frictionless';
    case 'ATTEMPTED':
      return 'attempted';
    case 'DATA_ONLY':
      return 'dataOnly';
    case 'EXEMPTED':
      return result.exemption ? EXEMPTION_SENTENCE[result.exemption] : undefined;
    case 'OUT_OF_SCOPE':
      return result.outOfScope === 'MOTO' ? 'moto' : 'outsideEurope';
    case 'NOT_AUTHENTICATED':
      return 'notAuthenticated';
    default:
      return undefined;
  }
}
