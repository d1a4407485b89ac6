import { describe, expect, it } from 'vitest';
import { shownPrice } from './price-display';
import {
  absoluteUrl,
  openGraph,
  publicPhotoUrl,
  serialiseJsonLd,
  vehicleDescription,
  vehicleImageUrls,
  vehicleJsonLd,
  type StructuredDataCar,
  type StructuredDataOptions,
} from './vehicle-structured-data';

const options: StructuredDataOptions = {
  url: 'https://dealer.example/cars/2022-toyota-hilux-sr5-100123',
  siteName: 'Acme Motors',
  currency: 'AUD',
  imageBase: 'https://dealer.example',
  vehicleWord: 'car',
};

const car: StructuredDataCar = {
  slug: '2022-toyota-hilux-sr5-100123',
  year: 2022,
  make: 'Toyota',
  model: 'HiLux',
  badge: 'SR5',
  car_type: 'used',
  status: 'in_stock',
  price: 48_990,
  offer_price: 45_990,
  price_type: 'Drive Away',
  km: 32_000,
  colour: 'White',
  trans: '6 Speed Automatic',
  simple_transmission: 'Automatic',
  fuel: 'Diesel',
  simple_body: 'Ute',
  bodyconfiguration: 'Double Cab Pick Up',
  vin: 'MR0HA3CD100123456',
  primary_image_url: '/media/hilux/front.jpg',
  images: [
    { image: { url: '/media/hilux/front.jpg' } },
    { image: { url: 'https://cdn.example/hilux/side.jpg' } },
    { image: { url: '//cdn.example/hilux/rear.jpg' } },
  ],
};

