/**
 * The vehicle PDF (catalogue §7 'Print PDF by car slug'): one A4 page, two when the features and
 * comments need it, drawn with pdf-lib and the standard Helvetica fonts (no font files to ship).
 * Standard fonts only encode WinAnsi, so every text passes through pdfSafeText first.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import type { FeedCar, ResolvedTenant } from '../../schemas/types.generated';
import { isAvailable } from '../../domain/listing';
import { vehicleTitle } from '../../domain/vehicle-title';
import { commentPlainText, soldNotice } from '../../domain/vehicle-rules';
import { isVehicleKind, isVehicleView, vehiclePng } from '../media/vehicle-image';
import { priceText, printDetails, printFeatures, printPhone } from './price-text';

export interface VehiclePdfInput {
  car: FeedCar;
  tenant: ResolvedTenant;
  /** The car's page, printed at the foot: the site origin plus /cars/{slug}. */
  siteUrl: string;
  /** The main photo as PNG (JPEG also works); without it the page has no photo. */
  image?: Uint8Array;
  /** The dealer phone when the caller knows better (the car's location); else the tenant's. */
  phone?: string;
}

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 42;
export const WIDTH = A4[0] - 2 * MARGIN;
const CONTENT_BOTTOM = 64; // above the footer line
// Long comments are cut here: the printout is a summary, the page has the rest.
const COMMENTS_CHARS = 1500;
const COMMENTS_LINES = 24;

export const GREY = rgb(0.38, 0.4, 0.43);
export const TEXT = rgb(0.1, 0.11, 0.12);
/** The colour of hairlines between table rows and above the footer. */
export const RULE = rgb(0.82, 0.83, 0.85);

// ---------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------

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

/** Plain comment text cut to the printout's length, on a word boundary. */
function shortComments(html: string | undefined): string | undefined {
  const plain = commentPlainText(html ?? '');
  if (plain.replace(/[|\s]/g, '') === '') return undefined; // catalogue §4: pending comments print nothing
  if (plain.length <= COMMENTS_CHARS) return plain;
  const window = plain.slice(0, COMMENTS_CHARS);
  const boundary = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
  return `${(boundary > COMMENTS_CHARS / 2 ? window.slice(0, boundary) : window).trimEnd()}…`;
}

export function colour(hex: string, fallback: RGB): RGB {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m
    ? rgb(parseInt(m[1] ?? '0', 16) / 255, parseInt(m[2] ?? '0', 16) / 255, parseInt(m[3] ?? '0', 16) / 255)
    : fallback;
}

