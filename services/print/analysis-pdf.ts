/**
 * The car analysis PDF (conversion §6 plugins): one A4 page comparing a car's advertised price and
 * odometer with the similar cars the site lists (domain/car-analysis). Drawn with the print toolkit
 * (pdf-toolkit/) the vehicle PDF uses: header band, label rows, footers.
 */
import type { FeedCar, ResolvedTenant } from '../../schemas/types.generated';
import {
  ageText,
  differenceText,
  kmDifferenceText,
  methodText,
  notEnoughDataText,
  rankText,
  type CarAnalysis,
} from '../../domain/car-analysis';
import { formatDate, formatKm, formatMoney } from '../../domain/format';
import { vehicleTitle } from '../../domain/vehicle-title';
import { printPhone } from './price-text';
import { drawLabelRows } from './pdf-toolkit/label-rows';
import { Cursor, GREY, MARGIN, WIDTH } from './pdf-toolkit/page-cursor';
import { drawFooters, drawHeaderBand, startSitePdf } from './pdf-toolkit/site-pdf';

export interface AnalysisPdfInput {
  car: FeedCar;
  tenant: ResolvedTenant;
  /** analyseCar(car, the site's similar cars, now). */
  analysis: CarAnalysis;
  /** The car's page, printed at the foot. */
  siteUrl: string;
  /** When the stock was read: the date printed, in the tenant's time zone. */
  now: Date;
}

/** The comparison table: only figures the analysis has, so nothing is shown that was not worked out. */
export function analysisRows(
  car: Pick<FeedCar, 'year'>,
  analysis: CarAnalysis,
  currency: string,
  word = 'car',
): Array<[label: string, value: string]> {
  const money = (amount: number) => formatMoney(amount, currency);
  const rows: Array<[string, string | undefined]> = [
    [`Similar ${word}s compared`, String(analysis.count)],
    ['Median price', analysis.prices && money(analysis.prices.median)],
    ['Lowest price', analysis.prices && money(analysis.prices.min)],
    ['Highest price', analysis.prices && money(analysis.prices.max)],
    [`This ${word} against the median`, analysis.difference && differenceText(analysis.difference, money)],
    ['Price rank', analysis.rank && rankText(analysis.rank, word)],
    [`This ${word}’s odometer`, analysis.km === undefined ? 'Not recorded' : formatKm(analysis.km)],
    [
      'Median odometer',
      analysis.kms && `${formatKm(analysis.kms.median)} (of ${analysis.kms.count} ${word}s with a reading)`,
    ],
    [
      'Odometer against the median',
      analysis.kms?.difference === undefined ? undefined : kmDifferenceText(analysis.kms.difference),
    ],
    ['Age', ageText(analysis.ageYears, car.year)],
  ];
  return rows.flatMap(([label, value]) => (value === undefined ? [] : [[label, value] as [string, string]]));
}

export async function renderCarAnalysisPdf({
  car,
  tenant,
  analysis,
  siteUrl,
  now,
}: AnalysisPdfInput): Promise<Uint8Array> {
  const word = tenant.vehicleWord;
  const carTitle = vehicleTitle(car) || car.name || car.slug;
  // "Car analysis: …" (the plugin's name); a motorcycle site says "Motorcycle analysis: …".
  const title = `${word.charAt(0).toUpperCase()}${word.slice(1)} analysis: ${carTitle}`;
  // The date as the site's clock reads it: "15 June 2025".
  const date = formatDate(now, tenant.locale.timeZone, 'long');
  const phone = printPhone(car, tenant);
  const site = await startSitePdf(tenant, {
    title,
    subject: `How the price of this ${word} compares with similar stock on ${date}`,
  });
  const { doc, fonts, safe, primary } = site;
  const { bold } = fonts;
  const cursor = new Cursor(doc, fonts);
  drawHeaderBand(site, cursor, tenant.name, phone);

  cursor.paragraph(safe(title), { size: 18, font: bold }, WIDTH, 22);
  cursor.line(safe(`Prepared on ${date}`), { size: 10, color: GREY }, 18);

  cursor.y -= 4;
  const price =
    analysis.price === undefined ? 'No advertised price' : formatMoney(analysis.price, tenant.locale.currency);
  cursor.line(safe(`This ${word}’s price: ${price}`), { size: 14, font: bold, color: primary }, 24);

  cursor.heading('How it compares', 20);
  const rows = analysisRows(car, analysis, tenant.locale.currency, word);
  const rowHeight = 18;
  cursor.need(rows.length * rowHeight);
  drawLabelRows(site, cursor.page, rows, {
    left: MARGIN,
    top: cursor.y,
    labelWidth: 170,
    valueWidth: WIDTH - 170,
    rowHeight,
  });
  cursor.y -= rows.length * rowHeight + 6;

  const missing = notEnoughDataText(analysis, word);
  if (missing) {
    cursor.y -= 6;
    cursor.paragraph(safe(missing), { size: 10.5, font: bold }, WIDTH, 14);
  }

  cursor.heading('How this was worked out', 14);
  cursor.paragraph(safe(methodText(analysis, date, word)), { size: 10 }, WIDTH, 14);
  cursor.y -= 6;
  cursor.paragraph(
    safe(`This compares advertised prices in our own stock only. It is not a valuation of the ${word}.`),
    { size: 10, color: GREY },
    WIDTH,
    14,
  );

  cursor.y -= 10;
  cursor.paragraph(safe(`View this ${word} online: ${siteUrl}`), { size: 9.5, color: primary }, WIDTH, 13);

  drawFooters(site, tenant.name, phone);
  return doc.save();
}
