/**
 * The merchant's theme (checkout settings' `theme`: primary colour, corner radius, font family from a safe
 * list, colour scheme) turned into the CSS custom properties every hosted page is styled with
 * (`app/globals.css` maps them to Tailwind colours: `bg-primary`, `text-fg`, `rounded-theme`…).
 *
 * Colours that would fail WCAG 2.2 AA are corrected, never applied as is: the primary colour
 * is moved (keeping its hue) until text in it and text on it reach 4.5:1 against every surface
 * of the scheme (SC 1.4.3), which also gives borders and focus outlines their 3:1 (SC 1.4.11).
 */
import { contrastRatio, ensureContrast, parseHex, toHex, type Rgb } from './contrast';

/**
 * Font families a merchant may choose. Each is a stack of fonts already on the customer's
 * device (no font file is downloaded: no third-party request, nothing for CSP `font-src` to
 * allow, no layout shift), ending in a generic family so Arabic, Hebrew, CJK and Devanagari
 * fall back to the system's fonts. Stacks after Modern Font Stacks (modernfontstacks.com, CC0).
 */
export const FONT_FAMILIES = ['system', 'neo-grotesque', 'humanist', 'geometric', 'rounded', 'serif'] as const;
type FontFamily = (typeof FONT_FAMILIES)[number];
const FONT_STACKS: Record<FontFamily, string> = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  'neo-grotesque': 'Inter, Roboto, "Helvetica Neue", "Arial Nova", "Nimbus Sans", Arial, sans-serif',
  humanist: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif',
  geometric: 'Avenir, Montserrat, Corbel, "URW Gothic", source-sans-pro, sans-serif',
  rounded:
    'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", "Arial Rounded MT Bold", Calibri, source-sans-pro, sans-serif',
  serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif',
};

/** `light`, `dark`, or `auto`: the customer's `prefers-color-scheme`. */
export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;
type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** The theme fields the pages use; anything else in the settings' `theme` is ignored. */
interface ThemeInput {
  primaryColor?: string;
  /** Corner radius in CSS px, 0–32. */
  radius?: number;
  fontFamily?: string;
  colorScheme?: string;
}

/** The theme of a page without a merchant (sandbox pages, the service-unavailable page). */
export const DEFAULT_THEME = {
  primaryColor: '#4338ca',
  radius: 8,
  fontFamily: 'system',
  colorScheme: 'light',
} as const satisfies ThemeInput;

/** The fixed colours of a scheme, chosen to pass AA with each other (a unit test holds them to it). */
const BASE = {
  light: {
    page: '#ffffff',
    surface: '#f8fafc',
    fg: '#0f172a',
    fgMuted: '#475569',
    line: '#cbd5e1',
    control: '#64748b',
    danger: '#b91c1c',
    dangerSoft: '#fef2f2',
    success: '#166534',
    successSoft: '#f0fdf4',
  },
  dark: {
    page: '#0f172a',
    surface: '#1e293b',
    fg: '#f1f5f9',
    fgMuted: '#cbd5e1',
    line: '#334155',
    control: '#94a3b8',
    danger: '#fca5a5',
    dangerSoft: '#450a0a',
    success: '#86efac',
    successSoft: '#052e16',
  },
} as const;

/** One scheme's colours: every value "#rrggbb". */
type Palette = Record<keyof (typeof BASE)['light'] | 'primary' | 'primaryStrong' | 'primarySoft' | 'onPrimary', string>;

const mix = ([r, g, b]: Rgb, [toR, toG, toB]: Rgb, t: number): Rgb => [r + (toR - r) * t, g + (toG - g) * t, b + (toB - b) * t];

/** The channels of a colour this module made or holds ("#rrggbb"); throws for anything else, as ensureContrast does. */
function rgbOf(hex: string): Rgb {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`colours must be #rrggbb: ${hex}`);
  return rgb;
}

/** Whether `value` is one of `list`. */
const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  (list as readonly string[]).includes(value ?? '');

/**
 * The palette of a scheme for a primary colour ("#rrggbb"; anything else falls back to the
 * default). `primary` is text, borders, focus outlines and the fill of buttons whose text is
 * `onPrimary` (the page colour); `primarySoft` is a selected row's background.
 */
export function palette(scheme: 'light' | 'dark', primaryColor: string): Palette {
  const base = BASE[scheme];
  const raw = parseHex(primaryColor) ?? rgbOf(DEFAULT_THEME.primaryColor);
  const page = rgbOf(base.page);
  const primarySoft = toHex(mix(page, raw, scheme === 'light' ? 0.08 : 0.18));
  let primary = toHex(raw);
  for (const background of [base.page, base.surface, primarySoft]) primary = ensureContrast(primary, background, 4.5);
  const extreme: Rgb = scheme === 'light' ? [0, 0, 0] : [255, 255, 255];
  return {
    ...base,
    primary,
    primaryStrong: toHex(mix(rgbOf(primary), extreme, 0.2)),
    primarySoft,
    onPrimary: base.page,
  };
}

