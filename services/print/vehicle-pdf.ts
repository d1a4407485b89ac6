/**
 * The vehicle PDF (catalogue §7 'Print PDF by car slug'): one A4 page, two when the features and
 * comments need it, drawn with the print toolkit (pdf-toolkit/) on pdf-lib's standard Helvetica
 * fonts (no font files to ship). Every text passes through the document's `safe` filter first.
 */
import { rgb } from 'pdf-lib';
import type { FeedCar, ResolvedTenant } from '../../schemas/types.generated';
import { isAvailable } from '../../domain/listing';
import { vehicleTitle } from '../../domain/vehicle-title';
import { commentPlainText } from '../../domain/vehicle/dealer-comments';
import { soldNotice } from '../../domain/vehicle/sold-notice';
import { isVehicleKind, isVehicleView, vehiclePng } from '../media/vehicle-image';
import { embedImage } from './pdf-toolkit/image';
import { drawLabelRows } from './pdf-toolkit/label-rows';
import { CONTENT_BOTTOM, Cursor, GREY, MARGIN, TEXT, WIDTH } from './pdf-toolkit/page-cursor';
import { drawFooters, drawHeaderBand, startSitePdf } from './pdf-toolkit/site-pdf';
import { fit, wrap } from './pdf-toolkit/text';
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

// Long comments are cut here: the printout is a summary, the page has the rest.
const COMMENTS_CHARS = 1500;
const COMMENTS_LINES = 24;

/** Plain comment text cut to the printout's length, on a word boundary. */
function shortComments(html: string | undefined): string | undefined {
  const plain = commentPlainText(html ?? '');
  if (plain.replace(/[|\s]/g, '') === '') return undefined; // catalogue §4: pending comments print nothing
  if (plain.length <= COMMENTS_CHARS) return plain;
  const window = plain.slice(0, COMMENTS_CHARS);
  const boundary = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
  return `${(boundary > COMMENTS_CHARS / 2 ? window.slice(0, boundary) : window).trimEnd()}…`;
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
  const photo = await embedImage(doc, image);
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
