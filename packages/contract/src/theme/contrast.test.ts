import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, luminance, parseHex } from './contrast';

const ratio = (a: string, b: string) => contrastRatio(parseHex(a)!, parseHex(b)!);

describe('WCAG contrast', () => {
  it('computes luminance and ratios as WCAG defines them', () => {
    expect(luminance([0, 0, 0])).toBe(0);
    expect(luminance([255, 255, 255])).toBeCloseTo(1, 5);
    expect(ratio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(ratio('#ffffff', '#ffffff')).toBe(1);
    expect(ratio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('leaves a passing colour alone', () => {
    expect(ensureContrast('#4f46e5', '#ffffff', 4.5)).toBe('#4f46e5');
  });

  it('darkens a light brand colour until white text on it passes 4.5:1', () => {
    const corrected = ensureContrast('#ffd400', '#ffffff', 4.5);
    expect(corrected).not.toBe('#ffd400');
    expect(ratio(corrected, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Not more than needed: one step lighter would fail.
    expect(ratio(corrected, '#ffffff')).toBeLessThan(5.2);
  });

  it('lightens a dark colour on a dark background', () => {
    const corrected = ensureContrast('#202020', '#111111', 3);
    expect(ratio(corrected, '#111111')).toBeGreaterThanOrEqual(3);
  });

  it('refuses what is not #rrggbb', () => {
    expect(parseHex('red')).toBeNull();
    expect(() => ensureContrast('red', '#ffffff', 4.5)).toThrow();
  });
});
