/**
 * Colour contrast of a site's theme (issue 16): the Studio warns, beside the colour pickers, when
 * a text colour is hard to read on the colour it is shown on. WCAG 2.x relative luminance and
 * contrast ratio; AA for normal text needs 4.5:1. Only `#rrggbb` colours are measured (the tenant
 * schema's `tenant.colour`); anything else is the schema's to report, not this module's.
 */

/** WCAG 2.x level AA for normal-size text. */
export const AA_NORMAL_TEXT = 4.5;

/** A text colour of the theme and the colour it is shown on, named for people who do not write CSS. */
export interface ThemePair {
  foreground: string;
  background: string;
  label: string;
}

/** Every pair of theme colours the site's pages put one on the other (engine/theme.ts's variables). */
export const THEME_PAIRS: readonly ThemePair[] = [
  { foreground: 'onPrimary', background: 'primary', label: 'Text on primary buttons' },
  { foreground: 'onAccent', background: 'accent', label: 'Text on accent buttons and tags' },
  { foreground: 'text', background: 'background', label: 'Text on the page background' },
  { foreground: 'mutedText', background: 'background', label: 'Secondary text on the page background' },
  { foreground: 'text', background: 'surface', label: 'Text on cards and panels' },
  { foreground: 'headerText', background: 'headerBackground', label: 'Text in the header' },
  { foreground: 'footerText', background: 'footerBackground', label: 'Text in the footer' },
];

export interface ContrastWarning {
  /** The theme's key of the text colour (onPrimary). */
  foreground: string;
  /** The theme's key of the colour behind it (primary). */
  background: string;
  /** The contrast ratio, rounded down to 2 decimals (a failing pair never shows as 4.50). */
  ratio: number;
  message: string;
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Whether a value is a `#rrggbb` colour. */
export const isHexColour = (value: unknown): value is string => typeof value === 'string' && HEX_COLOUR.test(value);

/** One sRGB channel (0-255) in linear light. */
function linear(channel: number): number {
  const c = channel / 255;
  // 0.04045 is the sRGB standard's threshold (WCAG 2.0's 0.03928 differs only below 1/255).
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#rrggbb` colour: 0 (black) to 1 (white); throws for anything else. */
export function relativeLuminance(hex: string): number {
  if (!isHexColour(hex)) throw new Error(`"${hex}" is not a colour as #rrggbb`);
  const channel = (at: number) => linear(parseInt(hex.slice(at, at + 2), 16));
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two `#rrggbb` colours, 1 (the same) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The theme's pairs below AA for normal text, in THEME_PAIRS order. `colors` are the effective
 * colours (the site's over its template's); a pair with a colour missing or not `#rrggbb` is skipped.
 */
export function themeContrastWarnings(colors: Readonly<Record<string, string | undefined>>): ContrastWarning[] {
  const warnings: ContrastWarning[] = [];
  for (const pair of THEME_PAIRS) {
    const foreground = colors[pair.foreground];
    const background = colors[pair.background];
    if (!isHexColour(foreground) || !isHexColour(background)) continue;
    const exact = contrastRatio(foreground, background);
    if (exact >= AA_NORMAL_TEXT) continue;
    const ratio = Math.floor(exact * 100) / 100;
    warnings.push({
      foreground: pair.foreground,
      background: pair.background,
      ratio,
      message: `${pair.label}: ${foreground} on ${background} has contrast ${ratio}:1; WCAG AA needs ${AA_NORMAL_TEXT}:1.`,
    });
  }
  return warnings;
}
