/**
 * Untrusted text passed on to a merchant (packages/contract/src/untrusted-text.ts): control and
 * bidirectional characters out, cut by code points (a surrogate pair stays whole), markup kept.
 */
import { describe, expect, it } from 'vitest';
import { boundedUntrustedText, SPENT_USER_AGENT_MAX, spentUserAgent } from './untrusted-text';

describe('untrusted text', () => {
  it('removes C0, DEL, C1 and bidirectional controls, and keeps markup as it came', () => {
    expect(boundedUntrustedText('a\r\nb\tc\u001b[0m\u007f\u0085\u202ed\u2066e', 100)).toBe('abc[0mde');
    expect(boundedUntrustedText('<script>alert(1)</script>', 100)).toBe('<script>alert(1)</script>');
  });

  it('cuts to the bound in code points without splitting a pair, trims, and answers undefined for nothing', () => {
    expect(boundedUntrustedText('ab😀cd', 3)).toBe('ab😀');
    expect(spentUserAgent('x'.repeat(600))).toHaveLength(SPENT_USER_AGENT_MAX);
    expect(spentUserAgent('  Mozilla  ')).toBe('Mozilla');
    expect(spentUserAgent('\r\n\u0007')).toBeUndefined();
    expect(spentUserAgent(null)).toBeUndefined();
  });
});
