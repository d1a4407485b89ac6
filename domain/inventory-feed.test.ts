import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import {
  adCondition,
  adPrice,
  adVehicle,
  feedPrice,
  placeAddress,
  validVin,
  vehiclePagePath,
  type AdCar,
  type AdPlace,
  type AdSettings,
  type AdVehicle,
} from './inventory-feed';
import {
  clip,
  GOOGLE_FEED_CLOSE,
  googleBodyStyle,
  googleEngine,
  googleFeedOpen,
  googleItemXml,
  googlePriceType,
} from './inventory-feed-google';
import {
  csvField,
  META_COLUMNS,
  META_IMAGE_COLUMNS,
  metaHeaderRow,
  metaRow,
  metaStateOfVehicle,
  spreadsheetText,
} from './inventory-feed-meta';
import { formatMoney } from './format';
import { priceDisplay } from './price-display';

const settings: AdSettings = {
  origin: 'https://www.dealer.example',
  siteName: 'Harbour & Co Motors',
  vehicleWord: 'car',
  currency: 'AUD',
  country: 'AU',
  subscriptionOffer: false,
};

const car = (extra: Partial<AdCar> = {}): AdCar => ({
  id: 100123,
  slug: '2022-toyota-hilux-sr5-100123',
  year: 2022,
  make: 'Toyota',
  model: 'HiLux',
  badge: 'SR5',
  car_type: 'used',
  status: 'in_stock',
  price: 45_990,
  price_type: 'Drive Away',
  km: 32_000,
  vin: 'MR0FZ22G401234567',
  colour: 'Glacier White',
  simple_body: 'Ute',
  simple_fuel: 'Diesel',
  simple_transmission: 'Automatic',
  drive: '4x4',
  primary_image_url: '/media/vehicles/ute/white/side.png',
  images: [
    { image: { url: '/media/vehicles/ute/white/side.png' } },
    { image: { url: 'https://cdn.dealer.example/photos/rear.jpg' } },
  ],
  ...extra,
});

const place: AdPlace = {
  id: 101,
  name: 'Harbour City Mazda',
  street: '120 Botany Road',
  city: 'Alexandria',
  state: 'NSW',
  postcode: '2015',
  phone: '1300 762 992',
  lat: -33.9041,
  lng: 151.1989,
};

const vehicle = (extra: Partial<AdCar> = {}, options: Partial<AdSettings> = {}): AdVehicle => {
  const made = adVehicle(car(extra), place, { ...settings, ...options });
  if (typeof made === 'string') throw new Error(`not advertised: ${made}`);
  return made;
};

describe('which cars are advertised, at which price', () => {
  it('advertises a car in stock at the price the site shows, in whole dollars as the site shows it', () => {
    expect(adPrice(car(), settings)).toEqual({ price: 45_990 });
    expect(adPrice(car({ offer_price: 43_500 }), settings)).toEqual({ price: 43_500 });
    // An offer of 10 or less is not an offer (catalogue §4): the price shows.
    expect(adPrice(car({ offer_price: 10 }), settings)).toEqual({ price: 45_990 });
    expect(adPrice(car({ price: 45_990.5 }), settings)).toEqual({ price: 45_991 });
  });

  it('is the very figure the vehicle page prints, for every kind of priced car', () => {
    const cars = [
      car(),
      car({ offer_price: 39_999, before_price: 44_000 }),
      car({ price: 12_345.49 }),
      car({ price: 99_999.5 }),
      car({ subscription_price: 199 }),
    ];
    for (const each of cars) {
      const shown = priceDisplay(each, { subscriptionOffer: false });
      if (!('amount' in shown)) throw new Error('priced');
      const printed = Number(formatMoney(shown.amount, 'AUD').replace(/[^0-9.]/g, ''));
      const advertised = adPrice(each, settings);
      expect(advertised).toEqual({ price: printed });
      expect(feedPrice(printed, 'AUD')).toBe(`${printed}.00 AUD`);
    }
  });

  it('leaves out cars shown without a price, with a subscription price, or not for sale today', () => {
    expect(adPrice(car({ price: 0 }), settings)).toEqual({ excluded: 'no-price' });
    expect(adPrice(car({ price: 0, preorder: true }), settings)).toEqual({ excluded: 'no-price' });
    expect(adPrice(car({ subscription_price: 199 }), { ...settings, subscriptionOffer: true })).toEqual({
      excluded: 'subscription-price',
    });
    // Without the subscription switch the site shows the sale price, and so does the ad.
    expect(adPrice(car({ subscription_price: 199 }), settings)).toEqual({ price: 45_990 });
    for (const status of ['sold', 'coming_soon', 'reserved', 'other'])
      expect(adPrice(car({ status }), settings), status).toEqual({ excluded: 'not-for-sale' });
    expect(adPrice(car({ reserved: true }), settings)).toEqual({ excluded: 'not-for-sale' });
  });

  it('advertises cars only: not motorcycles, caravans or trucks', () => {
    expect(adPrice(car({ item_type: 'car' }), settings)).toEqual({ price: 45_990 });
    for (const itemType of ['motorcycle', 'caravan', 'truck'])
      expect(adPrice(car({ item_type: itemType }), settings), itemType).toEqual({ excluded: 'not-a-car' });
    expect(adVehicle(car({ item_type: 'motorcycle' }), place, settings)).toBe('not-a-car');
  });
});

