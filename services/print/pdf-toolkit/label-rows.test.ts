import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, type PDFPage } from 'pdf-lib';
import { A4 } from './page-cursor';
import { drawLabelRows } from './label-rows';
import { pdfSafeText } from './text';

async function page(): Promise<{ page: PDFPage; site: Parameters<typeof drawLabelRows>[0] }> {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const charset = new Set(fonts.regular.getCharacterSet());
  return { page: doc.addPage(A4), site: { fonts, safe: (text: string) => pdfSafeText(text, charset) } };
}

describe('drawLabelRows', () => {
  it('draws each label and value on its row, with a hairline under each', async () => {
    const { page: p, site } = await page();
    const texts: Array<{ text: string; x?: number; y?: number }> = [];
    const lines: Array<{ y: number; from: number; to: number }> = [];
    p.drawText = (text, options) => void texts.push({ text, x: options?.x, y: options?.y });
    p.drawLine = ({ start, end }) => void lines.push({ y: start.y, from: start.x, to: end.x });
    drawLabelRows(
      site,
      p,
      [
        ['Odometer', '45,210 km'],
        ['Fuel', 'Diesel'],
      ],
      { left: 50, top: 700, labelWidth: 80, valueWidth: 200, rowHeight: 17 },
    );
    expect(texts).toEqual([
      { text: 'Odometer', x: 50, y: 690 },
      { text: '45,210 km', x: 130, y: 690 },
      { text: 'Fuel', x: 50, y: 673 },
      { text: 'Diesel', x: 130, y: 673 },
    ]);
    expect(lines).toEqual([
      { y: 685, from: 50, to: 330 },
      { y: 668, from: 50, to: 330 },
    ]);
  });

  it('shortens values that do not fit their column, and filters what the fonts cannot draw', async () => {
    const { page: p, site } = await page();
    const texts: string[] = [];
    p.drawText = (text) => void texts.push(text);
    drawLabelRows(site, p, [['VIN 🚗', 'A value far too long for the narrow column it has been given']], {
      left: 0,
      top: 100,
      labelWidth: 60,
      valueWidth: 80,
      rowHeight: 17,
    });
    expect(texts[0]).toBe('VIN ');
    expect(texts[1]?.endsWith('…')).toBe(true);
    expect(site.fonts.regular.widthOfTextAtSize(texts[1] ?? '', 10)).toBeLessThanOrEqual(80);
  });
});
