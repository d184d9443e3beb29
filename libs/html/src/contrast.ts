/**
 * WCAG 2.x contrast between the tenant's colors and the page (docs/decisions.md "Booking pages"; the notification emails use it too):
 * a brand color that text or a button cannot be read on is replaced by a safe one, so a tenant's
 * choice can never make its booking page unreadable.
 */

/** WCAG AA for normal text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

/** The page's own colors: white background, near-black text; a dark blue any text reads on. */
export const PAGE_BACKGROUND = '#ffffff';
export const PAGE_TEXT = '#1f2328';
export const SAFE_PRIMARY = '#1d4ed8';
export const SAFE_ACCENT = '#7c2d12';

const HEX = /^#([0-9a-f]{6})$/i;

/** [r, g, b] in 0–255 of a `#rrggbb` color, or null for anything else. */
export function parseHex(color: string): [number, number, number] | null {
  const m = HEX.exec(color.trim());
  if (!m) return null;
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** Relative luminance (WCAG 2.x definition, sRGB). */
export function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two `#rrggbb` colors, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) throw new Error(`not #rrggbb colors: ${a}, ${b}`);
  const [hi, lo] = [relativeLuminance(ca), relativeLuminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or the page's text color, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio(PAGE_TEXT, background) ? '#ffffff' : PAGE_TEXT;
}

export interface Theme {
  /** Buttons, links, the selected slot: readable as text on the page and under its own label. */
  primary: string;
  onPrimary: string;
  /** Headings' underline and the confirmation's frame: readable as text on the page. */
  accent: string;
  /** Which brand colors were replaced, for the logs and the tests. */
  replaced: Array<'primaryColor' | 'accentColor'>;
}

/**
 * The page's colors from the tenant's branding: each brand color is used when it is a valid
 * `#rrggbb` reaching {@link MIN_TEXT_CONTRAST} both against the page background (links, borders)
 * and with its own label color (buttons); otherwise the safe color. An empty color is not a
 * replacement, just the default.
 */
export function themeOf(branding: { primaryColor: string; accentColor: string }): Theme {
  const replaced: Theme['replaced'] = [];
  const pick = (value: string, fallback: string, field: 'primaryColor' | 'accentColor') => {
    if (value === '') return fallback;
    if (parseHex(value) && readable(value)) return value.toLowerCase();
    replaced.push(field);
    return fallback;
  };
  const primary = pick(branding.primaryColor, SAFE_PRIMARY, 'primaryColor');
  const accent = pick(branding.accentColor, SAFE_ACCENT, 'accentColor');
  return { primary, onPrimary: textOn(primary), accent, replaced };
}

const readable = (color: string): boolean =>
  contrastRatio(color, PAGE_BACKGROUND) >= MIN_TEXT_CONTRAST &&
  contrastRatio(color, textOn(color)) >= MIN_TEXT_CONTRAST;