describe('the advertised vehicle', () => {
  it('links the vehicle page the site links, and makes every photo absolute', () => {
    const made = vehicle();
    expect(vehiclePagePath({ slug: 'abc' })).toBe('/cars/abc');
    expect(made.link).toBe('https://www.dealer.example/cars/2022-toyota-hilux-sr5-100123');
    expect(made.images).toEqual([
      'https://www.dealer.example/media/vehicles/ute/white/side.png',
      'https://cdn.dealer.example/photos/rear.jpg',
    ]);
    expect(made.title).toBe('2022 Toyota HiLux SR5');
    expect(made.description).toContain('$45,990 Drive Away');
    expect(made.trim).toBe('SR5');
  });

  it('gives site photos outside /media and /assets by the image route, as the site shows them', () => {
    const made = vehicle({
      primary_image_url: '/acceptance/car-0.jpg',
      images: [
        { image: { url: '/acceptance/car-0.jpg' } },
        { image: { url: '/assets/demo/car-1.jpg' } },
        { image: { url: 'car-2.jpg' } },
        { image: { url: 'https://cdn.dealer.example/photos/rear.jpg' } },
      ],
    });
    expect(made.images).toEqual([
      'https://www.dealer.example/api/images?url=%2Facceptance%2Fcar-0.jpg&w=1200',
      'https://www.dealer.example/assets/demo/car-1.jpg',
      'https://cdn.dealer.example/photos/rear.jpg',
    ]);
  });

  it('calls a demonstrator used, and a certified used car certified', () => {
    expect(adCondition('new')).toBe('new');
    expect(adCondition('demo')).toBe('used');
    expect(adCondition('used')).toBe('used');
    expect(vehicle({ car_type: 'demo', certified: true }).certified).toBe(true);
    expect(vehicle({ car_type: 'new', certified: true }).certified).toBe(false);
  });

  it('passes only a VIN of 17 valid characters', () => {
    expect(validVin(' mr0fz22g401234567 ')).toBe('MR0FZ22G401234567');
    expect(validVin('MR0FZ22G40123456')).toBeUndefined();
    expect(validVin('MR0FZ22G40123456O')).toBeUndefined();
    expect(vehicle({ vin: 'CHASSIS-1' }).vin).toBeUndefined();
  });

  it('writes the dealer address on one line', () => {
    expect(placeAddress(place, 'AU')).toBe('120 Botany Road, Alexandria NSW 2015, AU');
    expect(placeAddress({ id: 1, name: 'X', city: 'Auckland' }, 'NZ')).toBe('Auckland, NZ');
  });
});

/** Parses XML strictly; a document that is not well-formed has a <parsererror>. */
function parseXml(text: string): Document {
  const doc = new new JSDOM().window.DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror').length, text.slice(0, 400)).toBe(0);
  return doc;
}

const G = 'http://base.google.com/ns/1.0';
const gText = (item: Element, name: string) => [...item.getElementsByTagNameNS(G, name)].map((n) => n.textContent);

