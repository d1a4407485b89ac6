/**
 * Metric-matched fallback faces for the platform's web fonts. While a web font loads (or when it
 * never does, with 'optional' display), text is drawn in a local font scaled and given the web
 * font's ascent and descent, so lines keep their width and height and the header keeps its row.
 *
 * One local font cannot serve every visitor: Arial is missing on most Linux desktops and on Android,
 * where a `local('Arial')` face simply fails and the browser falls through to an unscaled, wider
 * font. So each web font gets one face per platform family, each with that family's own metrics,
 * and the browser takes the first face whose local font exists. Pure.
 */

/** Glyph metrics in font units: the average width is next/font's ('aaabcdeeeefghiijklmnnoopqrrssttuvwxyz' plus spaces). */
export interface FontMetrics {
  unitsPerEm: number;
  ascent: number;
  /** Negative, as fonts store it. */
  descent: number;
  lineGap: number;
  avgWidth: number;
}

export interface LocalFallback {
  /** Short name used in the face's family name, e.g. 'Arial'. */
  name: string;
  /** local() names that carry these metrics, most common first (full and PostScript names). */
  locals: readonly string[];
  metrics: FontMetrics;
}

export type FontCategory = 'sans-serif' | 'serif';

/*
 * Measured with fontkit on the font files (Liberation Sans/Serif are metric-compatible with Arial
 * and Times New Roman, Arimo/Tinos with them too; Helvetica shares Arial's widths); Roboto and Noto
 * Serif, which are not installed here, from their published average widths scaled to this measure.
 */
const ARIAL: FontMetrics = { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, avgWidth: 934.5 };
const ROBOTO: FontMetrics = { unitsPerEm: 2048, ascent: 1900, descent: -500, lineGap: 0, avgWidth: 932.5 };
const DEJAVU_SANS: FontMetrics = { unitsPerEm: 2048, ascent: 1901, descent: -483, lineGap: 0, avgWidth: 1070.3 };
const TIMES: FontMetrics = { unitsPerEm: 2048, ascent: 1825, descent: -443, lineGap: 87, avgWidth: 854.4 };
const NOTO_SERIF: FontMetrics = { unitsPerEm: 1000, ascent: 1069, descent: -293, lineGap: 0, avgWidth: 494 };
const DEJAVU_SERIF: FontMetrics = { unitsPerEm: 2048, ascent: 1901, descent: -483, lineGap: 0, avgWidth: 1079.3 };

/** Per category: Windows and Apple, then Android and ChromeOS, then Linux without the Liberation fonts. */
export const LOCAL_FALLBACKS: Record<FontCategory, readonly LocalFallback[]> = {
  'sans-serif': [
    {
      name: 'Arial',
      locals: ['Arial', 'ArialMT', 'Helvetica', 'Helvetica Neue', 'Liberation Sans', 'LiberationSans', 'Arimo'],
      metrics: ARIAL,
    },
    { name: 'Roboto', locals: ['Roboto', 'Roboto-Regular'], metrics: ROBOTO },
    { name: 'DejaVu Sans', locals: ['DejaVu Sans', 'DejaVuSans'], metrics: DEJAVU_SANS },
  ],
  serif: [
    {
      name: 'Times',
      locals: ['Times New Roman', 'TimesNewRomanPSMT', 'Times', 'Liberation Serif', 'LiberationSerif', 'Tinos'],
      metrics: TIMES,
    },
    { name: 'Noto Serif', locals: ['Noto Serif', 'NotoSerif-Regular'], metrics: NOTO_SERIF },
    { name: 'DejaVu Serif', locals: ['DejaVu Serif', 'DejaVuSerif'], metrics: DEJAVU_SERIF },
  ],
};

export interface WebFont {
  /** Family name stem of its fallback faces, e.g. 'Inter'. */
  family: string;
  category: FontCategory;
  metrics: FontMetrics;
}

/** The shipped web fonts (app/fonts.ts), measured on the same @fontsource files. */
export const WEB_FONTS = {
  inter: {
    family: 'Inter',
    category: 'sans-serif',
    metrics: { unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, avgWidth: 1008.2 },
  },
  archivo: {
    family: 'Archivo',
    category: 'sans-serif',
    metrics: { unitsPerEm: 1000, ascent: 878, descent: -210, lineGap: 0, avgWidth: 469.1 },
  },
  'source-serif': {
    family: 'Source Serif',
    category: 'serif',
    metrics: { unitsPerEm: 1000, ascent: 1036, descent: -335, lineGap: 0, avgWidth: 494.2 },
  },
  oswald: {
    family: 'Oswald',
    category: 'sans-serif',
    metrics: { unitsPerEm: 1000, ascent: 1193, descent: -289, lineGap: 0, avgWidth: 370.9 },
  },
} as const satisfies Record<string, WebFont>;

export type WebFontName = keyof typeof WEB_FONTS;

export interface FallbackFace {
  family: string;
  locals: readonly string[];
  /** Percentages, as CSS wants them. */
  sizeAdjust: string;
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
}

const percent = (value: number): string => `${(Math.abs(value) * 100).toFixed(2)}%`;

/** The face family name of a web font's fallback on one platform font, e.g. 'Inter Fallback Roboto'. */
export function fallbackFamily(font: WebFont, local: LocalFallback): string {
  return `${font.family} Fallback ${local.name}`;
}

/**
 * One face per platform font: scaled so the local font's average glyph is as wide as the web
 * font's, with the web font's ascent, descent and line gap (in the scaled em), as next/font does
 * for Arial alone.
 */
export function fallbackFaces(font: WebFont): FallbackFace[] {
  const web = font.metrics;
  return LOCAL_FALLBACKS[font.category].map((local) => {
    const scale = web.avgWidth / web.unitsPerEm / (local.metrics.avgWidth / local.metrics.unitsPerEm);
    const em = web.unitsPerEm * scale;
    return {
      family: fallbackFamily(font, local),
      locals: local.locals,
      sizeAdjust: percent(scale),
      ascentOverride: percent(web.ascent / em),
      descentOverride: percent(web.descent / em),
      lineGapOverride: percent(web.lineGap / em),
    };
  });
}

/** The font-family list after the web font: its fallback faces in platform order, then the generic family. */
export function fallbackStack(font: WebFont): string[] {
  return [...LOCAL_FALLBACKS[font.category].map((local) => fallbackFamily(font, local)), font.category];
}

/** @font-face rules for the given web fonts' fallback faces. */
export function fallbackCss(fonts: readonly WebFont[]): string {
  return fonts
    .flatMap(fallbackFaces)
    .map(
      (face) =>
        `@font-face{font-family:'${face.family}';src:${face.locals.map((name) => `local('${name}')`).join(',')};` +
        `size-adjust:${face.sizeAdjust};ascent-override:${face.ascentOverride};` +
        `descent-override:${face.descentOverride};line-gap-override:${face.lineGapOverride}}`,
    )
    .join('\n');
}
