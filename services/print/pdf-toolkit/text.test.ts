import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { fit, pdfSafeText, wrap } from './text';

async function helvetica(): Promise<PDFFont> {
  return (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
}

describe('pdfSafeText', () => {
  it('replaces what WinAnsi lacks: accents fall back to the base letter, emoji go, the rest become ?', async () => {
    const charset = new Set((await helvetica()).getCharacterSet());
    expect(pdfSafeText('Café “quoted” – ok…', charset)).toBe('Café “quoted” – ok…');
    expect(pdfSafeText('Skoda ā 🚗👍🏽🇦🇺 日 x\u2212y\t1\u00a02', charset)).toBe('Skoda a  ? x-y 1 2');
    expect(pdfSafeText('a\r\nb', charset)).toBe('a\nb');
  });

  it('draws look-alikes for arrows, comparison signs and ticks', async () => {
    const charset = new Set((await helvetica()).getCharacterSet());
    expect(pdfSafeText('a\u2192b \u2264 c \u2713', charset)).toBe('a->b <= c v');
  });
});

describe('wrap', () => {
  it('keeps lines within the width and every word in order', async () => {
    const font = await helvetica();
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const lines = wrap(text, font, 10, 120);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(120);
    expect(lines.join(' ')).toBe(text);
  });

  it('keeps paragraph breaks, blank lines included', async () => {
    expect(wrap('one\n\ntwo', await helvetica(), 10, 500)).toEqual(['one', '', 'two']);
  });

  it('splits a word longer than the line', async () => {
    const font = await helvetica();
    const word = 'x'.repeat(200);
    const lines = wrap(word, font, 10, 100);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(word);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(100);
  });
});

describe('fit', () => {
  it('leaves text that fits alone', async () => {
    expect(fit('Short', await helvetica(), 10, 200)).toBe('Short');
  });

  it('shortens text that does not fit, ending with an ellipsis within the width', async () => {
    const font = await helvetica();
    const line = fit('A rather long line of text that will not fit in the space', font, 10, 100);
    expect(line.endsWith('…')).toBe(true);
    expect(line).not.toMatch(/ …$/);
    expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(100);
    expect('A rather long line of text'.startsWith(line.slice(0, -1))).toBe(true);
  });
});
