import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { FeedCar, ResolvedTenant } from '../../schemas/types.generated';
import { analyseCar } from '../../domain/car-analysis';
import { analysisRows, renderCarAnalysisPdf } from './analysis-pdf';

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('demo tenant missing');
const tenant: ResolvedTenant = entry.config;
const now = new Date('2025-06-15T02:00:00Z');
const siteUrl = 'https://www.example.com.au/cars/2022-mazda-cx-5-maxx-1';

const car = (id: number, overrides: Partial<FeedCar> = {}): FeedCar => ({
  id,
  slug: `2022-mazda-cx-5-maxx-${id}`,
  year: 2022,
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Maxx',
  car_type: 'used',
  status: 'in_stock',
  price: 30000,
  km: 40000,
  dealership_id: 1,
  ...overrides,
});
const subject = car(1);
const similar = [
  car(2, { price: 32000, km: 30000 }),
  car(3, { price: 28000, km: 50000 }),
  car(4, { price: 35000, km: 60000 }),
  car(5, { price: 31000, km: undefined }),
];

async function load(bytes: Uint8Array) {
  expect(new TextDecoder('latin1').decode(bytes.slice(0, 5))).toBe('%PDF-');
  return PDFDocument.load(bytes, { updateMetadata: false });
}

describe('renderCarAnalysisPdf', () => {
  it('renders one A4 page titled after the car', async () => {
    const pdf = await load(
      await renderCarAnalysisPdf({
        car: subject,
        tenant,
        analysis: analyseCar(subject, similar, now, tenant.locale.timeZone),
        siteUrl,
        now,
      }),
    );
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(pdf.getTitle()).toBe('Car analysis: 2022 Mazda CX-5 Maxx');
    expect(pdf.getAuthor()).toBe(tenant.name);
  });

  it('renders one page when there is not enough data, and for characters the fonts lack', async () => {
    const odd = car(1, { make: 'Škoda', model: 'Kodiaq 🚗', price: 0 });
    const pdf = await load(
      await renderCarAnalysisPdf({
        car: odd,
        tenant: { ...tenant, name: 'Harbour ✨ City' },
        analysis: analyseCar(odd, [], now),
        siteUrl,
        now,
      }),
    );
    expect(pdf.getPageCount()).toBe(1);
  });
});

describe('analysisRows', () => {
  it('lists the worked-out figures', () => {
    expect(analysisRows(subject, analyseCar(subject, similar, now, 'Australia/Sydney'), 'AUD')).toEqual([
      ['Similar cars compared', '4'],
      ['Median price', '$31,500'],
      ['Lowest price', '$28,000'],
      ['Highest price', '$35,000'],
      ['This car against the median', '$1,500 (4.8%) below the median'],
      ['Price rank', '2nd cheapest of 5 (this car and 4 similar cars)'],
      ['This car’s odometer', '40,000 km'],
      ['Median odometer', '50,000 km (of 3 cars with a reading)'],
      ['Odometer against the median', '10,000 km fewer than the median'],
      ['Age', '3 years (2022 model year)'],
    ]);
  });

  it('with too few similar cars shows no median, range, difference or rank', () => {
    expect(analysisRows(subject, analyseCar(subject, similar.slice(0, 2), now), 'AUD', 'motorcycle')).toEqual([
      ['Similar motorcycles compared', '2'],
      ['This motorcycle’s odometer', '40,000 km'],
      ['Age', '3 years (2022 model year)'],
    ]);
  });
});

describe('the analysis date', () => {
  it('is the date on the site’s calendar', async () => {
    const late = new Date('2025-06-15T15:00:00Z');
    const subjectIn = async (timeZone: string) => {
      const pdf = await load(
        await renderCarAnalysisPdf({
          car: subject,
          tenant: { ...tenant, locale: { ...tenant.locale, timeZone } },
          analysis: analyseCar(subject, similar, late, timeZone),
          siteUrl,
          now: late,
        }),
      );
      return pdf.getSubject();
    };
    expect(await subjectIn('Australia/Sydney')).toBe(
      'How the price of this car compares with similar stock on 16 June 2025',
    );
    expect(await subjectIn('Australia/Perth')).toBe(
      'How the price of this car compares with similar stock on 15 June 2025',
    );
  });
});
