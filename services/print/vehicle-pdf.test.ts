import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { FeedCar, ResolvedTenant } from '../../schemas/types.generated';
import { pdfImageFor, renderVehiclePdf } from './vehicle-pdf';
import { PRINT_FEATURES_LIMIT, priceText, printDetails, printFeatures } from './price-text';

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('demo tenant missing');
const tenant: ResolvedTenant = entry.config;
const withPricing = (pricing: Partial<ResolvedTenant['pricing']>, subscriptionOffer = false): ResolvedTenant => ({
  ...tenant,
  pricing: { ...tenant.pricing, ...pricing },
  features: { ...tenant.features, subscriptionOffer },
});

const car = (overrides: Partial<FeedCar> = {}): FeedCar => ({
  id: 100123,
  slug: '2022-toyota-hilux-sr5-100123',
  year: 2022,
  make: 'Toyota',
  model: 'HiLux',
  badge: 'SR5',
  series: 'GUN126R',
  car_type: 'used',
  status: 'in_stock',
  price: 34990,
  price_type: 'Drive Away',
  km: 45210,
  simple_transmission: 'Automatic',
  simple_fuel: 'Diesel',
  simple_body: 'Ute',
  drive: '4x4',
  colour: 'White',
  stocknum: 'U1234',
  vin: 'MR0HA3CD100123456',
  regplate: 'ABC12D',
  dealership_id: 1,
  images: [{ image: { url: '/media/vehicles/ute/white/side.png' } }],
  standardEquipment: ['Reversing camera', 'Apple CarPlay', 'Cruise control'],
  dealercomments: '<p>One owner, full service history.</p><p>Tow bar &amp; tub liner.</p>',
  ...overrides,
});

const siteUrl = 'https://www.harbourcitymazda.com.au/cars/2022-toyota-hilux-sr5-100123';

async function parse(bytes: Uint8Array) {
  expect(new TextDecoder('latin1').decode(bytes.slice(0, 5))).toBe('%PDF-');
  return PDFDocument.load(bytes, { updateMetadata: false });
}

describe('print price text (spec: catalogue §4 price display priority, as VehicleSidebar shows it)', () => {
  it('a normal price with its price type', () => {
    expect(priceText(car(), tenant)).toEqual({
      price: '$34,990',
      qualifier: ' Drive Away',
      line: '$34,990 Drive Away',
    });
  });

  it('an offer price above 10 replaces the price; 10 or less does not', () => {
    expect(priceText(car({ price: 40000, offer_price: 37990, price_type: undefined }), tenant).line).toBe('$37,990');
    expect(priceText(car({ price: 40000, offer_price: 10, price_type: undefined }), tenant).line).toBe('$40,000');
  });

  it('the was-price shows only when before_price is greater than the price shown', () => {
    expect(priceText(car({ before_price: 36990 }), tenant)).toEqual({
      price: '$34,990',
      qualifier: ' Drive Away',
      was: '$36,990',
      line: '$34,990 Drive Away was $36,990',
    });
    expect(priceText(car({ before_price: 34990 }), tenant).was).toBeUndefined();
    expect(priceText(car({ offer_price: 30000, before_price: 34990, price_type: undefined }), tenant).line).toBe(
      '$30,000 was $34,990',
    );
  });

  it('no price shows the configured no-price text, by default Enquire for price.', () => {
    expect(priceText(car({ price: 0, price_type: undefined }), withPricing({ noPriceText: 'Call for price' }))).toEqual(
      { price: 'Call for price', qualifier: '', line: 'Call for price' },
    );
    expect(priceText(car({ price: 0 }), tenant).line).toBe(tenant.pricing.noPriceText);
  });

  it('a pre-order car without a price shows the preorder text; with a price, the price', () => {
    expect(priceText(car({ price: 0, preorder: true }), withPricing({ preorderText: 'PREORDER' })).line).toBe(
      'PREORDER',
    );
    expect(priceText(car({ preorder: true }), tenant).line).toBe('$34,990 Drive Away');
  });

  it('a subscription price comes first when the offer is on', () => {
    expect(priceText(car({ subscription_price: 199 }), withPricing({}, true)).line).toBe(
      '$199 per week subscription Drive Away',
    );
    expect(priceText(car({ subscription_price: 199 }), withPricing({}, false)).line).toBe('$34,990 Drive Away');
  });
});

