/**
 * Colour contrast per WCAG 2.2 (relative luminance, contrast ratio; SC 1.4.3 text 4.5:1,
 * SC 1.4.11 non-text 3:1) and the correction of a merchant's theme colour that would fail it:
 * the colour is darkened (or lightened, on a dark background) in small steps until it passes,
 * keeping its hue, rather than applied as is (theming); packages/contract/src/theme/theme.ts applies it to every colour of a palette.
 */

export type Rgb = [number, number, number];

/** "#rrggbb" → [r, g, b] in 0–255; null for anything else. */
export function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const toHex = ([r, g, b]: Rgb): string => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of an sRGB colour (0 black … 1 white). */
export function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color` adjusted until its contrast with `against` reaches `minimum`: mixed toward black
 * when `against` is light, toward white when it is dark. Returns `color` unchanged when it
 * already passes. Throws on a colour that is not "#rrggbb".
 */
export function ensureContrast(color: string, against: string, minimum: number): string {
  const base = parseHex(color);
  const background = parseHex(against);
  if (!base || !background) throw new Error('colours must be #rrggbb');
  if (contrastRatio(base, background) >= minimum) return toHex(base);
  const target: Rgb = luminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const [r, g, b] = base;
  const [toR, toG, toB] = target;
  for (let step = 1; step <= 100; step += 1) {
    const t = step / 100;
    const towards = (c: number, to: number) => Math.round(c + (to - c) * t);
    const mixed: Rgb = [towards(r, toR), towards(g, toG), towards(b, toB)];
    if (contrastRatio(mixed, background) >= minimum) return toHex(mixed);
  }
  return toHex(target);
}