describe('Google vehicle ads feed', () => {
  it("writes Google's attributes for a vehicle", () => {
    const doc = parseXml(
      `${googleFeedOpen({ siteName: settings.siteName, origin: settings.origin })}${googleItemXml(vehicle())}${GOOGLE_FEED_CLOSE}`,
    );
    expect(doc.querySelector('channel > title')?.textContent).toBe('Harbour & Co Motors vehicles');
    const item = doc.getElementsByTagName('item')[0];
    if (!item) throw new Error('no item');
    expect(gText(item, 'id')).toEqual(['100123']);
    expect(gText(item, 'title')).toEqual(['2022 Toyota HiLux SR5']);
    expect(gText(item, 'link')).toEqual(['https://www.dealer.example/cars/2022-toyota-hilux-sr5-100123']);
    expect(gText(item, 'image_link')).toEqual(['https://www.dealer.example/media/vehicles/ute/white/side.png']);
    expect(gText(item, 'additional_image_link')).toEqual(['https://cdn.dealer.example/photos/rear.jpg']);
    expect(gText(item, 'price')).toEqual(['45990.00 AUD']);
    expect(gText(item, 'vehicle_price_type')).toEqual(['drive_away_price']);
    expect(gText(item, 'condition')).toEqual(['used']);
    expect(gText(item, 'certified_pre-owned')).toEqual(['no']);
    expect(gText(item, 'brand')).toEqual(['Toyota']);
    expect(gText(item, 'make')).toEqual(['Toyota']);
    expect(gText(item, 'model')).toEqual(['HiLux']);
    expect(gText(item, 'year')).toEqual(['2022']);
    expect(gText(item, 'mileage')).toEqual(['32000 KM']);
    expect(gText(item, 'vin')).toEqual(['MR0FZ22G401234567']);
    expect(gText(item, 'store_code')).toEqual(['101']);
    expect(gText(item, 'dealership_address')).toEqual(['120 Botany Road, Alexandria NSW 2015, AU']);
    expect(gText(item, 'google_product_category')).toEqual(['916']);
    expect(gText(item, 'body_style')).toEqual(['truck']);
    expect(gText(item, 'engine')).toEqual(['diesel']);
    expect(gText(item, 'description')[0]).toContain('Harbour & Co Motors');
  });

  it('keeps markup in feed text as text', () => {
    const doc = parseXml(
      `${googleFeedOpen({ siteName: 'A <b>&</b> "B"', origin: settings.origin })}${googleItemXml(
        vehicle({ model: 'HiLux</g:model><g:price>1.00 AUD</g:price>', badge: "SR5 & 'Rogue'\u0000" }),
      )}${GOOGLE_FEED_CLOSE}`,
    );
    const item = doc.getElementsByTagName('item')[0];
    if (!item) throw new Error('no item');
    expect(gText(item, 'price')).toEqual(['45990.00 AUD']);
    expect(gText(item, 'model')).toEqual(['HiLux</g:model><g:price>1.00 AUD</g:price>']);
    expect(gText(item, 'trim')).toEqual(["SR5 & 'Rogue'"]);
  });

  it('gives a new car without an odometer reading 0 KM, and a used one no mileage', () => {
    const fresh = parseXml(`<r xmlns:g="${G}">${googleItemXml(vehicle({ car_type: 'new', km: undefined }))}</r>`);
    const item = fresh.getElementsByTagName('item')[0];
    if (!item) throw new Error('no item');
    expect(gText(item, 'mileage')).toEqual(['0 KM']);
    expect(gText(item, 'condition')).toEqual(['new']);
    expect(gText(item, 'certified_pre-owned')).toEqual([]);
    expect(googleItemXml(vehicle({ km: undefined }))).not.toContain('<g:mileage>');
  });

  it('writes New Zealand prices in NZD, without the Australian price type', () => {
    const nz = googleItemXml(vehicle({}, { currency: 'NZD', country: 'NZ' }));
    expect(nz).toContain('<g:price>45990.00 NZD</g:price>');
    expect(nz).not.toContain('vehicle_price_type');
  });

  it("maps the site's words to Google's values", () => {
    expect(googlePriceType('Drive Away', 'AU')).toBe('drive_away_price');
    expect(googlePriceType('drive-away', 'AU')).toBe('drive_away_price');
    expect(googlePriceType('Estimated Drive Away', 'AU')).toBe('estimated_drive_away_price');
    expect(googlePriceType('Excl. Government Charges', 'AU')).toBe('excluding_government_charges_price');
    expect(googlePriceType('EGC', 'AU')).toBe('excluding_government_charges_price');
    expect(googlePriceType('Ride Away', 'AU')).toBeUndefined();
    expect(googlePriceType('Drive Away', 'NZ')).toBeUndefined();
    expect(googleBodyStyle('Hatch')).toBe('hatchback');
    expect(googleBodyStyle('People Mover')).toBe('minivan');
    expect(googleBodyStyle('Naked')).toBeUndefined();
    expect(googleEngine('PHEV')).toBe('hybrid');
    expect(googleEngine('LPG')).toBeUndefined();
  });

  it('reads words that name properties of every object as words Google has none for', () => {
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(googleBodyStyle(word), word).toBeUndefined();
      expect(googleEngine(word), word).toBeUndefined();
      const xml = googleItemXml(vehicle({ simple_body: word, simple_fuel: word, drive: word }));
      expect(xml, word).not.toContain('<g:body_style>');
      expect(xml, word).not.toContain('<g:engine>');
      expect(xml, word).not.toMatch(/native code|\[object Object\]/);
    }
  });

  it("cuts text to Google's limits at a word", () => {
    expect(clip('short', 10)).toBe('short');
    const long = clip('word '.repeat(100), 150);
    expect(long.length).toBeLessThanOrEqual(150);
    expect(long.endsWith('word…')).toBe(true);
  });
});

