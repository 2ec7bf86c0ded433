import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex } from './contrast';
import { DEFAULT_THEME, contrastPairs, normalizeTheme, palette, themeCss, usableLogoUrl } from './theme';

const MERCHANT_COLOURS = [
  '#4338ca',
  '#ffd400',
  '#facc15',
  '#38bdf8',
  '#ffffff',
  '#000000',
  '#0f172a',
  '#ff0000',
  '#00ff00',
  '#7c3aed',
  '#f472b6',
  '#808080',
  '#0f766e',
];

describe('theme palettes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const colour of MERCHANT_COLOURS) {
      it(`${scheme} with ${colour}: every text and control pair passes WCAG AA`, () => {
        const failures = contrastPairs(palette(scheme, colour)).filter((p) => p.ratio < p.minimum);
        expect(failures).toEqual([]);
      });
    }
  }

  it('keeps a passing primary colour as the merchant gave it', () => {
    expect(palette('light', '#4338ca').primary).toBe('#4338ca');
  });

  it('corrects a failing primary colour, keeping its hue family, instead of applying it', () => {
    const light = palette('light', '#ffd400').primary;
    expect(light).not.toBe('#ffd400');
    expect(contrastRatio(parseHex(light)!, parseHex('#ffffff')!)).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = parseHex(light)!;
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(b);
    const dark = palette('dark', '#1e1b4b').primary;
    expect(contrastRatio(parseHex(dark)!, parseHex('#0f172a')!)).toBeGreaterThanOrEqual(4.5);
  });

  it('writes text on primary in the page colour: white in light, dark on a light primary in dark', () => {
    expect(palette('light', '#4338ca').onPrimary).toBe('#ffffff');
    expect(palette('dark', '#facc15').onPrimary).toBe('#0f172a');
  });
});

describe('theme CSS', () => {
  it('normalizes unknown or out-of-range values to the default', () => {
    expect(
      normalizeTheme({ primaryColor: 'red;}body{display:none', radius: 400, fontFamily: 'Comic Sans", url(x)', colorScheme: 'sepia' }),
    ).toEqual({
      ...DEFAULT_THEME,
      radius: 32,
    });
    expect(normalizeTheme(undefined)).toEqual(DEFAULT_THEME);
  });

  it('emits radius, font stack and one palette for light or dark', () => {
    const css = themeCss({ primaryColor: '#0f766e', radius: 0, fontFamily: 'serif', colorScheme: 'dark' });
    expect(css).toMatch(/^:root\{--c-radius:0px;--c-font:Charter,[^;]*serif;color-scheme:dark;--c-page:#0f172a;/);
    expect(css).not.toContain('@media');
  });

  it('emits the dark palette under prefers-color-scheme for auto', () => {
    const css = themeCss({ primaryColor: '#0f766e', radius: 12, colorScheme: 'auto' });
    expect(css).toContain('color-scheme:light');
    expect(css).toMatch(/@media \(prefers-color-scheme:dark\)\{:root\{color-scheme:dark;/);
  });
});

describe('logo URLs', () => {
  it('shows https: and inline images only', () => {
    expect(usableLogoUrl('https://cdn.example.com/logo.svg')).toBe('https://cdn.example.com/logo.svg');
    expect(usableLogoUrl('data:image/svg+xml,%3Csvg%3E')).toBe('data:image/svg+xml,%3Csvg%3E');
    for (const bad of ['http://cdn.example.com/logo.png', 'javascript:alert(1)', 'data:text/html,<script>', '/logo.png', '', undefined]) {
      expect(usableLogoUrl(bad)).toBeNull();
    }
  });
});
