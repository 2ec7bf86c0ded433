/**
 * The status page's 3-D Secure sentence (three-ds-sentence.ts): one key per outcome the customer
 * can tell apart; a wallet's device authentication (no 3DS message) is not "with your bank".
 */
import { describe, expect, it } from 'vitest';
import { THREE_DS_SENTENCES, threeDsSentence } from './three-ds-sentence';
import en from '@/messages/en.json';

describe('threeDsSentence', () => {
  it('says a challenge passed was confirmed with the bank, and a device cryptogram on the device', () => {
    expect(threeDsSentence({ version: '2.3.1', outcome: 'AUTHENTICATED' })).toBe('authenticated');
    expect(threeDsSentence({ version: null, outcome: 'AUTHENTICATED' })).toBe('device');
    expect(threeDsSentence({ outcome: 'EXEMPTED', exemption: 'LOW_VALUE' })).toBe('lowValue');
    expect(threeDsSentence({ version: null, outcome: 'OUT_OF_SCOPE', outOfScope: 'MOTO' })).toBe('moto');
    expect(threeDsSentence(undefined)).toBeUndefined();
  });

  it('has every key in the catalogue', () => {
    for (const key of THREE_DS_SENTENCES) expect(en.status.authentication[key], key).toMatch(/\S/);
  });
});
