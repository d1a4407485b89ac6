import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { A4, CONTENT_BOTTOM, Cursor, MARGIN, WIDTH, type Fonts } from './page-cursor';

async function start(): Promise<{ doc: PDFDocument; fonts: Fonts; cursor: Cursor }> {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  return { doc, fonts, cursor: new Cursor(doc, fonts) };
}

describe('page geometry', () => {
  it('is A4 with equal side margins', () => {
    expect(A4).toEqual([595.28, 841.89]);
    expect(MARGIN * 2 + WIDTH).toBeCloseTo(A4[0]);
  });
});

describe('Cursor', () => {
  it('starts an A4 page at the top margin', async () => {
    const { doc, cursor } = await start();
    expect(doc.getPageCount()).toBe(1);
    expect(cursor.page.getSize()).toEqual({ width: A4[0], height: A4[1] });
    expect(cursor.y).toBe(A4[1] - MARGIN);
  });

  it('moves down one line height per line, drawing at the margin', async () => {
    const { cursor } = await start();
    const drawn: Array<{ text: string; x?: number; y?: number }> = [];
    const drawText = cursor.page.drawText.bind(cursor.page);
    cursor.page.drawText = (text, options) => {
      drawn.push({ text, x: options?.x, y: options?.y });
      drawText(text, options);
    };
    const top = cursor.y;
    cursor.line('First', { size: 10 }, 14);
    cursor.line('Second', { size: 10 });
    expect(drawn).toEqual([
      { text: 'First', x: MARGIN, y: top - 10 },
      { text: 'Second', x: MARGIN, y: top - 14 - 10 },
    ]);
    expect(cursor.y).toBeCloseTo(top - 14 - 13);
  });

  it('starts a new page when the next item would reach the footer', async () => {
    const { doc, cursor } = await start();
    cursor.y = CONTENT_BOTTOM + 10;
    cursor.need(10);
    expect(doc.getPageCount()).toBe(1);
    cursor.need(11);
    expect(doc.getPageCount()).toBe(2);
    expect(cursor.page).toBe(doc.getPage(1));
    expect(cursor.y).toBe(A4[1] - MARGIN);
  });

  it('wraps a paragraph over as many lines, and pages, as it needs', async () => {
    const { doc, cursor } = await start();
    const top = cursor.y;
    cursor.paragraph('word '.repeat(40).trim(), { size: 10 }, 100, 12);
    const lines = Math.round((top - cursor.y) / 12);
    expect(lines).toBeGreaterThan(3);
    cursor.paragraph('word '.repeat(2000).trim(), { size: 10 });
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(cursor.y).toBeGreaterThanOrEqual(CONTENT_BOTTOM);
  });

  it('keeps a heading on the page of the content that follows it', async () => {
    const { doc, cursor } = await start();
    cursor.y = CONTENT_BOTTOM + 10 + 22 + 40;
    cursor.heading('Fits', 40);
    expect(doc.getPageCount()).toBe(1);
    cursor.y = CONTENT_BOTTOM + 10 + 22 + 40;
    cursor.heading('Moves', 41);
    expect(doc.getPageCount()).toBe(2);
    expect(cursor.y).toBe(A4[1] - MARGIN - 20);
  });
});