const CSS_NAMES: Record<keyof Palette, string> = {
  page: '--c-page',
  surface: '--c-surface',
  fg: '--c-fg',
  fgMuted: '--c-fg-muted',
  line: '--c-line',
  control: '--c-control',
  danger: '--c-danger',
  dangerSoft: '--c-danger-soft',
  success: '--c-success',
  successSoft: '--c-success-soft',
  primary: '--c-primary',
  primaryStrong: '--c-primary-strong',
  primarySoft: '--c-primary-soft',
  onPrimary: '--c-on-primary',
};

function declarations(scheme: 'light' | 'dark', primaryColor: string): string {
  const colours = palette(scheme, primaryColor);
  return [`color-scheme:${scheme}`, ...Object.entries(colours).map(([key, value]) => `${CSS_NAMES[key as keyof Palette]}:${value}`)].join(
    ';',
  );
}

/** The theme with unknown or out-of-range values replaced by the default's. */
export function normalizeTheme(theme: ThemeInput | undefined): {
  primaryColor: string;
  radius: number;
  fontFamily: FontFamily;
  colorScheme: ColorScheme;
} {
  const radius =
    typeof theme?.radius === 'number' && Number.isFinite(theme.radius) ? Math.min(32, Math.max(0, theme.radius)) : DEFAULT_THEME.radius;
  const fontFamily = theme?.fontFamily;
  const colorScheme = theme?.colorScheme;
  return {
    primaryColor: theme?.primaryColor && parseHex(theme.primaryColor) ? theme.primaryColor : DEFAULT_THEME.primaryColor,
    radius,
    fontFamily: isOneOf(FONT_FAMILIES, fontFamily) ? fontFamily : DEFAULT_THEME.fontFamily,
    colorScheme: isOneOf(COLOR_SCHEMES, colorScheme) ? colorScheme : DEFAULT_THEME.colorScheme,
  };
}

/**
 * The style sheet of a theme: custom properties on `:root`, the dark palette under
 * `prefers-color-scheme: dark` when the scheme is `auto`. Every value comes from a parsed
 * colour, a clamped number or the font safe list, so nothing of the merchant's reaches the CSS.
 */
export function themeCss(input: ThemeInput | undefined): string {
  const theme = normalizeTheme(input);
  const shared = `--c-radius:${theme.radius}px;--c-font:${FONT_STACKS[theme.fontFamily]}`;
  if (theme.colorScheme === 'auto') {
    return `:root{${shared};${declarations('light', theme.primaryColor)}}@media (prefers-color-scheme:dark){:root{${declarations('dark', theme.primaryColor)}}}`;
  }
  return `:root{${shared};${declarations(theme.colorScheme, theme.primaryColor)}}`;
}

/** Pairs (text or control colour, background) of a palette that must reach `minimum`. */
export function contrastPairs(colours: Palette): { pair: string; ratio: number; minimum: number }[] {
  const check = (fg: keyof Palette, bg: keyof Palette, minimum: number) => ({
    pair: `${fg} on ${bg}`,
    ratio: contrastRatio(rgbOf(colours[fg]), rgbOf(colours[bg])),
    minimum,
  });
  return [
    ...(['page', 'surface', 'primarySoft', 'dangerSoft', 'successSoft'] as const).flatMap((bg) => [
      check('fg', bg, 4.5),
      check('fgMuted', bg, 4.5),
    ]),
    ...(['page', 'surface', 'primarySoft'] as const).map((bg) => check('primary', bg, 4.5)),
    check('onPrimary', 'primary', 4.5),
    check('onPrimary', 'primaryStrong', 4.5),
    check('onPrimary', 'danger', 4.5),
    check('onPrimary', 'success', 4.5),
    check('danger', 'page', 4.5),
    check('danger', 'dangerSoft', 4.5),
    check('success', 'page', 4.5),
    check('success', 'successSoft', 4.5),
    check('control', 'page', 3),
    check('control', 'surface', 3),
  ];
}

/**
 * A logo URL the page can show: `https:` or an inline `data:image/…` (what CSP `img-src`
 * allows); anything else (a typo, `http:`, `javascript:`) shows no logo rather than a broken one.
 */
export function usableLogoUrl(logoUrl: string | undefined): string | null {
  if (!logoUrl) return null;
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(logoUrl)) return logoUrl;
  try {
    return new URL(logoUrl).protocol === 'https:' ? logoUrl : null;
  } catch {
    return null;
  }
}
