/**
 * The page of a printout: A4 with fixed margins, the ink colours, and a cursor that moves down the
 * page and starts a new page when the next item does not fit above the footer.
 */
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { wrap } from './text';

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 42;
export const WIDTH = A4[0] - 2 * MARGIN;
/** The lowest point content may reach: the footers (see drawFooters) sit below it. */
export const CONTENT_BOTTOM = 64;

export const GREY = rgb(0.38, 0.4, 0.43);
export const TEXT = rgb(0.1, 0.11, 0.12);
/** The colour of hairlines between table rows and above the footer. */
export const RULE = rgb(0.82, 0.83, 0.85);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface TextStyle {
  size: number;
  font?: PDFFont;
  color?: RGB;
  x?: number;
}

export class Cursor {
  page: PDFPage;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    return this.page;
  }

  /** Makes room for `height` points, on a new page when this one is full. */
  need(height: number): void {
    if (this.y - height < CONTENT_BOTTOM) this.newPage();
  }

  /** Draws one safe line with its baseline `size` below the cursor, and moves down by `lineHeight`. */
  line(
    text: string,
    { size, font = this.fonts.regular, color = TEXT, x = MARGIN }: TextStyle,
    lineHeight = size * 1.3,
  ): void {
    this.need(lineHeight);
    this.page.drawText(text, { x, y: this.y - size, size, font, color });
    this.y -= lineHeight;
  }

  paragraph(text: string, style: TextStyle, width = WIDTH, lineHeight = style.size * 1.35): void {
    for (const l of wrap(text, style.font ?? this.fonts.regular, style.size, width)) this.line(l, style, lineHeight);
  }

  /** A section heading kept on the same page as the first `following` points of its content. */
  heading(text: string, following: number): void {
    this.y -= 10;
    this.need(22 + following);
    this.line(text, { size: 13, font: this.fonts.bold }, 20);
  }
}
