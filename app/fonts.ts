import localFont from 'next/font/local';

// Fonts ship with the platform (no outside font service). Not preloaded, so a page downloads only
// the faces its tenant's theme uses; 'optional' display means a late font never shifts the layout
// (Core Web Vitals CLS): the first visit may keep the fallback, later pages use the cached font.
const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-inter',
  display: 'optional',
  preload: false,
  weight: '100 900',
});
const archivo = localFont({
  src: '../node_modules/@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2',
  variable: '--font-archivo',
  display: 'optional',
  preload: false,
  weight: '100 900',
});
const sourceSerif = localFont({
  src: '../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2',
  variable: '--font-source-serif',
  display: 'optional',
  preload: false,
  weight: '200 900',
});
const oswald = localFont({
  src: '../node_modules/@fontsource-variable/oswald/files/oswald-latin-wght-normal.woff2',
  variable: '--font-oswald',
  display: 'optional',
  preload: false,
  weight: '200 700',
});

export const FONTS = { inter, archivo, 'source-serif': sourceSerif, oswald } as const;
export type FontName = keyof typeof FONTS;
