import localFont from 'next/font/local';

// Fonts ship with the platform (no outside font service). Not preloaded, so a page downloads only
// the faces its tenant's theme uses; 'optional' display means a late font never shifts the layout
// (Core Web Vitals CLS): the first visit may keep the fallback, later pages use the cached font.
// next/font's own fallback face is local('Arial') only, which fails where Arial is missing (Linux,
// Android) and leaves wider unscaled text; the fallbacks listed here are faces per platform font
// with their own metrics (domain/fonts/fallback-faces.ts, written by the tenant shell). next/font
// needs literal options, so fallback-faces.test.ts checks these lists against fallbackStack().
const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-inter',
  adjustFontFallback: false,
  fallback: ['Inter Fallback Arial', 'Inter Fallback Roboto', 'Inter Fallback DejaVu Sans', 'sans-serif'],
  display: 'optional',
  preload: false,
  weight: '100 900',
});
const archivo = localFont({
  src: '../node_modules/@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2',
  variable: '--font-archivo',
  adjustFontFallback: false,
  fallback: ['Archivo Fallback Arial', 'Archivo Fallback Roboto', 'Archivo Fallback DejaVu Sans', 'sans-serif'],
  display: 'optional',
  preload: false,
  weight: '100 900',
});
const sourceSerif = localFont({
  src: '../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2',
  variable: '--font-source-serif',
  adjustFontFallback: false,
  fallback: [
    'Source Serif Fallback Times',
    'Source Serif Fallback Noto Serif',
    'Source Serif Fallback DejaVu Serif',
    'serif',
  ],
  display: 'optional',
  preload: false,
  weight: '200 900',
});
const oswald = localFont({
  src: '../node_modules/@fontsource-variable/oswald/files/oswald-latin-wght-normal.woff2',
  variable: '--font-oswald',
  adjustFontFallback: false,
  fallback: ['Oswald Fallback Arial', 'Oswald Fallback Roboto', 'Oswald Fallback DejaVu Sans', 'sans-serif'],
  display: 'optional',
  preload: false,
  weight: '200 700',
});

export const FONTS = { inter, archivo, 'source-serif': sourceSerif, oswald } as const;
export type FontName = keyof typeof FONTS;
