import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fallbackCss, fallbackFaces, fallbackStack, LOCAL_FALLBACKS, WEB_FONTS } from './fallback-faces';

describe('fallback faces per platform font (issue 20: Arial is missing on Linux and Android)', () => {
  it('gives every web font a face on Arial-compatible fonts, on Roboto and on DejaVu, each with its own metrics', () => {
    const inter = fallbackFaces(WEB_FONTS.inter);
    expect(inter.map((face) => face.family)).toEqual([
      'Inter Fallback Arial',
      'Inter Fallback Roboto',
      'Inter Fallback DejaVu Sans',
    ]);
    expect(inter[0]?.locals).toEqual(expect.arrayContaining(['Arial', 'Helvetica', 'Liberation Sans']));
    // DejaVu Sans is much wider than Arial, so it is scaled down further.
    const sizes = inter.map((face) => parseFloat(face.sizeAdjust));
    expect(sizes[2]).toBeLessThan(sizes[0] ?? 0);
    expect(new Set(inter.map((face) => face.sizeAdjust)).size).toBe(3);
  });

  it('scales Arial-compatible fonts up for Inter, whose glyphs are wider (size-adjust 107.89%)', () => {
    const [arial] = fallbackFaces(WEB_FONTS.inter);
    expect(arial).toMatchObject({
      sizeAdjust: '107.89%',
      ascentOverride: '89.79%',
      descentOverride: '22.36%',
      lineGapOverride: '0.00%',
    });
  });

  it('scales a face so its average glyph is as wide as the web font’s', () => {
    for (const font of Object.values(WEB_FONTS)) {
      const faces = fallbackFaces(font);
      LOCAL_FALLBACKS[font.category].forEach((local, index) => {
        const scale = parseFloat(faces[index]?.sizeAdjust ?? '0') / 100;
        const scaledWidth = (local.metrics.avgWidth / local.metrics.unitsPerEm) * scale;
        expect(scaledWidth).toBeCloseTo(font.metrics.avgWidth / font.metrics.unitsPerEm, 3);
      });
    }
  });

  it('serif fonts fall back on serif faces', () => {
    expect(fallbackStack(WEB_FONTS['source-serif'])).toEqual([
      'Source Serif Fallback Times',
      'Source Serif Fallback Noto Serif',
      'Source Serif Fallback DejaVu Serif',
      'serif',
    ]);
  });

  it('writes @font-face rules with every local name', () => {
    const css = fallbackCss([WEB_FONTS.oswald]);
    expect(css.split('\n')).toHaveLength(3);
    expect(css).toContain(
      "@font-face{font-family:'Oswald Fallback DejaVu Sans';src:local('DejaVu Sans'),local('DejaVuSans');",
    );
    expect(css).toMatch(
      /size-adjust:\d+\.\d\d%;ascent-override:\d+\.\d\d%;descent-override:\d+\.\d\d%;line-gap-override:/,
    );
  });

  it('app/fonts.ts names exactly these stacks (next/font needs them written out)', () => {
    const source = readFileSync(join(__dirname, '../../app/fonts.ts'), 'utf8');
    const written = [...source.matchAll(/fallback: \[([^\]]*)\]/g)].map((m) =>
      [...(m[1] ?? '').matchAll(/'([^']+)'/g)].map((name) => name[1]),
    );
    expect(written).toEqual(Object.values(WEB_FONTS).map(fallbackStack));
    expect(source.match(/adjustFontFallback: false/g)).toHaveLength(Object.keys(WEB_FONTS).length);
  });
});