async function embedPhoto(doc: PDFDocument, bytes: Uint8Array | undefined): Promise<PDFImage | undefined> {
  if (!bytes) return undefined;
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return await doc.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes);
  } catch (error) {
    console.warn('Vehicle PDF: the photo could not be embedded, printing without it', error);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Layout: a cursor that moves down the page and starts a new page when the next item does not fit
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Parts every printout of a site shares: the document, the header band and the footers
// ---------------------------------------------------------------------------------------------

/** A new document in the tenant's colours, its fonts, and the text filter for them. */
export interface SitePdf {
  doc: PDFDocument;
  fonts: Fonts;
  /** pdfSafeText for the standard fonts. */
  safe: (text: string) => string;
  primary: RGB;
  onPrimary: RGB;
}

/** Starts a printout of the tenant's site: fonts, colours and the document's metadata. */
export async function startSitePdf(tenant: ResolvedTenant, meta: { title: string; subject: string }): Promise<SitePdf> {
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
  { fonts: { regular, bold }, safe }: SitePdf,
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

/**
 * A PDF as a download named `filename` (a slug-based name: no quoting needed), kept by no cache:
 * printouts quote live prices, and some are for one signed-in shopper only.
 */
export function pdfDownload(pdf: Uint8Array, filename: string): Response {
  // A copy: Response's types take Uint8Array<ArrayBuffer>, and pdf-lib's bytes are typed more loosely.
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'content-length': String(pdf.byteLength),
      'cache-control': 'private, no-store',
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

export async function renderVehiclePdf({ car, tenant, siteUrl, image, phone }: VehiclePdfInput): Promise<Uint8Array> {
  const title = vehicleTitle(car) || car.name || car.slug;
  const price = priceText(car, tenant);
  const dealerPhone = phone ?? printPhone(car, tenant);
  const site = await startSitePdf(tenant, { title, subject: `${title}, ${price.line}` });
  const { doc, fonts, safe, primary } = site;
  const { regular, bold } = fonts;

  const cursor = new Cursor(doc, fonts);
  drawHeaderBand(site, cursor, tenant.name, dealerPhone);

  // Title, sold notice and price, as the sidebar shows them.
  cursor.paragraph(safe(title), { size: 20, font: bold }, WIDTH, 24);
  if (!isAvailable(car))
    cursor.line(
      safe(`SOLD: ${soldNotice(tenant.vehicleWord)}`),
      { size: 11, font: bold, color: rgb(0.7, 0.1, 0.12) },
      16,
    );
  cursor.y -= 4;
  cursor.need(26);
  const priceY = cursor.y - 18;
  const figure = fit(safe(price.price), bold, 18, WIDTH);
  cursor.page.drawText(figure, { x: MARGIN, y: priceY, size: 18, font: bold, color: primary });
  let x = MARGIN + bold.widthOfTextAtSize(figure, 18);
  const rest = fit(
    safe(`${price.qualifier}${price.was ? ' was ' : ''}`),
    regular,
    11,
    Math.max(0, MARGIN + WIDTH - x - (price.was ? 70 : 0)),
  );
  cursor.page.drawText(rest, { x, y: priceY, size: 11, font: regular, color: GREY });
  x += regular.widthOfTextAtSize(rest, 11);
  if (price.was) {
    const was = safe(price.was);
    const w = regular.widthOfTextAtSize(was, 11);
    cursor.page.drawText(was, { x, y: priceY, size: 11, font: regular, color: GREY });
    cursor.page.drawLine({
      start: { x, y: priceY + 3.8 },
      end: { x: x + w, y: priceY + 3.8 },
      thickness: 0.8,
      color: GREY,
    });
  }
  cursor.y -= 34;

  // Photo on the left, key details beside it (or across the page without a photo).
  const photo = await embedPhoto(doc, image);
  const details = printDetails(car);
  const photoWidth = photo ? Math.min(300, (220 * photo.width) / photo.height) : 0;
  const photoHeight = photo ? (photoWidth * photo.height) / photo.width : 0;
  const rowHeight = 17;
  const blockHeight = Math.max(photoHeight, details.length * rowHeight);
  if (blockHeight > 0) {
    cursor.need(blockHeight);
    const top = cursor.y;
    if (photo)
      cursor.page.drawImage(photo, { x: MARGIN, y: top - photoHeight, width: photoWidth, height: photoHeight });
    const left = photo ? MARGIN + photoWidth + 18 : MARGIN;
    const labelWidth = 78;
    drawLabelRows(site, cursor.page, details, {
      left,
      top,
      labelWidth,
      valueWidth: Math.min(MARGIN + WIDTH - left - labelWidth, 260),
      rowHeight,
    });
    cursor.y = top - blockHeight - 6;
  }

  // Features in two columns; a long list is what moves the rest to a second page.
  const features = printFeatures(car);
  if (features.length) {
    const rowGap = 14;
    cursor.heading('Features', rowGap);
    const columnWidth = WIDTH / 2 - 12;
    for (let i = 0; i < features.length; i += 2) {
      cursor.need(rowGap);
      [features[i], features[i + 1]].forEach((feature, column) => {
        if (feature === undefined) return;
        cursor.page.drawText(fit(safe(`• ${feature}`), regular, 9.5, columnWidth), {
          x: MARGIN + column * (columnWidth + 24),
          y: cursor.y - 9.5,
          size: 9.5,
          font: regular,
          color: TEXT,
        });
      });
      cursor.y -= rowGap;
    }
  }

  // The page URL and the disclaimer close the document; measured first so comments can leave room.
  const urlLines = wrap(safe(`View this ${tenant.vehicleWord} online: ${siteUrl}`), regular, 9.5, WIDTH);
  const disclaimer = tenant.legal.disclaimer?.trim();
  const disclaimerLines = disclaimer ? wrap(safe(disclaimer), regular, 7.5, WIDTH) : [];
  const closingHeight = 10 + urlLines.length * 13 + (disclaimerLines.length ? 6 + disclaimerLines.length * 9.5 : 0);

  // Dealer comments as plain text, wrapped and cut to a readable length. Comments alone never
  // start a second page: they are cut to the room left, unless that room is too small to be useful.
  const comments = shortComments(car.dealercomments);
  if (comments) {
    const room = Math.floor((cursor.y - 30 - CONTENT_BOTTOM - closingHeight) / 13);
    const limit = room >= 6 ? Math.min(room, COMMENTS_LINES) : COMMENTS_LINES;
    cursor.heading('Dealer comments', 13);
    const lines = wrap(safe(comments), regular, 9.5, WIDTH);
    if (lines.length > limit)
      lines.splice(limit - 1, Infinity, fit(`${lines[limit - 1] ?? ''} …`.trim(), regular, 9.5, WIDTH));
    for (const l of lines) cursor.line(l, { size: 9.5 }, 13);
  }

  cursor.y -= 10;
  for (const l of urlLines) cursor.line(l, { size: 9.5, color: primary }, 13);
  if (disclaimerLines.length) cursor.y -= 6;
  for (const l of disclaimerLines) cursor.line(l, { size: 7.5, color: GREY }, 9.5);

  drawFooters(site, tenant.name, dealerPhone);
  return doc.save();
}

// ---------------------------------------------------------------------------------------------
// The photo
// ---------------------------------------------------------------------------------------------

const DEMO_IMAGE = /^\/media\/vehicles\/([a-z-]+)\/([a-z0-9-]{1,40})\/([a-z]+)\.png$/;

/**
 * The main photo as PNG bytes for the PDF, when it is a demo picture drawn on this machine
 * (/media/vehicles/{kind}/{colour}/{view}.png). Other photos live on outside hosts, and the PDF
 * service makes no network calls, so they print without a photo.
 */
export async function pdfImageFor(car: Pick<FeedCar, 'images' | 'primary_image_url'>): Promise<Uint8Array | undefined> {
  const url = car.images?.[0]?.image.url ?? car.primary_image_url;
  const match = url ? DEMO_IMAGE.exec(url.split(/[?#]/)[0] ?? '') : null;
  if (!match) return undefined;
  const [, kind = '', colourSlug = '', view = ''] = match;
  if (!isVehicleKind(kind) || !isVehicleView(view)) return undefined;
  return new Uint8Array(await vehiclePng(kind, colourSlug, view));
}
