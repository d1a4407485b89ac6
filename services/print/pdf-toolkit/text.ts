/**
 * Text for pdf-lib's standard fonts: filtering to what they can encode, word wrap and one-line fit.
 * The standard fonts only encode WinAnsi, so every text drawn passes through pdfSafeText first.
 */
import type { PDFFont } from 'pdf-lib';

// Characters with no WinAnsi glyph and no decomposition that are dropped rather than shown as '?':
// emoji and their joiners, variation selectors, flags, combining marks, format and control codes.
const DROPPED = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\p{M}\p{Cf}\p{Cc}]/u;
const SPACES = /[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
const LOOKALIKES: Readonly<Record<string, string>> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2713': 'v',
  '\u2714': 'v',
};

/**
 * Text the standard fonts can draw: characters outside the font's set become their accent-free
 * base ('ā' -> 'a') or a look-alike, emoji are dropped, anything else becomes '?'. Line breaks stay.
 */
export function pdfSafeText(text: string, charset: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').replace(SPACES, ' ')) {
    if (ch === '\n' || charset.has(ch.codePointAt(0) ?? -1)) {
      out += ch;
      continue;
    }
    const base = LOOKALIKES[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
    if (base !== '' && [...base].every((c) => charset.has(c.codePointAt(0) ?? -1))) out += base;
    else if (!DROPPED.test(ch)) out += '?';
  }
  return out;
}

/** Greedy word wrap of safe text; paragraphs keep their breaks and an over-long word is split. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (!fits(line)) {
        let cut = line.length - 1;
        while (cut > 1 && !fits(line.slice(0, cut))) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** One line, shortened with an ellipsis when it does not fit. */
export function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let end = text.length;
  while (end > 0 && font.widthOfTextAtSize(`${text.slice(0, end).trimEnd()}…`, size) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}