describe('vehicle JSON-LD', () => {
  // spec: catalogue §2 vehicle detail page / §3 Car — the car's fields as schema.org Car.
  it('describes a car', () => {
    const data = vehicleJsonLd(car, options);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: '2022 Toyota HiLux SR5',
      brand: { '@type': 'Brand', name: 'Toyota' },
      model: 'HiLux',
      vehicleModelDate: '2022',
      itemCondition: 'https://schema.org/UsedCondition',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 32_000, unitCode: 'KMT' },
      color: 'White',
      vehicleTransmission: '6 Speed Automatic',
      fuelType: 'Diesel',
      bodyType: 'Ute',
      vehicleIdentificationNumber: 'MR0HA3CD100123456',
      image: [
        'https://dealer.example/media/hilux/front.jpg',
        'https://cdn.example/hilux/side.jpg',
        'https://cdn.example/hilux/rear.jpg',
      ],
      url: options.url,
    });
    expect(data.description).toBe(
      '2022 Toyota HiLux SR5 — used car for sale at Acme Motors. $45,990 Drive Away, 32,000 km, 6 Speed Automatic, Diesel.',
    );
  });

  // spec: catalogue §4 price display priority — the offer price is the one price shown everywhere (ACL s47).
  it('offers the shown price, the same figure as the card', () => {
    const data = vehicleJsonLd(car, options);
    expect(data.offers).toEqual({
      '@type': 'Offer',
      price: shownPrice(car),
      priceCurrency: 'AUD',
      availability: 'https://schema.org/InStock',
      url: options.url,
      seller: { '@type': 'AutoDealer', name: 'Acme Motors' },
    });
    expect(shownPrice(car)).toBe(45_990);
  });

  // spec: catalogue §4 price display priority — no price ('Enquire for price.'): no offer price.
  it('omits the offer price for an unpriced car', () => {
    const offers = vehicleJsonLd({ ...car, price: 0, offer_price: 0 }, options).offers as Record<string, unknown>;
    expect(offers).not.toHaveProperty('price');
    expect(offers).not.toHaveProperty('priceCurrency');
    expect(offers.availability).toBe('https://schema.org/InStock');
  });

  // spec: catalogue §4 availability — in stock, coming soon, otherwise sold.
  it('maps status to availability', () => {
    const availability = (status: string) =>
      (vehicleJsonLd({ ...car, status }, options).offers as Record<string, unknown>).availability;
    expect(availability('coming_soon')).toBe('https://schema.org/PreOrder');
    expect(availability('sold')).toBe('https://schema.org/SoldOut');
    expect(availability('reserved')).toBe('https://schema.org/SoldOut');
    expect(vehicleJsonLd({ ...car, status: 'sold' }, options).description).toBe(
      '2022 Toyota HiLux SR5 — this car recently sold. 32,000 km, 6 Speed Automatic, Diesel.',
    );
  });

  // spec: catalogue §3 Car — car_type new, demo, used; item_type for motorcycles, caravans, trucks.
  it('sets the type and condition', () => {
    expect(vehicleJsonLd({ ...car, car_type: 'new' }, options).itemCondition).toBe('https://schema.org/NewCondition');
    expect(vehicleJsonLd({ ...car, car_type: 'demo' }, options).itemCondition).toBe('https://schema.org/UsedCondition');
    expect(vehicleJsonLd({ ...car, item_type: 'car' }, options)['@type']).toBe('Car');
    expect(vehicleJsonLd({ ...car, item_type: 'motorcycle' }, options)['@type']).toBe('Vehicle');
    expect(vehicleJsonLd({ ...car, item_type: 'caravan' }, options)['@type']).toBe('Vehicle');
    expect(vehicleJsonLd({ ...car, item_type: 'truck' }, options)['@type']).toBe('Vehicle');
  });

  // spec: catalogue §3 Car — optional fields are left out when missing.
  it('omits undefined fields', () => {
    const bare: StructuredDataCar = { year: 2019, make: 'Kia', model: 'Cerato', status: 'in_stock', price: 19_990 };
    const data = vehicleJsonLd(bare, options);
    expect(Object.keys(data).sort()).toEqual(
      ['@context', '@type', 'brand', 'description', 'model', 'name', 'offers', 'url', 'vehicleModelDate'].sort(),
    );
    expect(Object.values(data)).not.toContain(undefined);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  // spec: catalogue §3 Car images — image URLs are absolute.
  it('makes image URLs absolute and drops unusable ones', () => {
    expect(absoluteUrl('/a.jpg', 'https://dealer.example')).toBe('https://dealer.example/a.jpg');
    expect(absoluteUrl('javascript:alert(1)', 'https://dealer.example')).toBeUndefined();
    expect(absoluteUrl('  ', 'https://dealer.example')).toBeUndefined();
    expect(vehicleJsonLd({ ...car, primary_image_url: null, images: [] }, options)).not.toHaveProperty('image');
  });

  // A crawler or an ad platform fetches a photo where the site itself shows it from: the platform's
  // own pictures where they are served, other site paths only through the image route.
  it('gives each photo an address the site answers with that photo', () => {
    const base = 'https://dealer.example';
    expect(publicPhotoUrl('/media/hilux/front.jpg', base)).toBe('https://dealer.example/media/hilux/front.jpg');
    expect(publicPhotoUrl('/assets/demo/car.jpg', base)).toBe('https://dealer.example/assets/demo/car.jpg');
    expect(publicPhotoUrl('https://cdn.example/hilux/side.jpg', base)).toBe('https://cdn.example/hilux/side.jpg');
    expect(publicPhotoUrl('//cdn.example/hilux/rear.jpg', base)).toBe('https://cdn.example/hilux/rear.jpg');
    // Not served on a site's host (the proxy makes every other path a page): the image route's
    // address, at the width Open Graph asks for.
    expect(publicPhotoUrl('/acceptance/car-0.jpg', base)).toBe(
      'https://dealer.example/api/images?url=%2Facceptance%2Fcar-0.jpg&w=1200',
    );
    expect(publicPhotoUrl('/media/../secret.png', base)).toBe(
      'https://dealer.example/api/images?url=%2Fmedia%2F..%2Fsecret.png&w=1200',
    );
    // Nothing a browser should load, and relative names the site would not show either.
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', 'car.jpg', '  ', null, undefined])
      expect(publicPhotoUrl(bad, base), String(bad)).toBeUndefined();
    expect(
      vehicleImageUrls({ primary_image_url: '/acceptance/car-0.jpg', images: [{ image: { url: 'car.jpg' } }] }, base),
    ).toEqual(['https://dealer.example/api/images?url=%2Facceptance%2Fcar-0.jpg&w=1200']);
    const data = vehicleJsonLd({ ...car, primary_image_url: '/acceptance/car-0.jpg', images: [] }, options);
    expect(data.image).toEqual(['https://dealer.example/api/images?url=%2Facceptance%2Fcar-0.jpg&w=1200']);
    expect(openGraph({ ...car, primary_image_url: '/acceptance/car-0.jpg', images: [] }, options).images[0]?.url).toBe(
      'https://dealer.example/api/images?url=%2Facceptance%2Fcar-0.jpg&w=1200',
    );
  });

  it('reads a condition word that names a property of every object as no condition', () => {
    for (const carType of ['constructor', '__proto__', 'toString'])
      expect(vehicleDescription({ ...car, car_type: carType }, options), carType).toBe(
        '2022 Toyota HiLux SR5 — car for sale at Acme Motors. $45,990 Drive Away, 32,000 km, 6 Speed Automatic, Diesel.',
      );
  });

  // spec: catalogue §3 Car dealercomments — feed text cannot break out of the JSON-LD script element.
  it('serialises safely for a script element', () => {
    const text = serialiseJsonLd(vehicleJsonLd({ ...car, colour: '</script><script>alert(1)</script>' }, options));
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toMatchObject({ color: '</script><script>alert(1)</script>' });
  });
});

describe('Open Graph', () => {
  // spec: catalogue §2 vehicle detail page — sharing previews carry the title, a photo and the page link.
  it('builds Open Graph metadata', () => {
    expect(openGraph(car, options)).toEqual({
      title: '2022 Toyota HiLux SR5 | Acme Motors',
      description:
        '2022 Toyota HiLux SR5 — used car for sale at Acme Motors. $45,990 Drive Away, 32,000 km, 6 Speed Automatic, Diesel.',
      images: [
        { url: 'https://dealer.example/media/hilux/front.jpg', width: 1200, height: 800, alt: '2022 Toyota HiLux SR5' },
      ],
      type: 'website',
      url: options.url,
    });
  });

  // spec: catalogue §3 Car — a car without photos has no preview image.
  it('has no image when the car has none', () => {
    expect(
      openGraph({ ...car, primary_image_url: undefined, images: undefined }, { ...options, vehicleWord: 'motorcycle' })
        .images,
    ).toEqual([]);
  });
});
