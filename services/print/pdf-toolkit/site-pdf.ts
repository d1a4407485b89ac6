/**
 * The parts every printout of a site shares: the document with the site's fonts, colours and
 * metadata, the header band across the first page, and the footers on every page.
 */
import { PDFDocument, StandardFonts, rgb, type RGB } from 'pdf-lib';
import type { ResolvedTenant } from '../../../schemas/types.generated';
import { A4, GREY, MARGIN, RULE, TEXT, WIDTH, type Cursor, type Fonts } from './page-cursor';
import { fit, pdfSafeText } from './text';

/** A new document in the tenant's colours, its fonts, and the text filter for them. */
export interface SitePdf {
  doc: PDFDocument;
  fonts: Fonts;
  /** pdfSafeText for the standard fonts. */
  safe: (text: string) => string;
  primary: RGB;
  onPrimary: RGB;
}

/** A '#rrggbb' colour, or the fallback for anything else. */
export function colour(hex: string, fallback: RGB): RGB {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m
    ? rgb(parseInt(m[1] ?? '0', 16) / 255, parseInt(m[2] ?? '0', 16) / 255, parseInt(m[3] ?? '0', 16) / 255)
    : fallback;
}

/** Starts a printout of the tenant's site: fonts, colours and the document's metadata. */
export async function startSitePdf(
  tenant: Pick<ResolvedTenant, 'name' | 'theme'>,
  meta: { title: string; subject: string },
): Promise<SitePdf> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const charset = new Set(fonts.regular.getCharacterSet());
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setAuthor(tenant.name);
  doc.setCreator(tenant.name);
  doc.setSubject(meta.subject);
  doc.setLanguage('en-AU');
  return {
    doc,
    fonts,
    safe: (text: string) => pdfSafeText(text, charset),
    primary: colour(tenant.theme.colors.primary, TEXT),
    onPrimary: colour(tenant.theme.colors.onPrimary, rgb(1, 1, 1)),
  };
}

/** The header band across the top of the cursor's page: dealer name, and the phone on the right; the cursor moves below it. */
export function drawHeaderBand(
  { fonts: { bold }, safe, primary, onPrimary }: SitePdf,
  cursor: Cursor,
  name: string,
  phone: string | undefined,
): void {
  const band = 54;
  cursor.page.drawRectangle({ x: 0, y: A4[1] - band, width: A4[0], height: band, color: primary });
  const phoneText = phone ? safe(phone) : '';
  const phoneWidth = phoneText ? bold.widthOfTextAtSize(phoneText, 12) : 0;
  cursor.page.drawText(fit(safe(name), bold, 16, WIDTH - phoneWidth - 16), {
    x: MARGIN,
    y: A4[1] - 33,
    size: 16,
    font: bold,
    color: onPrimary,
  });
  if (phoneText)
    cursor.page.drawText(phoneText, {
      x: A4[0] - MARGIN - phoneWidth,
      y: A4[1] - 32,
      size: 12,
      font: bold,
      color: onPrimary,
    });
  cursor.y = A4[1] - band - 22;
}

/** Footers on every page, drawn last once the page count is known: dealer name and phone, and 'Page n of m'. */
export function drawFooters({ doc, fonts: { regular }, safe }: SitePdf, name: string, phone: string | undefined): void {
  const pages = doc.getPages();
  const footerName = fit(safe([name, phone].filter(Boolean).join(' · ')), regular, 8, WIDTH - 80);
  pages.forEach((page, i) => {
    page.drawLine({ start: { x: MARGIN, y: 44 }, end: { x: MARGIN + WIDTH, y: 44 }, thickness: 0.5, color: RULE });
    page.drawText(footerName, { x: MARGIN, y: 30, size: 8, font: regular, color: GREY });
    const count = `Page ${i + 1} of ${pages.length}`;
    page.drawText(count, {
      x: MARGIN + WIDTH - regular.widthOfTextAtSize(count, 8),
      y: 30,
      size: 8,
      font: regular,
      color: GREY,
    });
  });
}
