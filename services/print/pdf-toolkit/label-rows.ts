/**
 * A two-column table of labels and values, as printouts show key details and figures.
 */
import type { PDFPage } from 'pdf-lib';
import { GREY, RULE, TEXT } from './page-cursor';
import type { SitePdf } from './site-pdf';
import { fit } from './text';

/** Where drawLabelRows draws: the block's top left corner, its two columns and the row pitch. */
export interface LabelRowsBox {
  left: number;
  top: number;
  labelWidth: number;
  valueWidth: number;
  rowHeight: number;
}

/** Label and value rows, a hairline under each; values that do not fit end with an ellipsis. */
export function drawLabelRows(
  { fonts: { regular, bold }, safe }: Pick<SitePdf, 'fonts' | 'safe'>,
  page: PDFPage,
  rows: ReadonlyArray<readonly [string, string]>,
  box: LabelRowsBox,
): void {
  const { left, top, labelWidth, valueWidth, rowHeight } = box;
  rows.forEach(([label, value], i) => {
    const y = top - i * rowHeight - 10;
    page.drawText(fit(safe(label), bold, 9, labelWidth - 6), { x: left, y, size: 9, font: bold, color: GREY });
    page.drawText(fit(safe(value), regular, 10, valueWidth), {
      x: left + labelWidth,
      y,
      size: 10,
      font: regular,
      color: TEXT,
    });
    page.drawLine({
      start: { x: left, y: y - 5 },
      end: { x: left + labelWidth + valueWidth, y: y - 5 },
      thickness: 0.3,
      color: RULE,
    });
  });
}
