import { describe, expect, it } from 'vitest';
import { contrastRatio, isHexColour, relativeLuminance, THEME_PAIRS, themeContrastWarnings } from './contrast';

// The template default colours (schemas/tenant.schema.json): every pair passes AA.
const DEFAULTS = {
  primary: '#0b3c5d',
  onPrimary: '#ffffff',
  accent: '#c0392b',
  onAccent: '#ffffff',
  background: '#ffffff',
  surface: '#f4f6f8',
  text: '#1b1f24',
  mutedText: '#4a5560',
  headerBackground: '#ffffff',
  headerText: '#1b1f24',
  footerBackground: '#1b1f24',
  footerText: '#f4f6f8',
};

describe('WCAG 2.x luminance and contrast (issue 16: contrast warnings beside the colour pickers)', () => {
  it('measures relative luminance from black (0) to white (1), weighting green most', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
    expect(() => relativeLuminance('#fff')).toThrow('"#fff" is not a colour as #rrggbb');
  });

  it('gives the ratios the WCAG tools give, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
    // The well-known edge of AA on white: #767676 passes (4.54), #777777 does not (4.48).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('knows a colour as #rrggbb only', () => {
    for (const ok of ['#000000', '#A1b2C3']) expect(isHexColour(ok), ok).toBe(true);
    for (const bad of ['#fff', '000000', '#0000000', 'red', '#gggggg', '', undefined, 42])
      expect(isHexColour(bad), String(bad)).toBe(false);
  });
});

describe('themeContrastWarnings', () => {
  it('names every pair the pages use, each with a label for non-developers', () => {
    expect(THEME_PAIRS.map((p) => `${p.foreground}/${p.background}`)).toEqual([
      'onPrimary/primary',
      'onAccent/accent',
      'text/background',
      'mutedText/background',
      'text/surface',
      'headerText/headerBackground',
      'footerText/footerBackground',
    ]);
    expect(THEME_PAIRS[0]?.label).toBe('Text on primary buttons');
    expect(THEME_PAIRS.every((p) => p.label.length > 0 && !/[A-Z]\w*[A-Z]/.test(p.label))).toBe(true);
  });

  it('has nothing to say about the template defaults', () => {
    expect(themeContrastWarnings(DEFAULTS)).toEqual([]);
  });

  it('warns for each pair below 4.5:1, with the colours, the ratio and what AA needs', () => {
    const warnings = themeContrastWarnings({ ...DEFAULTS, primary: '#888888', onPrimary: '#777777' });
    expect(warnings).toEqual([
      {
        foreground: 'onPrimary',
        background: 'primary',
        ratio: 1.26,
        message: 'Text on primary buttons: #777777 on #888888 has contrast 1.26:1; WCAG AA needs 4.5:1.',
      },
    ]);
  });

  it('rounds a ratio down, so a failing pair never reads as 4.5:1', () => {
    const [warning] = themeContrastWarnings({ ...DEFAULTS, mutedText: '#777777' });
    expect(warning).toMatchObject({ foreground: 'mutedText', background: 'background', ratio: 4.47 });
    expect(warning?.message).toBe(
      'Secondary text on the page background: #777777 on #ffffff has contrast 4.47:1; WCAG AA needs 4.5:1.',
    );
    expect(themeContrastWarnings({ ...DEFAULTS, mutedText: '#767676' })).toEqual([]);
  });

  it('reports one colour in every pair it is part of, in order', () => {
    const warnings = themeContrastWarnings({ ...DEFAULTS, text: '#cccccc' });
    expect(warnings.map((w) => `${w.foreground}/${w.background}`)).toEqual(['text/background', 'text/surface']);
  });

  it('skips a pair with a colour missing or not #rrggbb (the schema reports a bad colour)', () => {
    expect(themeContrastWarnings({})).toEqual([]);
    expect(themeContrastWarnings({ primary: '#ffffff' })).toEqual([]);
    expect(themeContrastWarnings({ primary: '#ffffff', onPrimary: '#fff' })).toEqual([]);
    expect(themeContrastWarnings({ primary: '#ffffff', onPrimary: undefined })).toEqual([]);
    expect(themeContrastWarnings({ primary: '#ffffff', onPrimary: '#fefefe' })).toHaveLength(1);
  });
});