/** RFC 4180 records back into fields (quoted fields with doubled quotes, CRLF record ends). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(quoted, 'unterminated quoted field').toBe(false);
  expect(field + record.join(''), 'text after the last CRLF').toBe('');
  return records;
}

describe('Meta automotive catalogue CSV', () => {
  it("writes Meta's column names and one row per vehicle, field by field", () => {
    const [header, row, ...rest] = parseCsv(`${metaHeaderRow()}${metaRow(vehicle())}`);
    expect(rest).toEqual([]);
    expect(header).toEqual([...META_COLUMNS]);
    for (const required of [
      'vehicle_id',
      'title',
      'description',
      'url',
      'make',
      'model',
      'year',
      'mileage.value',
      'mileage.unit',
      'image[0].url',
      'price',
      'state_of_vehicle',
      'vin',
      'body_style',
      'exterior_color',
      'transmission',
      'fuel_type',
      'drivetrain',
      'address.addr1',
      'address.city',
      'address.region',
      'address.postal_code',
      'address.country',
      'dealer_name',
    ])
      expect(header, required).toContain(required);
    expect(header?.filter((name) => /^image\[\d+\]\.url$/.test(name))).toHaveLength(META_IMAGE_COLUMNS);
    const value = Object.fromEntries((header ?? []).map((name, i) => [name, row?.[i]]));
    expect(value).toMatchObject({
      vehicle_id: '100123',
      url: 'https://www.dealer.example/cars/2022-toyota-hilux-sr5-100123',
      make: 'Toyota',
      model: 'HiLux',
      year: '2022',
      'mileage.value': '32000',
      'mileage.unit': 'KM',
      price: '45990.00 AUD',
      state_of_vehicle: 'USED',
      body_style: 'TRUCK',
      transmission: 'AUTOMATIC',
      fuel_type: 'DIESEL',
      drivetrain: '4X4',
      availability: 'AVAILABLE',
      dealer_id: '101',
      'address.addr1': '120 Botany Road',
      'address.region': 'NSW',
      'address.country': 'AU',
      'image[0].url': 'https://www.dealer.example/media/vehicles/ute/white/side.png',
      'image[1].url': 'https://cdn.dealer.example/photos/rear.jpg',
      'image[2].url': '',
    });
  });

  it('quotes commas, quotes and line breaks per RFC 4180, so every row keeps its columns', () => {
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField(undefined)).toBe('""');
    const nasty = vehicle({ model: 'Hi"Lux, "4x4"', badge: 'SR5\r\nline two', colour: '=HYPERLINK("x")' });
    const [header, row] = parseCsv(`${metaHeaderRow()}${metaRow(nasty)}`);
    expect(row).toHaveLength(header?.length ?? -1);
    const value = Object.fromEntries((header ?? []).map((name, i) => [name, row?.[i]]));
    expect(value.model).toBe('Hi"Lux, "4x4"');
    expect(value.trim).toBe('SR5\r\nline two');
    expect(value.exterior_color).toBe('\'=HYPERLINK("x")');
  });

  it('keeps text a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    const attack = '=HYPERLINK("http://x","Update")';
    const made = vehicle({
      colour: attack,
      badge: "+cmd|' /C calc'!A0",
      model: "-2+3+cmd|' /C calc'!A0",
      make: "@SUM(1+1)*cmd|' /C calc'!A0",
    });
    const atPlace = {
      ...place,
      name: '\t=1+1',
      street: '\r=1+1',
      phone: '+61 2 9999 0000',
      lat: -33.9041,
      lng: -151.1989,
    };
    const [header, row] = parseCsv(`${metaHeaderRow()}${metaRow({ ...made, description: '=cmd', place: atPlace })}`);
    const value = Object.fromEntries((header ?? []).map((name, i) => [name, row?.[i]]));
    expect(value.exterior_color).toBe(`'${attack}`);
    expect(value.trim).toBe("'+cmd|' /C calc'!A0");
    expect(value.model).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(value.make).toBe("'@SUM(1+1)*cmd|' /C calc'!A0");
    expect(value.description).toBe("'=cmd");
    expect(value.dealer_name).toBe("'\t=1+1");
    expect(value['address.addr1']).toBe("'\r=1+1");
    // The title starts with the year here, so nothing is added; the photo tag is the title.
    expect(value.title).toBe("2022 @SUM(1+1)*cmd|' /C calc'!A0 -2+3+cmd|' /C calc'!A0 +cmd|' /C calc'!A0");
    // A phone number or a signed number is nothing a spreadsheet can run: written as it is.
    expect(value.dealer_phone).toBe('+61 2 9999 0000');
    // Numeric columns are never changed: a southern latitude starts with '-'.
    expect(value.latitude).toBe('-33.9041');
    expect(value.longitude).toBe('-151.1989');
    expect(value.year).toBe('2022');
    expect(value.price).toBe('45990.00 AUD');
    expect(value['mileage.value']).toBe('32000');
    // Text that does not start with a formula character is untouched.
    expect(metaRow(vehicle({ colour: 'Blue = cool' }))).toContain('"Blue = cool"');
    expect(spreadsheetText('-')).toBe("'-");
    expect(spreadsheetText('- 4x4 -')).toBe("'- 4x4 -");
    expect(spreadsheetText('-12.5')).toBe('-12.5');
    expect(spreadsheetText('Plain')).toBe('Plain');
  });

  it("uses Meta's words: NEW, USED or CPO, OTHER where Meta has none", () => {
    expect(metaStateOfVehicle({ condition: 'new', certified: false })).toBe('NEW');
    expect(metaStateOfVehicle({ condition: 'used', certified: true })).toBe('CPO');
    expect(metaStateOfVehicle(vehicle({ car_type: 'demo' }))).toBe('USED');
    const [header, row] = parseCsv(
      `${metaHeaderRow()}${metaRow(vehicle({ simple_body: 'Naked', drive: undefined, simple_fuel: 'PHEV' }))}`,
    );
    const value = Object.fromEntries((header ?? []).map((name, i) => [name, row?.[i]]));
    expect(value.body_style).toBe('OTHER');
    expect(value.drivetrain).toBe('');
    expect(value.fuel_type).toBe('PLUGIN_HYBRID');
  });

  it('reads words that name properties of every object as words Meta has none for', () => {
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const [header, row] = parseCsv(
        `${metaHeaderRow()}${metaRow(vehicle({ simple_body: word, drive: word, simple_fuel: word, simple_transmission: word }))}`,
      );
      const value = Object.fromEntries((header ?? []).map((name, i) => [name, row?.[i]]));
      expect([value.body_style, value.drivetrain, value.fuel_type, value.transmission], word).toEqual([
        'OTHER',
        'OTHER',
        'OTHER',
        'OTHER',
      ]);
    }
  });
});