describe('print details and features', () => {
  it('labels the key details and drops blank ones (catalogue §5)', () => {
    expect(printDetails(car({ drive: ' ', regplate: 'null' }))).toEqual([
      ['Odometer', '45,210 km'],
      ['Transmission', 'Automatic'],
      ['Fuel', 'Diesel'],
      ['Body', 'Ute'],
      ['Colour', 'White'],
      ['Stock number', 'U1234'],
      ['VIN', 'MR0HA3CD100123456'],
    ]);
  });

  it('lists at most 30 non-blank features', () => {
    const many = Array.from({ length: 50 }, (_, i) => `Feature ${i}`);
    expect(printFeatures({ standardEquipment: ['', ' ', ...many] })).toEqual(many.slice(0, PRINT_FEATURES_LIMIT));
  });
});

describe('renderVehiclePdf', () => {
  it('renders a one-page A4 PDF named after the car and its dealer', async () => {
    const pdf = await parse(await renderVehiclePdf({ car: car(), tenant, siteUrl }));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(pdf.getTitle()).toBe('2022 Toyota HiLux SR5 GUN126R');
    expect(pdf.getAuthor()).toBe(tenant.name);
  });

  it('embeds the demo photo', async () => {
    const image = await pdfImageFor(car());
    expect(image && Array.from(image.slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const bytes = await renderVehiclePdf({ car: car(), tenant, siteUrl, image });
    await parse(bytes);
    expect(new TextDecoder('latin1').decode(bytes)).toContain('/Subtype /Image');
  });

  it('prints without a photo when the bytes are not an image', async () => {
    const pdf = await parse(await renderVehiclePdf({ car: car(), tenant, siteUrl, image: new Uint8Array([1, 2, 3]) }));
    expect(pdf.getPageCount()).toBe(1);
  });

  it('a long features list and long comments take at most two pages', async () => {
    const long = car({
      standardEquipment: Array.from(
        { length: 80 },
        (_, i) => `Feature number ${i} with a rather long description that needs shortening`,
      ),
      dealercomments: Array.from({ length: 60 }, (_, i) => `Paragraph ${i}: ${'word '.repeat(40)}`).join('\n'),
      series: 'X'.repeat(300),
    });
    const pdf = await parse(
      await renderVehiclePdf({
        car: long,
        tenant: { ...tenant, legal: { ...tenant.legal, disclaimer: 'Disclaimer. '.repeat(120) } },
        siteUrl,
        image: await pdfImageFor(long),
      }),
    );
    expect(pdf.getPageCount()).toBe(2);
  });

  it('long comments alone are cut to fit one page', async () => {
    const chatty = car({
      dealercomments: Array.from({ length: 60 }, (_, i) => `Paragraph ${i}: ${'word '.repeat(40)}`).join('\n'),
    });
    expect(
      (
        await parse(await renderVehiclePdf({ car: chatty, tenant, siteUrl, image: await pdfImageFor(chatty) }))
      ).getPageCount(),
    ).toBe(1);
  });

  it('does not throw on characters the standard fonts cannot encode', async () => {
    const odd = car({
      make: 'Škoda',
      model: 'Kodiaq “RS” 🚗',
      badge: '日本',
      price_type: 'Drive Away ✓',
      standardEquipment: ['Heated seats 🔥', 'Ünïcödé ħandling', 'Arabic عربى', '👍🏽 and 🇦🇺'],
      dealercomments: 'Great car 😀\u200d\u2014 ask about finance\u2026\r\nTabs\there\u00a0and\u2028lines',
      stocknum: 'Ⅻ-1',
    });
    const weird = {
      ...tenant,
      name: 'Harbour City ✨ Mazda',
      contact: { ...tenant.contact, phone: '(02) 9555 0100 ☎' },
    };
    const pdf = await parse(
      await renderVehiclePdf({ car: odd, tenant: weird, siteUrl: `${siteUrl}?ü=1`, phone: '☎ 1300' }),
    );
    expect(pdf.getTitle()).toBe('2022 Škoda Kodiaq “RS” 🚗 日本 GUN126R');
  });
});

describe('pdfImageFor', () => {
  it('draws only demo pictures under /media/vehicles/ (no network)', async () => {
    expect(
      await pdfImageFor(car({ images: undefined, primary_image_url: '/media/vehicles/suv/red/front.png' })),
    ).toBeInstanceOf(Uint8Array);
    expect(
      await pdfImageFor(
        car({ images: [{ image: { url: 'https://cdn.example.com/media/vehicles/suv/red/front.png' } }] }),
      ),
    ).toBeUndefined();
    expect(
      await pdfImageFor(car({ images: [{ image: { url: '/media/vehicles/spaceship/red/front.png' } }] })),
    ).toBeUndefined();
    expect(await pdfImageFor(car({ images: [{ image: { url: '/uploads/hilux.jpg' } }] }))).toBeUndefined();
    expect(await pdfImageFor(car({ images: undefined, primary_image_url: undefined }))).toBeUndefined();
  });
});
